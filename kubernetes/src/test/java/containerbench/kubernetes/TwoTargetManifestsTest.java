package containerbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.Given;
import containerbench.settings.ProjectRoot;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ./bench kubernetes run --containers tomcat[maxThreads=1024],undertow --injectors 2 --dry-run}:
 * a pod and a Service per target, each Service selecting its own target alone, each target on a node
 * of its own with the same resources, its own knobs only, and injectors whose properties the run's own
 * settings accept as one interleaved run of targets started elsewhere.
 */
class TwoTargetManifestsTest {

    private static List<HasMetadata> objects;
    private static String runId;

    @BeforeAll
    static void dryRun() {
        objects = DryRun.of("--containers", "tomcat[maxThreads=1024],undertow", "--injectors", "2", "--image",
                "registry.example/container-bench:abc", "--tiers", "100,500");
        runId = objects.get(0).getMetadata().getLabels().get(ClusterRun.RUN_LABEL);
    }

    private static <T> List<T> all(Class<T> kind) {
        return objects.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    @Test
    void eachTargetHasAPodAndAServiceOfItsOwnAndTheStreamPassesTheStrictCheck() {
        assertEquals(List.of("ConfigMap", "Pod", "Pod", "Service", "Service", "Job"), objects.stream().map(HasMetadata::getKind).toList());
        assertEquals(List.of(), StrictSchema.unknownFields(objects));
        assertTrue(runId.startsWith("tomcat-undertow-"), runId);
        assertEquals(List.of("container-bench-" + runId + "-target-0", "container-bench-" + runId + "-target-1"),
                all(Pod.class).stream().map(pod -> pod.getMetadata().getName()).toList());
        List<Pod> pods = all(Pod.class);
        List<Service> services = all(Service.class);
        for (int s = 0; s < services.size(); s++) {
            for (int p = 0; p < pods.size(); p++) {
                Map<String, String> labels = pods.get(p).getMetadata().getLabels();
                boolean selects = services.get(s).getSpec().getSelector().entrySet().stream()
                        .allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
                assertEquals(s == p, selects, "Service " + s + " selects pod " + p + ": " + (s == p));
            }
        }
    }

    @Test
    void eachTargetRunsItsContainerWithItsOwnKnobsTheSameResourcesAndANodeOfItsOwn() {
        List<Pod> pods = all(Pod.class);
        List<String> tomcat = pods.get(0).getSpec().getContainers().get(0).getCommand();
        List<String> undertow = pods.get(1).getSpec().getContainers().get(0).getCommand();
        assertEquals("targets/tomcat/target/tomcat-target.jar", tomcat.get(tomcat.indexOf("-jar") + 1));
        assertEquals("targets/undertow/target/undertow-target.jar", undertow.get(undertow.indexOf("-jar") + 1));
        assertEquals("1024", tomcat.get(tomcat.indexOf("--maxThreads") + 1));
        assertFalse(undertow.contains("--maxThreads"), "a bracket's knob reaches its own target only: " + undertow);
        assertEquals(pods.get(0).getSpec().getContainers().get(0).getResources(), pods.get(1).getSpec().getContainers().get(0).getResources());
        for (Pod pod : pods) {
            List<Map<String, String>> apart = pod.getSpec().getAffinity().getPodAntiAffinity()
                    .getRequiredDuringSchedulingIgnoredDuringExecution().stream().map(PodAffinityTerm::getLabelSelector)
                    .map(selector -> selector.getMatchLabels()).toList();
            assertTrue(apart.contains(Map.of(ClusterRun.NAME_LABEL, "container-bench", ClusterRun.COMPONENT_LABEL, ClusterRun.TARGET,
                    ClusterRun.RUN_LABEL, runId)), "never beside another target of the run: " + apart);
            assertTrue(apart.contains(Map.of(ClusterRun.NAME_LABEL, "container-bench", ClusterRun.COMPONENT_LABEL, ClusterRun.INJECTOR,
                    ClusterRun.RUN_LABEL, runId)), "never beside an injector: " + apart);
        }
    }

    @Test
    void everyInjectorLoadsBothServicesInOrderAsOneInterleavedRunTheSettingsAccept() {
        List<Service> services = all(Service.class);
        Map<String, String> properties = injectorProperties();
        assertEquals("tomcat,undertow", properties.get("containers"));
        assertEquals("http://" + services.get(0).getMetadata().getName() + ":8080,http://" + services.get(1).getMetadata().getName()
                + ":8080", properties.get("target.url"));
        assertEquals("http://" + services.get(0).getMetadata().getName() + ":9090,http://" + services.get(1).getMetadata().getName()
                + ":9090", properties.get("target.resources"));
        assertEquals(Integer.toString(KubernetesCommand.CLUSTER_WARMUP_SECONDS), properties.get("warmupSeconds"),
                "a fixed warm-up: pods on nodes of their own keep one schedule");
        TargetCatalog catalog = TargetCatalog.read(ProjectRoot.find());
        for (int index = 0; index < 2; index++) {
            Map<String, String> pod = new LinkedHashMap<>();
            for (var e : properties.entrySet()) {
                pod.put(e.getKey(), e.getValue().replace("$(JOB_COMPLETION_INDEX)", Integer.toString(index)));
            }
            RunSettings settings = RunSettings.from(Given.maven(pod), catalog, 2);
            assertEquals(index, settings.injectors().index());
            assertEquals(List.of("tomcat", "undertow"), settings.targets().stream().map(TargetSettings::label).toList());
            assertEquals(1, settings.interleaving().launches(), "targets started by the cluster run one launch");
            assertTrue(settings.targets().stream().allMatch(target -> target.resources() != null), "every target's CPU read");
        }
    }

    private static Map<String, String> injectorProperties() {
        return DryRun.injectorProperties(all(Job.class).get(0));
    }
}
