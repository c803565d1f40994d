package containerbench.kubernetes;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * One run on a cluster, the one set of values the manifests are rendered from.
 *
 * @param runId names every object of the run and labels it, so that a run never meets another's objects
 * @param namespace where the run's objects go
 * @param targets the targets measured, the baseline first, each in a pod of its own
 * @param injectors how many injector pods share the load
 * @param image the project's image (target and injectors alike)
 * @param properties the run's properties for every injector ({@code tiers}, {@code warmupSeconds}...), without
 *     those the command sets itself (containers, target.url, target.resources, injectors, injector.index, start.at,
 *     benchmarks.dir)
 * @param target each target pod's CPU and memory (requests equal to limits)
 * @param injector each injector pod's
 * @param deadline how long the pods may live: the run's load with a margin for scheduling and pulling the image
 * @param startLead how far ahead of the moment all are ready the load starts: time for every pod to see the instant
 */
public record ClusterRun(String runId, String namespace, List<Target> targets, int injectors, String image,
        Map<String, String> properties, Resources target, Resources injector, Duration deadline, Duration startLead) {

    /**
     * One target: a container of the image and its knobs, as its launcher takes them.
     *
     * @param knobs {@code --threads 512}
     */
    public record Target(String container, List<String> knobs) {
    }

    /** A pod's CPU and memory in Kubernetes' quantities ({@code "2"}, {@code "3Gi"}). */
    public record Resources(String cpu, String memory) {
    }

    static final String NAME_LABEL = "app.kubernetes.io/name";
    static final String COMPONENT_LABEL = "app.kubernetes.io/component";
    static final String RUN_LABEL = "container-bench/run";
    static final String TARGET = "target";
    static final String INJECTOR = "injector";
    static final int PORT = 8080;
    /** Where the target serves its own CPU and memory (its cgroup's): deploy/kubernetes/target.yaml's resources port. */
    static final int RESOURCES_PORT = 9090;
    /** The run's properties that the run sets itself, never the user. */
    static final List<String> SET_HERE = List.of("container", "containers", "target.url", "target.resources", "injectors",
            "injector.index", "start.at", "benchmarks.dir");
    /** The label that tells a run's targets apart: each one's place, the baseline's 0. */
    static final String TARGET_LABEL = "container-bench/target";
    /** Where each injector waits for the start instant: the start ConfigMap's key, mounted. */
    static final String START_FILE = "file:/start/START_AT";
    /** Where each injector writes its results, before printing them into its log. */
    static final String RESULTS = "/results";

    /** The name of the run's object of {@code component}. */
    String name(String component) {
        return "container-bench-" + runId + "-" + component;
    }

    /** The name of target {@code index}'s pod and Service: one target keeps the base's name, several are numbered. */
    String targetName(int index) {
        return targets.size() == 1 ? name(TARGET) : name(TARGET) + "-" + index;
    }

    /** The URLs the injectors load, one per target in order: each target's Service. */
    private String targetUrls(int port) {
        return String.join(",", IntStream.range(0, targets.size()).mapToObj(i -> "http://" + targetName(i) + ":" + port).toList());
    }

    /**
     * What injector {@code index}'s JVM is given (in the pod, {@code $(JOB_COMPLETION_INDEX)}): the
     * run's properties and those the run sets itself; one injector alone gets no share to wait for.
     */
    Map<String, String> injectorProperties(String index) {
        Map<String, String> given = new LinkedHashMap<>();
        String containers = String.join(",", targets.stream().map(Target::container).toList());
        given.put(targets.size() == 1 ? "container" : "containers", containers);
        given.put("target.url", targetUrls(PORT));
        given.put("target.resources", targetUrls(RESOURCES_PORT));
        if (injectors > 1) {
            given.put("injectors", Integer.toString(injectors));
            given.put("injector.index", index);
            given.put("start.at", START_FILE);
        }
        given.put("benchmarks.dir", RESULTS);
        given.putAll(properties);
        return given;
    }

    /** The labels that pick the run's pods of {@code component}. */
    Map<String, String> selector(String component) {
        return Map.of(NAME_LABEL, "container-bench", COMPONENT_LABEL, component, RUN_LABEL, runId);
    }

    /** The labels that pick target {@code index}'s pod alone. */
    Map<String, String> targetSelector(int index) {
        Map<String, String> labels = new LinkedHashMap<>(selector(TARGET));
        labels.put(TARGET_LABEL, Integer.toString(index));
        return labels;
    }
}
