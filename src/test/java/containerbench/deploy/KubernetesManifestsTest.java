package containerbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import containerbench.settings.Given;
import containerbench.settings.ProjectRoot;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * deploy/kubernetes/ as a cluster would read it, without a cluster: each object has what its kind
 * needs, the pieces name each other rightly, and the injectors' properties are the local run's,
 * accepted by the same settings code for every index the Job hands out.
 */
class KubernetesManifestsTest {

    private static final Path ROOT = ProjectRoot.find();
    private static final Path DIR = ROOT.resolve("deploy/kubernetes");

    private static List<JsonNode> documents(String file) throws IOException {
        YAMLMapper mapper = new YAMLMapper();
        try (var parser = new YAMLFactory().createParser(DIR.resolve(file).toFile())) {
            List<JsonNode> docs = new ArrayList<>();
            mapper.readValues(parser, JsonNode.class).forEachRemaining(docs::add);
            return docs;
        }
    }

    private static JsonNode kind(List<JsonNode> docs, String kind) {
        return docs.stream().filter(doc -> doc.path("kind").asText().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind));
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    @Test
    void everyObjectHasWhatItsKindNeeds() throws IOException {
        for (String file : List.of("target.yaml", "injectors.yaml", "results-reader.yaml")) {
            for (JsonNode doc : documents(file)) {
                String where = file + " " + doc.path("kind").asText();
                assertTrue(doc.path("apiVersion").isTextual(), where + ": apiVersion");
                assertTrue(doc.path("metadata").path("name").isTextual(), where + ": metadata.name");
                JsonNode pod = switch (doc.path("kind").asText()) {
                    case "Deployment", "Job" -> doc.path("spec").path("template").path("spec");
                    case "Pod" -> doc.path("spec");
                    default -> null;
                };
                if (pod != null) {
                    for (JsonNode container : pod.path("containers")) {
                        assertTrue(container.path("name").isTextual() && container.path("image").isTextual(), where);
                    }
                }
            }
        }
    }

    @Test
    void theServiceSelectsTheTargetAndTheInjectorsLoadIt() throws IOException {
        List<JsonNode> target = documents("target.yaml");
        JsonNode deployment = kind(target, "Deployment");
        JsonNode service = kind(target, "Service");
        JsonNode labels = deployment.path("spec").path("template").path("metadata").path("labels");
        service.path("spec").path("selector").fields().forEachRemaining(e -> assertEquals(e.getValue(), labels.path(e.getKey())));
        assertEquals(deployment.path("spec").path("selector").path("matchLabels"), labels);
        JsonNode port = service.path("spec").path("ports").get(0);
        JsonNode container = deployment.path("spec").path("template").path("spec").path("containers").get(0);
        assertEquals(port.path("targetPort").asText(), container.path("ports").get(0).path("name").asText());
        List<String> command = texts(container.path("command"));
        assertEquals(container.path("ports").get(0).path("containerPort").asText(), command.get(command.indexOf("--port") + 1));
        assertTrue(container.path("readinessProbe").path("httpGet").path("path").asText().startsWith("/loginServlet?"));

        Map<String, String> properties = injectorProperties();
        assertEquals("http://" + service.path("metadata").path("name").asText() + ":" + port.path("port").asText(),
                properties.get(RunProperties.TARGET_URL.name()));
    }

    @Test
    void theJobIsIndexedWithOneInjectorPerIndexAndEveryOneGetsTheSameStart() throws IOException {
        JsonNode job = kind(documents("injectors.yaml"), "Job");
        JsonNode spec = job.path("spec");
        assertEquals("Indexed", spec.path("completionMode").asText());
        Map<String, String> properties = injectorProperties();
        int injectors = Integer.parseInt(properties.get(RunProperties.INJECTORS.name()));
        assertEquals(injectors, spec.path("completions").asInt(), "one completion per injector");
        assertEquals(injectors, spec.path("parallelism").asInt(), "all injectors at once");
        assertEquals("$(JOB_COMPLETION_INDEX)", properties.get(RunProperties.INJECTOR_INDEX.name()));
        assertEquals("$(START_AT)", properties.get(RunProperties.START_AT.name()));
        JsonNode container = spec.path("template").path("spec").path("containers").get(0);
        JsonNode startAt = StreamSupport.stream(container.path("env").spliterator(), false)
                .filter(env -> env.path("name").asText().equals("START_AT")).findFirst().orElseThrow();
        assertEquals("container-bench-schedule", startAt.path("valueFrom").path("configMapKeyRef").path("name").asText());
    }

    @Test
    void everyInjectorsPropertiesAreAcceptedByTheRunsOwnSettings() throws IOException {
        Map<String, String> given = injectorProperties();
        TargetCatalog catalog = TargetCatalog.read(ROOT);
        int injectors = Integer.parseInt(given.get(RunProperties.INJECTORS.name()));
        String start = Instant.now().plusSeconds(600).toString();
        for (int index = 0; index < injectors; index++) {
            Map<String, String> pod = new LinkedHashMap<>();
            for (var e : given.entrySet()) {
                pod.put(e.getKey(), e.getValue().replace("$(JOB_COMPLETION_INDEX)", Integer.toString(index))
                        .replace("$(START_AT)", start));
            }
            RunSettings settings = RunSettings.from(Given.maven(pod), catalog, 2);
            assertEquals(index, settings.injectors().index());
            assertEquals(injectors, settings.injectors().count());
            assertTrue(!settings.target().launched(), "the injectors load the Service, they launch nothing");
        }
    }

    @Test
    void theResultsGoToTheSharedVolumeThatTheReaderMounts() throws IOException {
        List<JsonNode> docs = documents("injectors.yaml");
        String claim = kind(docs, "PersistentVolumeClaim").path("metadata").path("name").asText();
        JsonNode pod = kind(docs, "Job").path("spec").path("template").path("spec");
        JsonNode volume = StreamSupport.stream(pod.path("volumes").spliterator(), false)
                .filter(v -> v.path("persistentVolumeClaim").path("claimName").asText().equals(claim)).findFirst().orElseThrow();
        String mountPath = StreamSupport.stream(pod.path("containers").get(0).path("volumeMounts").spliterator(), false)
                .filter(m -> m.path("name").asText().equals(volume.path("name").asText())).findFirst().orElseThrow()
                .path("mountPath").asText();
        assertTrue(injectorProperties().get(RunProperties.BENCHMARKS_DIR.name()).startsWith(mountPath + "/"),
                "each injector writes on the shared volume");
        JsonNode reader = kind(documents("results-reader.yaml"), "Pod");
        assertEquals(claim, reader.path("spec").path("volumes").get(0).path("persistentVolumeClaim").path("claimName").asText());
    }

    /** The -D properties of the injector container's command. */
    private static Map<String, String> injectorProperties() throws IOException {
        JsonNode container = kind(documents("injectors.yaml"), "Job").path("spec").path("template").path("spec")
                .path("containers").get(0);
        List<String> command = texts(container.path("command"));
        assertTrue(command.containsAll(List.of("mvn", "gatling:test")), "the same command as a local run: " + command);
        Map<String, String> properties = new LinkedHashMap<>();
        command.stream().filter(arg -> arg.startsWith("-D")).forEach(arg -> {
            String[] pair = arg.substring(2).split("=", 2);
            properties.put(pair[0], pair.length > 1 ? pair[1] : "");
        });
        return properties;
    }
}
