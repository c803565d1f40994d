package containerbench.kubernetes;

import containerbench.results.ResultsInLog;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A run on the cluster from start to end: applies the run's objects, waits for the targets, then for
 * every injector to be ready, releases them together (the start instant, a little ahead, into the
 * start ConfigMap they all watch), waits for them to finish, reads each one's results from its log,
 * and deletes every object of the run, whatever happened. A pod that fails, or never gets ready, ends
 * the run with its state and the end of its log.
 */
final class ClusterFlow {

    /** The key of the start ConfigMap that the injectors wait for. */
    static final String START_KEY = "START_AT";
    /** The annotation by which an Indexed Job gives each pod its index. */
    static final String INDEX_ANNOTATION = "batch.kubernetes.io/job-completion-index";
    private static final int LOG_TAIL_LINES = 30;

    private final KubernetesClient client;
    private final ClusterRun run;
    private final PrintStream out;
    private final Duration readyTimeout;
    private final Duration poll;

    /**
     * @param readyTimeout how long the target, then the injectors, may take to be ready (scheduling, pulling the image, starting)
     * @param poll how often the cluster is asked
     */
    ClusterFlow(KubernetesClient client, ClusterRun run, PrintStream out, Duration readyTimeout, Duration poll) {
        this.client = client;
        this.run = run;
        this.out = out;
        this.readyTimeout = readyTimeout;
        this.poll = poll;
    }

    /** Thrown when the run cannot go on: what the cluster showed, in words. */
    static final class ClusterRunException extends RuntimeException {
        ClusterRunException(String message) {
            super(message);
        }
    }

    /**
     * The whole run; every object of it is deleted at the end, also when it fails.
     *
     * @param dir where each injector's results and log, and the target's log, are written
     * @return the results files of every injector, in index order
     */
    List<Path> run(List<HasMetadata> objects, Path dir) throws IOException, InterruptedException {
        try {
            out.println("container-bench: cluster " + client.getMasterUrl() + ", Kubernetes " + client.getKubernetesVersion().getGitVersion());
        } catch (KubernetesClientException e) {
            throw new ClusterRunException("no cluster answers at " + client.getMasterUrl() + " (the kubeconfig's current context;"
                    + " KUBECONFIG names another file): " + KubernetesCommand.causes(e) + ". Nothing was applied.");
        }
        try {
            client.resourceList(objects).inNamespace(run.namespace()).create();
            out.println("container-bench: applied " + objects.stream().map(o -> o.getKind() + " " + o.getMetadata().getName())
                    .collect(Collectors.joining(", ")) + " in namespace " + run.namespace());
            awaitTargets();
            awaitInjectorsReady();
            Instant start = release();
            out.println("container-bench: every injector ready; the load starts at " + start);
            awaitInjectorsDone();
            return collect(dir);
        } finally {
            for (int t = 0; t < run.targets().size(); t++) {
                saveTargetLog(t, dir.resolve(run.targets().size() == 1 ? "target.log" : "target-" + t + ".log"));
            }
            delete();
        }
    }

    private void awaitTargets() throws InterruptedException {
        List<String> names = IntStream.range(0, run.targets().size()).mapToObj(run::targetName).toList();
        out.println("container-bench: waiting for the target pod(s) " + String.join(", ", names) + " to be ready");
        await(names.size() == 1 ? "the target" : "the targets", () -> {
            boolean allReady = true;
            for (int t = 0; t < names.size(); t++) {
                Pod pod = targetPod(t);
                if (pod != null && ended(pod)) {
                    throw new ClusterRunException("the target pod " + describe(pod) + " ended before the load; its log ends:\n"
                            + tail(pod));
                }
                allReady &= pod != null && ready(pod);
            }
            return allReady ? "" : null;
        }, () -> IntStream.range(0, names.size()).filter(t -> targetPod(t) == null || !ready(targetPod(t)))
                .mapToObj(t -> "the target pod " + (targetPod(t) == null ? names.get(t) + ": not created" : describe(targetPod(t))))
                .collect(Collectors.joining("; ")));
    }

