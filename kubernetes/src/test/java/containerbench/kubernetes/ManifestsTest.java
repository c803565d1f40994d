package containerbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.Given;
import containerbench.settings.ProjectRoot;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ./bench kubernetes run --dry-run}, read as a cluster would: one YAML stream, every field
 * known to Kubernetes' schemas, the pieces naming each other, a placement that measures fairly, and
 * every injector's properties accepted by the run's own settings.
 */
class ManifestsTest {

    private static final Path ROOT = ProjectRoot.find();
    private static final String CONTAINER = "tomcat";
    private static final int INJECTORS = 3;
    private static List<HasMetadata> objects;
    private static String runId;

    @BeforeAll
    static void dryRun() {
        objects = DryRun.of("--container", CONTAINER, "--injectors", Integer.toString(INJECTORS), "--image",
                "registry.example/container-bench:abc", "--tiers", "100,500", "--maxThreads", "1024");
        runId = objects.get(0).getMetadata().getLabels().get(ClusterRun.RUN_LABEL);
    }

    private static <T> T only(Class<T> kind) {
        List<T> found = objects.stream().filter(kind::isInstance).map(kind::cast).toList();
        assertEquals(1, found.size(), kind.getSimpleName());
        return found.get(0);
    }

    private static List<PodSpec> podSpecs() {
        return List.of(only(Pod.class).getSpec(), only(Job.class).getSpec().getTemplate().getSpec());
    }

    @Test
    void aBadValueIsRefusedNamingItAndNothingIsRendered() {
        assertRefused("the image holds the embedded containers only (tomcat, undertow, jetty), not wildfly",
                "--container", "wildfly");
        assertRefused("unknown option --tierz for kubernetes run: did you mean --tiers? (./bench kubernetes run --help lists them)", "--container", "tomcat", "--tierz", "1");
        assertRefused("--injector.index is set by kubernetes run itself, for every injector", "--container", "tomcat",
                "--injector.index", "1");
        assertRefused("--injectors takes a whole number from 1 to 64, not '0'", "--container", "tomcat", "--injectors", "0");
        assertRefused("both --container and --containers are given: keep one (--containers tomcat,undertow,jetty measures them"
                + " all in one run)", "--container", "tomcat", "--containers", "undertow,jetty");
        assertRefused("undertow[jvmArgs=-Xmx1g] sets JVM options, and a target pod's are deploy/kubernetes/target.yaml's (its heap"
                + " a share of the pod's memory): set them there, alike for every target", "--containers", "tomcat,undertow[jvmArgs=-Xmx1g]");
        assertRefused("the image holds the embedded containers only (tomcat, undertow, jetty), not wildfly",
                "--containers", "tomcat,wildfly");
        assertRefused("injectors on machines of their own keep one schedule laid out from one instant: give --warmupSeconds a"
                + " number of seconds, not auto", "--containers", "tomcat,undertow", "--warmupSeconds", "auto");
        assertRefused("bad value --maxThreads=-5: tomcat's maxThreads accepts an integer >= 1", "--container", "tomcat",
                "--maxThreads", "-5");
        assertRefused("kubernetes run serves cleartext HTTP/1.1 only so far; tomcat[http=h2] asks for h2 (--http): run it on one"
                + " machine (mvn gatling:test -Dhttp=h2)", "--containers", "tomcat[http=h2],undertow");
    }

    private static void assertRefused(String message, String... options) {
        DryRun.Outcome outcome = DryRun.run(options);
        assertEquals(2, outcome.exit());
        assertTrue(outcome.err().startsWith("error: " + message), outcome.err());
        assertEquals("", outcome.out(), "nothing is rendered");
    }

    @Test
    void theStreamHasOnlyFieldsKubernetesKnows() {
        assertEquals(List.of("ConfigMap", "Pod", "Service", "Job"), objects.stream().map(HasMetadata::getKind).toList());
        assertEquals(List.of(), StrictSchema.unknownFields(objects));
    }

