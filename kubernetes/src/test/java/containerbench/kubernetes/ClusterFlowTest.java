package containerbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.results.ResultsInLog;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import containerbench.settings.ProjectRoot;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command's flow against a fake API server (fabric8's mock server, CRUD): apply, wait for the
 * target, wait for every injector, release them with one instant, wait for the Job, read each
 * results file from each pod's log, delete; and when an injector never starts or a pod fails, the
 * error says which and everything is deleted all the same. The test plays the cluster's part (the
 * Job controller's pods, the kubelet's statuses and logs), which is what only a real cluster shows.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterFlowTest {

    private static final String NS = "bench";
    private static final int INJECTORS = 3;

    KubernetesMockServer server;
    KubernetesClient client;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    private ClusterRun run() {
        return new ClusterRun("tomcat-20261203-100000", NS, List.of(new ClusterRun.Target("tomcat", List.of())), INJECTORS,
                "container-bench:test", Map.of("tiers", "10"),
                new ClusterRun.Resources("2", "3Gi"), new ClusterRun.Resources("2", "3Gi"), Duration.ofSeconds(20),
                Duration.ofSeconds(3));
    }

    private List<Path> flow(ClusterRun run, Duration readyTimeout) throws IOException, InterruptedException {
        List<HasMetadata> objects = Manifests.render(ProjectRoot.find().resolve("deploy/kubernetes"), run);
        ClusterFlow flow = new ClusterFlow(client, run, new PrintStream(said, true, StandardCharsets.UTF_8), readyTimeout,
                Duration.ofMillis(50));
        return flow.run(objects, dir);
    }

    @Test
    void releasesTheInjectorsTogetherCollectsEveryResultAndDeletesTheRun() throws Exception {
        ClusterRun run = run();
        CompletableFuture<Instant> cluster = CompletableFuture.supplyAsync(() -> playCluster(run, INJECTORS, -1));
        List<Path> files = flow(run, Duration.ofSeconds(20));
        Instant released = cluster.get(20, TimeUnit.SECONDS);

        assertEquals(INJECTORS, files.size());
        for (int i = 0; i < INJECTORS; i++) {
            assertEquals(dir.resolve("injector-" + i).resolve("tomcat-injector" + i + ".json"), files.get(i));
            assertArrayEquals(result(i), Files.readAllBytes(files.get(i)));
            assertTrue(Files.readString(dir.resolve("injector-" + i).resolve("injector.log")).contains("Gatling says hello"));
        }
        assertTrue(released.isAfter(Instant.now().minusSeconds(20)), "one instant for all, set once all were ready");
        assertTrue(said.toString(StandardCharsets.UTF_8).contains("the load starts at " + released), said.toString(StandardCharsets.UTF_8));
        assertNothingLeft(run);
    }

    /**
     * {@code ./bench kubernetes run --containers tomcat,undertow --injectors 2}, the whole command: two
     * target pods and two injectors, whose logs carry the results two real injectors wrote in one
     * interleaved run of these containers (InjectorsIT's, kept under two-targets/), merged into one run
     * with its verdict and its page.
     */
    @Test
    void twoTargetsRunToOneMergedVerdict() throws Exception {
        Path out = dir.resolve("out");
        CompletableFuture<ClusterRun> rendered = new CompletableFuture<>();
        CompletableFuture<Instant> cluster = rendered.thenApplyAsync(run -> playCluster(run, 2, -1));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = KubernetesCommand.run(List.of("run", "--containers", "tomcat,undertow", "--injectors", "2", "--namespace", NS,
                        "--image", "container-bench:test", "--tiers", "10", "--start-lead", "1", "--ready-timeout", "20",
                        "--out", out.toString()),
                new PrintStream(said, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), run -> {
                    rendered.complete(run);
                    // The command closes its client when done; the test's own plays the cluster meanwhile.
                    return server.createClient();
                });
        cluster.get(20, TimeUnit.SECONDS);
        String output = said.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8) + output);

        ClusterRun run = rendered.get();
        assertTrue(output.contains("waiting for the target pod(s) " + run.targetName(0) + ", " + run.targetName(1)), output);
        List<Path> merged = ResultsStore.runFiles(out).stream()
                .filter(file -> file.getFileName().toString().startsWith("tomcat-undertow-merged-")).toList();
        assertEquals(1, merged.size(), "one merged run: " + ResultsStore.runFiles(out));
        RunResult result = ResultsStore.read(merged.get(0)).run();
        assertEquals(2, result.injection().merged().runs().size());
        TierComparison.Comparison verdict = result.comparisons().get(0).comparison().get(0);
        assertEquals("tomcat", verdict.baseline());
        assertEquals("undertow", verdict.other());
        assertTrue(verdict.tps().ratio() > 0 && verdict.cpu().ratio() > 0, "TPS and CPU ratios from the joined blocks");
        assertTrue(output.contains("undertow against tomcat"), "the verdict said: " + output);
        assertTrue(Files.readString(out.resolve("index.html")).contains(result.runId()), "the page shows the merged run");
        assertTrue(Files.exists(out.resolve("target-0.log")) && Files.exists(out.resolve("target-1.log")), "each target's log kept");
        assertNothingLeft(run);
    }

    @Test
    void anInjectorThatNeverStartsEndsTheRunNamingItAndDeletesTheRest() {
        ClusterRun run = run();
        CompletableFuture.runAsync(() -> playCluster(run, INJECTORS - 1, -1));
        var error = assertThrows(ClusterFlow.ClusterRunException.class, () -> flow(run, Duration.ofSeconds(2)));
        assertTrue(error.getMessage().startsWith("the injectors not ready after 2 s: injector 2: no pod"), error.getMessage());
        assertNothingLeft(run);
    }

    @Test
    void aFailedInjectorEndsTheRunWithItsLog() {
        ClusterRun run = run();
        CompletableFuture.runAsync(() -> playCluster(run, INJECTORS, 1));
        var error = assertThrows(ClusterFlow.ClusterRunException.class, () -> flow(run, Duration.ofSeconds(20)));
        assertTrue(error.getMessage().startsWith("injector 1 failed"), error.getMessage());
        assertTrue(error.getMessage().contains("OutOfMemoryError"), "the end of its log: " + error.getMessage());
        assertNothingLeft(run);
    }

    @Test
    void noClusterIsSaidWithItsAddressAndNothingIsTried() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = KubernetesCommand.run(List.of("run", "--container", "tomcat", "--image", "container-bench:test"),
                new PrintStream(said, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                run -> new io.fabric8.kubernetes.client.KubernetesClientBuilder().withConfig(
                        new io.fabric8.kubernetes.client.ConfigBuilder().withMasterUrl("http://127.0.0.1:1")
                                .withRequestRetryBackoffLimit(0).build()).build());
        assertEquals(1, exit);
        String error = err.toString(StandardCharsets.UTF_8);
        assertTrue(error.startsWith("error: kubernetes run failed: no cluster answers at http://127.0.0.1:1/"), error);
        assertTrue(error.strip().endsWith("Nothing was applied."), error);
        assertEquals("", said.toString(StandardCharsets.UTF_8), "no deletion tried, no log asked for");
    }

    /**
     * What a cluster does with the run: the target gets ready; the Job's pods appear ({@code pods} of
     * them) and get ready; once the start instant is written they finish, each printing its results
     * (or, for {@code failing}, an error) into its log.
     *
     * @return the start instant the injectors saw
     */
    private Instant playCluster(ClusterRun run, int pods, int failing) {
        for (int t = 0; t < run.targets().size(); t++) {
            String target = run.targetName(t);
            awaitTrue(() -> client.pods().inNamespace(NS).withName(target).get() != null);
            ready(client.pods().inNamespace(NS).withName(target).get(), "Running");
            server.expect().get().withPath("/api/v1/namespaces/" + NS + "/pods/" + target + "/log?pretty=false")
                    .andReturn(200, "target " + t + " started\n").always();
        }
        awaitTrue(() -> client.batch().v1().jobs().inNamespace(NS).withName(run.name(ClusterRun.INJECTOR)).get() != null);
        for (int i = 0; i < pods; i++) {
            String name = run.name(ClusterRun.INJECTOR) + "-" + i + "-abcde";
            Pod pod = client.pods().inNamespace(NS).resource(new PodBuilder().withNewMetadata().withName(name)
                    .withLabels(run.selector(ClusterRun.INJECTOR)).addToLabels(ClusterRun.RUN_LABEL, run.runId())
                    .addToAnnotations(ClusterFlow.INDEX_ANNOTATION, Integer.toString(i)).endMetadata().build()).create();
            ready(pod, "Running");
            server.expect().get().withPath("/api/v1/namespaces/" + NS + "/pods/" + name + "/log?pretty=false")
                    .andReturn(200, i == failing ? "Gatling says hello\njava.lang.OutOfMemoryError: Java heap space\n" : log(run, i))
                    .always();
        }
        awaitTrue(() -> client.configMaps().inNamespace(NS).withName(run.name("start")).get().getData() != null
                && client.configMaps().inNamespace(NS).withName(run.name("start")).get().getData().containsKey(ClusterFlow.START_KEY));
        Instant start = Instant.parse(client.configMaps().inNamespace(NS).withName(run.name("start")).get().getData()
                .get(ClusterFlow.START_KEY));
        List<Pod> injectors = client.pods().inNamespace(NS).withLabels(run.selector(ClusterRun.INJECTOR)).list().getItems();
        for (Pod pod : injectors) {
            String index = pod.getMetadata().getAnnotations().get(ClusterFlow.INDEX_ANNOTATION);
            ready(pod, index.equals(Integer.toString(failing)) ? "Failed" : "Succeeded");
        }
        if (failing < 0) {
            Job job = client.batch().v1().jobs().inNamespace(NS).withName(run.name(ClusterRun.INJECTOR)).get();
            job.setStatus(new JobStatusBuilder().withSucceeded(pods).build());
            client.batch().v1().jobs().inNamespace(NS).resource(job).updateStatus();
        }
        return start;
    }

    private void ready(Pod pod, String phase) {
        Pod latest = client.pods().inNamespace(NS).withName(pod.getMetadata().getName()).get();
        latest.setStatus(new io.fabric8.kubernetes.api.model.PodStatusBuilder().withPhase(phase)
                .addNewCondition().withType("Ready").withStatus(phase.equals("Running") ? "True" : "False").endCondition().build());
        client.pods().inNamespace(NS).resource(latest).updateStatus();
    }

    private static byte[] result(int index) {
        return ("{\"schema\": 9, \"runId\": \"tomcat-injector" + index + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * What injector {@code index} prints: Gatling's lines, then its results file as {@link ResultsInLog}
     * prints it; with two targets, a real injector's results.
     */
    private String log(ClusterRun run, int index) {
        try {
            Path pod = Files.createDirectories(dir.resolve("pod-" + index));
            Path file;
            if (run.targets().size() == 1) {
                file = Files.write(pod.resolve("tomcat-injector" + index + ".json"), result(index));
            } else {
                String name = "tomcat-undertow-injector" + index + "-20261206-021508.json";
                try (var real = ClusterFlowTest.class.getResourceAsStream("two-targets/" + name)) {
                    file = Files.write(pod.resolve(name), real.readAllBytes());
                }
            }
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
            out.println("Gatling says hello");
            ResultsInLog.print(file, out);
            return log.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void assertNothingLeft(ClusterRun run) {
        assertEquals(List.of(), client.pods().inNamespace(NS).withLabel(ClusterRun.RUN_LABEL, run.runId()).list().getItems()
                .stream().map(p -> p.getMetadata().getName()).toList());
        assertTrue(client.batch().v1().jobs().inNamespace(NS).list().getItems().isEmpty(), "the Job is deleted");
        assertTrue(client.services().inNamespace(NS).list().getItems().isEmpty(), "the Service is deleted");
        assertTrue(client.configMaps().inNamespace(NS).withLabel(ClusterRun.RUN_LABEL, run.runId()).list().getItems().isEmpty());
    }

    private static void awaitTrue(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the flow never got there");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