    private void awaitInjectorsReady() throws InterruptedException {
        out.println("container-bench: waiting for " + run.injectors() + " injector pod(s) to be ready");
        await("the injectors", () -> {
            List<Pod> pods = injectorPods();
            for (Pod pod : pods) {
                if (ended(pod)) {
                    throw new ClusterRunException("injector " + index(pod) + " (" + describe(pod) + ") ended before the start;"
                            + " its log ends:\n" + tail(pod));
                }
            }
            return pods.size() == run.injectors() && pods.stream().allMatch(ClusterFlow::ready) ? "" : null;
        }, this::injectorsNotReady);
    }

    private String injectorsNotReady() {
        List<Pod> pods = injectorPods();
        List<String> states = new ArrayList<>();
        for (int i = 0; i < run.injectors(); i++) {
            String index = Integer.toString(i);
            Pod pod = pods.stream().filter(p -> index.equals(index(p))).findFirst().orElse(null);
            if (pod == null || !ready(pod)) {
                states.add("injector " + i + ": " + (pod == null ? "no pod" : describe(pod)));
            }
        }
        return String.join("; ", states);
    }

    /** Writes the start instant, {@code startLead} ahead, where every injector waits for it. */
    private Instant release() {
        Instant at = Instant.now().plus(run.startLead());
        client.configMaps().inNamespace(run.namespace()).withName(run.name("start"))
                .patch(PatchContext.of(io.fabric8.kubernetes.client.dsl.base.PatchType.JSON_MERGE),
                        "{\"data\":{\"" + START_KEY + "\":\"" + at + "\"}}");
        return at;
    }

    private void awaitInjectorsDone() throws InterruptedException {
        long deadline = System.nanoTime() + run.deadline().toNanos();
        while (true) {
            Job job = client.batch().v1().jobs().inNamespace(run.namespace()).withName(run.name(ClusterRun.INJECTOR)).get();
            JobStatus status = job == null ? null : job.getStatus();
            List<Pod> failed = injectorPods().stream().filter(p -> "Failed".equals(p.getStatus().getPhase())).toList();
            if (!failed.isEmpty() || status != null && status.getFailed() != null && status.getFailed() > 0) {
                throw new ClusterRunException(failed.isEmpty() ? "the injectors' Job failed: " + status.getConditions()
                        : failed.stream().map(p -> "injector " + index(p) + " failed (" + describe(p) + "); its log ends:\n" + tail(p))
                                .collect(Collectors.joining("\n")));
            }
            if (status != null && status.getSucceeded() != null && status.getSucceeded() >= run.injectors()) {
                return;
            }
            for (int t = 0; t < run.targets().size(); t++) {
                Pod target = targetPod(t);
                if (target == null || ended(target)) {
                    throw new ClusterRunException("the target pod " + run.targetName(t) + " ended during the run ("
                            + (target == null ? "deleted" : describe(target)) + ")");
                }
            }
            if (System.nanoTime() > deadline) {
                throw new ClusterRunException("the injectors did not finish within " + run.deadline().toMinutes() + " min");
            }
            Thread.sleep(poll.toMillis());
        }
    }