    @Test
    void theStrictCheckFindsAFieldTheSchemaDoesNotHave() throws IOException {
        String job = Files.readString(ROOT.resolve("deploy/kubernetes/injectors.yaml"));
        String misspelt = job.replace("      restartPolicy: Never", "      restartPolicy: Never\n      restartPolicyy: Never")
                .replace("completions: 3", "completions: 3\n  parallelizm: 3");
        assertEquals(List.of("Job/container-bench-injectors:.spec.parallelizm", "Job/container-bench-injectors:.spec.template.spec.restartPolicyy"),
                StrictSchema.unknownFields(StrictSchema.read(misspelt)));
    }

    @Test
    void everyObjectBelongsToTheRunAndTheBaseListsEveryFile() throws IOException {
        assertTrue(runId.startsWith(CONTAINER + "-"), runId);
        for (HasMetadata object : objects) {
            assertEquals(runId, object.getMetadata().getLabels().get(ClusterRun.RUN_LABEL), object.getKind());
            assertTrue(object.getMetadata().getName().contains(runId), object.getMetadata().getName());
            assertEquals("default", object.getMetadata().getNamespace());
        }
        try (Stream<Path> files = Files.list(ROOT.resolve("deploy/kubernetes"))) {
            List<Path> yaml = new ArrayList<>(files.filter(f -> !f.endsWith("kustomization.yaml")).sorted().toList());
            List<Path> listed = new ArrayList<>(Manifests.baseFiles(ROOT.resolve("deploy/kubernetes")));
            listed.sort(null);
            assertEquals(yaml, listed, "kustomization.yaml lists every manifest");
        }
    }

    @Test
    void theServiceSelectsTheTargetAndTheInjectorsLoadIt() {
        Pod target = only(Pod.class);
        Service service = only(Service.class);
        service.getSpec().getSelector().forEach((key, value) -> assertEquals(value, target.getMetadata().getLabels().get(key), key));
        assertTrue(service.getSpec().getSelector().containsKey(ClusterRun.RUN_LABEL), "another run's target is never selected");
        assertTrue(service.getSpec().getPublishNotReadyAddresses(), "a target slow to answer its probe stays loaded");
        Container container = target.getSpec().getContainers().get(0);
        assertEquals(container.getPorts().get(0).getName(), service.getSpec().getPorts().get(0).getTargetPort().getStrVal());
        List<String> command = container.getCommand();
        assertEquals("targets/tomcat/target/tomcat-target.jar", command.get(command.indexOf("-jar") + 1));
        assertTrue(Files.isDirectory(ROOT.resolve("targets/tomcat")));
        assertEquals(container.getPorts().get(0).getContainerPort().toString(), command.get(command.indexOf("--port") + 1));
        assertEquals("1024", command.get(command.indexOf("--maxThreads") + 1), "the knob reaches the target");
        assertEquals("http://" + service.getMetadata().getName() + ":" + service.getSpec().getPorts().get(0).getPort(),
                injectorProperties().get("target.url"));
        // Its own CPU and memory, on the Service's second port, which the injectors read.
        assertEquals(container.getPorts().get(1).getContainerPort().toString(), command.get(command.indexOf("--resources-port") + 1));
        assertEquals("cgroup", command.get(command.indexOf("--resources-scope") + 1), "what the pod's limit counts");
        assertEquals(container.getPorts().get(1).getName(), service.getSpec().getPorts().get(1).getTargetPort().getStrVal());
        assertEquals("http://" + service.getMetadata().getName() + ":" + service.getSpec().getPorts().get(1).getPort(),
                injectorProperties().get("target.resources"));
    }

