package containerbench.kubernetes;

import containerbench.cli.Arguments;
import containerbench.cli.UsageException;
import containerbench.report.Publication;
import containerbench.results.ResultsStore;
import containerbench.results.RunMerge;
import containerbench.results.StoredRun;
import containerbench.settings.Given;
import containerbench.settings.ProjectRoot;
import containerbench.settings.Property;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import containerbench.settings.TargetSpec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * {@code ./bench kubernetes run}: one run on a Kubernetes cluster, from rendering its objects to
 * the merged results and the comparison page on this machine. Exit status 0: done; 1: the run
 * failed (its objects are deleted all the same); 2: the command line or a setting is wrong, and
 * nothing was applied.
 */
public final class KubernetesCommand {

    private static final List<String> OPTIONS = List.of("container", "containers", "injectors", "image", "namespace", "target-cpu",
            "target-memory", "injector-cpu", "injector-memory", "ready-timeout", "start-lead", "out", "dry-run");
    private static final Duration MARGIN = Duration.ofMinutes(10);
    /**
     * Each target's warm-up with several targets over several injectors, unless given: the middle of
     * what an auto warm-up took here (30-120 s), fixed because pods on nodes of their own keep one schedule.
     */
    static final int CLUSTER_WARMUP_SECONDS = 60;
    /** The longest name Kubernetes gives a Service, and a Job's pods as a label. */
    private static final int NAME_LENGTH = 63;
    /** The containers whose launchers the image holds (image/pom.xml): the servers' distributions are not in it. */
    static final List<String> IN_IMAGE = List.of("tomcat", "undertow", "jetty");