    /** Each injector's results from its log, written under {@code dir/injector-<index>/}. */
    private List<Path> collect(Path dir) throws IOException {
        List<Path> results = new ArrayList<>();
        List<Pod> pods = injectorPods().stream().filter(p -> "Succeeded".equals(p.getStatus().getPhase()))
                .sorted(Comparator.comparing(p -> Integer.parseInt(index(p)))).toList();
        for (Pod pod : pods) {
            Path folder = Files.createDirectories(dir.resolve("injector-" + index(pod)));
            String log = log(pod);
            Files.writeString(folder.resolve("injector.log"), log);
            Map<String, byte[]> files = ResultsInLog.read(log);
            if (files.isEmpty()) {
                throw new ClusterRunException("injector " + index(pod) + " printed no results; its log ends:\n" + tail(pod));
            }
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                results.add(Files.write(folder.resolve(file.getKey()), file.getValue()));
            }
        }
        if (pods.size() != run.injectors()) {
            throw new ClusterRunException(pods.size() + " of " + run.injectors() + " injector pods succeeded");
        }
        out.println("container-bench: the results of " + pods.size() + " injector(s) in " + dir);
        return results;
    }

    /** Deletes every object labelled with this run, the Job's pods with it. */
    void delete() {
        try {
            String ns = run.namespace();
            client.batch().v1().jobs().inNamespace(ns).withLabel(ClusterRun.RUN_LABEL, run.runId())
                    .withPropagationPolicy(io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND).delete();
            client.pods().inNamespace(ns).withLabel(ClusterRun.RUN_LABEL, run.runId()).delete();
            client.services().inNamespace(ns).withLabel(ClusterRun.RUN_LABEL, run.runId()).delete();
            client.configMaps().inNamespace(ns).withLabel(ClusterRun.RUN_LABEL, run.runId()).delete();
            out.println("container-bench: deleted the run's objects (label " + ClusterRun.RUN_LABEL + "=" + run.runId() + ")");
        } catch (RuntimeException e) {
            out.println("container-bench: WARNING the run's objects could not all be deleted (" + e.getMessage() + "): kubectl delete"
                    + " all,configmaps,jobs -n " + run.namespace() + " -l " + ClusterRun.RUN_LABEL + "=" + run.runId());
        }
    }

    /**
     * Asks {@code check} until it answers (not {@code null}) or the ready timeout passes.
     *
     * @param state what to say of the waited-for pods when the time is up
     */
    private void await(String what, Supplier<String> check, Supplier<String> state) throws InterruptedException {
        long deadline = System.nanoTime() + readyTimeout.toNanos();
        while (check.get() == null) {
            if (System.nanoTime() > deadline) {
                throw new ClusterRunException(what + " not ready after " + readyTimeout.toSeconds() + " s: " + state.get());
            }
            Thread.sleep(poll.toMillis());
        }
    }

    private Pod targetPod(int index) {
        return client.pods().inNamespace(run.namespace()).withName(run.targetName(index)).get();
    }

    private List<Pod> injectorPods() {
        return client.pods().inNamespace(run.namespace()).withLabels(run.selector(ClusterRun.INJECTOR)).list().getItems();
    }

    private static String index(Pod pod) {
        return Objects.requireNonNullElse(pod.getMetadata().getAnnotations(), Map.<String, String>of()).getOrDefault(INDEX_ANNOTATION, "?");
    }

    private static boolean ready(Pod pod) {
        return pod.getStatus() != null && pod.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    private static boolean ended(Pod pod) {
        return pod.getStatus() != null && ("Failed".equals(pod.getStatus().getPhase()) || "Succeeded".equals(pod.getStatus().getPhase()));
    }

    /** The pod's name and phase, and why a container waits or ended, or why it is not scheduled. */
    private static String describe(Pod pod) {
        StringBuilder text = new StringBuilder(pod.getMetadata().getName());
        if (pod.getStatus() == null) {
            return text.append(" (no status yet)").toString();
        }
        text.append(' ').append(pod.getStatus().getPhase());
        for (PodCondition condition : pod.getStatus().getConditions()) {
            if ("False".equals(condition.getStatus()) && condition.getReason() != null) {
                text.append(", ").append(condition.getType()).append(": ").append(condition.getReason())
                        .append(condition.getMessage() == null ? "" : " (" + condition.getMessage() + ")");
            }
        }
        for (ContainerStatus container : pod.getStatus().getContainerStatuses()) {
            var state = container.getState();
            if (state != null && state.getWaiting() != null) {
                text.append(", waiting: ").append(state.getWaiting().getReason());
            } else if (state != null && state.getTerminated() != null) {
                text.append(", exit status ").append(state.getTerminated().getExitCode());
            }
        }
        return text.toString();
    }

    private String log(Pod pod) {
        try {
            String log = client.pods().inNamespace(run.namespace()).withName(pod.getMetadata().getName()).getLog();
            return log == null ? "" : log;
        } catch (KubernetesClientException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private String tail(Pod pod) {
        List<String> lines = log(pod).lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    }

    /** A target's log beside the results, when there is one to read; never throws, so that the run's own error is the one told. */
    private void saveTargetLog(int index, Path file) {
        try {
            Pod pod = targetPod(index);
            if (pod != null) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, log(pod));
            }
        } catch (IOException | RuntimeException e) {
            out.println("container-bench: WARNING the target's log could not be saved: " + e.getMessage());
        }
    }
}