    @Test
    void theInjectorsAreOneIndexedJobThatWaitsForTheStartInstant() {
        Job job = only(Job.class);
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(INJECTORS, job.getSpec().getCompletions());
        assertEquals(INJECTORS, job.getSpec().getParallelism());
        assertEquals(0, job.getSpec().getBackoffLimit());
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        ConfigMap start = only(ConfigMap.class);
        assertTrue(start.getData() == null || start.getData().isEmpty(), "no instant before every injector is ready");
        var volume = pod.getVolumes().stream().filter(v -> v.getConfigMap() != null).findFirst().orElseThrow();
        assertEquals(start.getMetadata().getName(), volume.getConfigMap().getName());
        String mount = pod.getContainers().get(0).getVolumeMounts().stream().filter(m -> m.getName().equals(volume.getName()))
                .findFirst().orElseThrow().getMountPath();
        assertEquals("file:" + mount + "/" + ClusterFlow.START_KEY, injectorProperties().get("start.at"));
        assertEquals("$(JOB_COMPLETION_INDEX)", injectorProperties().get("injector.index"));
        assertTrue(objects.stream().noneMatch(o -> o.getKind().equals("PersistentVolumeClaim")), "no shared volume");
    }

    @Test
    void everyPodIsGuaranteedKeptApartRestrictedAndEnds() {
        for (PodSpec spec : podSpecs()) {
            assertTrue(spec.getInitContainers().isEmpty(), "nothing built in the pod");
            for (Container container : spec.getContainers()) {
                var resources = container.getResources();
                assertEquals(resources.getRequests(), resources.getLimits(), container.getName() + ": Guaranteed QoS");
                assertNotNull(resources.getLimits().get("cpu"));
                assertNotNull(resources.getLimits().get("memory"));
                assertEquals("registry.example/container-bench:abc", container.getImage());
                var security = container.getSecurityContext();
                assertFalse(security.getAllowPrivilegeEscalation());
                assertEquals(List.of("ALL"), security.getCapabilities().getDrop());
            }
            assertTrue(spec.getSecurityContext().getRunAsNonRoot());
            assertEquals("RuntimeDefault", spec.getSecurityContext().getSeccompProfile().getType());
            var apart = spec.getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
            assertEquals("kubernetes.io/hostname", apart.get(0).getTopologyKey());
            assertEquals(runId, apart.get(0).getLabelSelector().getMatchLabels().get(ClusterRun.RUN_LABEL));
        }
        assertEquals(Map.of(ClusterRun.NAME_LABEL, "container-bench", ClusterRun.COMPONENT_LABEL, ClusterRun.INJECTOR,
                        ClusterRun.RUN_LABEL, runId),
                only(Pod.class).getSpec().getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()
                        .get(0).getLabelSelector().getMatchLabels(), "the target is never on an injector's node");
        Job job = only(Job.class);
        assertEquals(job.getSpec().getActiveDeadlineSeconds(), only(Pod.class).getSpec().getActiveDeadlineSeconds());
        assertTrue(job.getSpec().getActiveDeadlineSeconds() > 0);
        assertNotNull(job.getSpec().getTtlSecondsAfterFinished());
        assertEquals("Never", only(Pod.class).getSpec().getRestartPolicy(), "a target that restarted mid-run is not measured");
    }

    @Test
    void everyInjectorsPropertiesAreAcceptedByTheRunsOwnSettings() {
        TargetCatalog catalog = TargetCatalog.read(ROOT);
        for (int index = 0; index < INJECTORS; index++) {
            Map<String, String> pod = new LinkedHashMap<>();
            for (var e : injectorProperties().entrySet()) {
                pod.put(e.getKey(), e.getValue().replace("$(JOB_COMPLETION_INDEX)", Integer.toString(index)));
            }
            RunSettings settings = RunSettings.from(Given.maven(pod), catalog, 2);
            assertEquals(index, settings.injectors().index());
            assertEquals(INJECTORS, settings.injectors().count());
            assertEquals(Path.of("/start/START_AT"), settings.injectors().startFile());
            assertEquals(List.of(100, 500), settings.plan().tiers());
            assertFalse(settings.target().launched(), "the injectors load the Service, they launch nothing");
        }
    }

    private static Map<String, String> injectorProperties() {
        return DryRun.injectorProperties(only(Job.class));
    }
}