    private KubernetesCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(List.of(args), System.out, System.err, KubernetesCommand::connect));
    }

    private static KubernetesClient connect(ClusterRun run) {
        return new KubernetesClientBuilder().build();
    }

    /** @param cluster the client for a run (not asked for a dry run) */
    static int run(List<String> args, PrintStream out, PrintStream err, Function<ClusterRun, KubernetesClient> cluster) {
        try {
            Arguments arguments = Arguments.parse(args, Set.of("dry-run"));
            if (arguments.help() || arguments.words().isEmpty() || !arguments.words().equals(List.of("run"))) {
                help().forEach(arguments.help() ? out::println : err::println);
                return arguments.help() ? 0 : 2;
            }
            Path root = ProjectRoot.find();
            TargetCatalog catalog = TargetCatalog.read(root);
            ClusterRun run = values(arguments, catalog, root, Instant.now());
            List<HasMetadata> objects = Manifests.render(root.resolve("deploy/kubernetes"), run);
            if (arguments.options().containsKey("dry-run")) {
                out.print(Manifests.yaml(objects));
                return 0;
            }
            Path dir = Path.of(arguments.options().getOrDefault("out", root.resolve("target/benchmarks/kubernetes-" + run.runId()).toString()));
            Duration readyTimeout = seconds(arguments, "ready-timeout", 600);
            try (KubernetesClient client = cluster.apply(run)) {
                ClusterFlow flow = new ClusterFlow(client, run, out, readyTimeout, Duration.ofSeconds(2));
                // Ctrl-C while the run is on the cluster: its objects are deleted all the same.
                Thread stop = new Thread(flow::delete, "delete-run");
                Runtime.getRuntime().addShutdownHook(stop);
                List<Path> files;
                try {
                    files = flow.run(objects, dir);
                } finally {
                    try {
                        Runtime.getRuntime().removeShutdownHook(stop);
                    } catch (IllegalStateException shuttingDown) {
                        // the hook is running or has run: it deletes the run
                    }
                }
                publish(files, dir, out);
            }
            return 0;
        } catch (UsageException | SettingException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted");
            return 1;
        } catch (IOException | RuntimeException e) {
            err.println("error: kubernetes run failed: " + causes(e));
            return 1;
        }
    }

    /** The exception's message and those of its causes: the client's own says which call, its cause why (a refused connection). */
    static String causes(Throwable e) {
        List<String> messages = new ArrayList<>();
        for (Throwable t = e; t != null && messages.size() < 5; t = t.getCause()) {
            String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (messages.stream().noneMatch(known -> known.contains(message))) {
                messages.add(message);
            }
        }
        return String.join(": ", messages);
    }

    /** One injector's run as it is, or several merged exactly; then the comparison page. */
    private static void publish(List<Path> files, Path dir, PrintStream out) throws IOException {
        List<StoredRun> runs = new ArrayList<>();
        for (Path file : files) {
            runs.add(ResultsStore.read(file));
        }
        StoredRun stored = runs.size() == 1 ? runs.get(0)
                : RunMerge.write(new ResultsStore(dir), runs, RunMerge.DEFAULT_TOLERANCE_MILLIS);
        Publication.publish(stored, out);
    }

    /** The run's values from the command line, every injector's properties checked by the run's own settings. */
    static ClusterRun values(Arguments arguments, TargetCatalog catalog, Path root, Instant now) {
        Map<String, String> options = new LinkedHashMap<>(arguments.options());
        if (options.containsKey("container") && options.containsKey("containers")) {
            throw new UsageException("both --container and --containers are given: keep one (--containers "
                    + options.get("container") + "," + options.get("containers") + " measures them all in one run)");
        }
        String chosen = options.getOrDefault("containers", options.get("container"));
        List<TargetSpec> specs = chosen == null ? List.of() : TargetSpec.parseAll(chosen, "--containers");
        if (specs.isEmpty()) {
            throw new UsageException("kubernetes run needs --container NAME or --containers NAME,NAME..., each one of "
                    + String.join(", ", IN_IMAGE));
        }
        for (TargetSpec spec : specs) {
            if (!catalog.names().contains(spec.container())) {
                throw new UsageException("kubernetes run needs " + (options.containsKey("containers") ? "--containers NAME,NAME..., each"
                        : "--container NAME,") + " one of " + String.join(", ", catalog.names()) + ", not '" + spec.container() + "'");
            }
            if (!IN_IMAGE.contains(spec.container())) {
                throw new UsageException("the image holds the embedded containers only (" + String.join(", ", IN_IMAGE) + "), not "
                        + spec.container() + ": a server's distribution is not in it");
            }
            if (spec.settings().containsKey(TargetSpec.JVM_ARGS)) {
                throw new UsageException(spec + " sets JVM options, and a target pod's are deploy/kubernetes/target.yaml's"
                        + " (its heap a share of the pod's memory): set them there, alike for every target");
            }
        }
        int injectors = whole(options, "injectors", 2, 1, 64);
        for (String name : options.keySet()) {
            if (ClusterRun.SET_HERE.contains(name) && !OPTIONS.contains(name)) {
                throw new UsageException("--" + name + " is set by kubernetes run itself, for every injector");
            }
        }
        Set<String> knobNames = catalog.allKnobNames();
        List<String> accepted = new ArrayList<>(OPTIONS);
        accepted.addAll(knobNames);
        RunProperties.ALL.stream().map(Property::name).filter(name -> !ClusterRun.SET_HERE.contains(name)).forEach(accepted::add);
        arguments.only(accepted, "kubernetes run");
        Map<String, String> targetOptions = new LinkedHashMap<>();
        targetOptions.put("containers", chosen);
        Map<String, String> properties = new LinkedHashMap<>();
        options.forEach((name, value) -> {
            if (knobNames.contains(name)) {
                targetOptions.put(name, value);
            } else if (!OPTIONS.contains(name)) {
                properties.put(name, value);
            }
        });
        if (specs.size() > 1 && injectors > 1) {
            // An auto warm-up needs injectors that hear when injector 0 has settled; pods on nodes of their own do not.
            properties.putIfAbsent("warmupSeconds", Integer.toString(CLUSTER_WARMUP_SECONDS));
        }
        // Every knob checked as a run on one machine checks it (its container's rule, a common name on every container):
        // refused here, not by a target pod.
        List<ClusterRun.Target> targets = new ArrayList<>();
        for (TargetSettings target : TargetSettings.from(new Given(targetOptions, Given.COMMAND_LINE), catalog)) {
            if (target.tls()) {
                throw new UsageException("kubernetes run serves cleartext HTTP/1.1 only so far; " + target.label() + " asks for "
                        + target.http() + " (--http): run it on one machine (mvn gatling:test -Dhttp=" + target.http() + ")");
            }
            List<String> knobs = new ArrayList<>();
            new TreeMap<>(target.knobs()).forEach((name, value) -> knobs.addAll(List.of("--" + name, value)));
            targets.add(new ClusterRun.Target(target.container(), knobs));
        }
        String runId = ResultsStore.stamped(String.join("-", targets.stream().map(ClusterRun.Target::container).toList()), now);
        ClusterRun draft = new ClusterRun(runId, options.getOrDefault("namespace", "default"), targets, injectors,
                options.containsKey("image") ? options.get("image") : defaultImage(root), properties,
                new ClusterRun.Resources(options.getOrDefault("target-cpu", "2"), options.getOrDefault("target-memory", "3Gi")),
                new ClusterRun.Resources(options.getOrDefault("injector-cpu", "2"), options.getOrDefault("injector-memory", "3Gi")),
                Duration.ZERO, seconds(arguments, "start-lead", 90));
        String longest = draft.targetName(targets.size() - 1).length() > draft.name(ClusterRun.INJECTOR).length()
                ? draft.targetName(targets.size() - 1) : draft.name(ClusterRun.INJECTOR);
        if (longest.length() > NAME_LENGTH) {
            throw new UsageException("the run's objects would be named " + longest + ", longer than Kubernetes' " + NAME_LENGTH
                    + " characters: compare fewer containers in one run");
        }
        int loadSeconds = 0;
        for (int index = 0; index < injectors; index++) {
            // Spelled as this command's options: what a user gave is named as they wrote it.
            RunSettings settings = RunSettings.from(new Given(draft.injectorProperties(Integer.toString(index)), Given.COMMAND_LINE),
                    catalog, 2);
            loadSeconds = settings.loadSeconds();
        }
        Duration deadline = seconds(arguments, "ready-timeout", 600).multipliedBy(2).plus(draft.startLead())
                .plusSeconds(loadSeconds).plus(MARGIN);
        return new ClusterRun(runId, draft.namespace(), targets, injectors, draft.image(), properties, draft.target(),
                draft.injector(), deadline, draft.startLead());
    }

    /** The image this checkout builds ({@code mvn -Pimage package}), tagged with its commit. */
    private static String defaultImage(Path root) {
        return "container-bench:" + ImageTag.of(root);
    }

    private static int whole(Map<String, String> options, String name, int otherwise, int min, int max) {
        String value = options.get(name);
        try {
            int n = value == null ? otherwise : Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException("--" + name + " takes a whole number from " + min + " to " + max + ", not '" + value + "'");
    }

    private static Duration seconds(Arguments arguments, String name, int otherwise) {
        return Duration.ofSeconds(whole(arguments.options(), name, otherwise, 1, 86_400));
    }

    static List<String> help() {
        return List.of("usage: ./bench kubernetes run (--container NAME | --containers NAME,NAME...) [--injectors N] [--image IMAGE]"
                        + " [--dry-run] [--OPTION VALUE]...",
                "",
                "One run on the Kubernetes cluster of your kubeconfig: renders deploy/kubernetes with this run's values,",
                "applies it, waits for the targets and for every injector to be ready, starts them together, reads each",
                "injector's results from its log, merges them and writes the comparison page here, and deletes what it",
                "created (also when the run fails, or on Ctrl-C). --dry-run prints the objects as one YAML stream instead.",
                "Exit status 0 when done, 1 when the run fails, 2 for a bad option (nothing applied).",
                "",
                "options:",
                "  --container NAME         the container measured (tomcat, undertow, jetty)",
                "  --containers A,B...      several, each in a pod on a node of its own, interleaved in one launch of each and",
                "                           compared with the first (A[knob=value] for a target's own knobs); over several",
                "                           injectors each target warms up " + CLUSTER_WARMUP_SECONDS + " s unless --warmupSeconds says",
                "  --injectors N            injector pods sharing the load; default 2",
                "  --image IMAGE            the project's image (mvn -Pimage package); default container-bench:<this checkout's commit>",
                "  --namespace NS           default 'default'",
                "  --target-cpu, --target-memory, --injector-cpu, --injector-memory",
                "                           each pod's requests and limits (equal: Guaranteed QoS); default 2 and 3Gi",
                "  --ready-timeout S        how long the targets, then the injectors, may take to be ready; default 600",
                "  --start-lead S           how far ahead the start instant is set, for every pod to see it; default 90",
                "  --out DIR                where the results go; default target/benchmarks/kubernetes-<run>",
                "  --dry-run                print the objects, apply nothing",
                "  --KNOB VALUE             a knob of every target that has it (./bench run --help lists them)",
                "  --PROPERTY VALUE         a run property for the injectors (tiers, warmupSeconds...; docs/properties.md)",
                "",
                "examples:",
                "  ./bench kubernetes run --container tomcat --injectors 3 --tiers 100,500,1000 --dry-run",
                "  ./bench kubernetes run --containers tomcat,undertow --injectors 2 --dry-run");
    }
}
