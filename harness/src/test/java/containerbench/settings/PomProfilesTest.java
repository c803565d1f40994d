package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The poms' container wiring, and the workflow's list, against the catalog (every module under
 * targets/ that provides a container): what a user's {@code -P<container>} does is read from the poms here, so that no
 * {@code mvn gatling:test} per container is needed to prove it. One container missing from one
 * list fails this test by name.
 */
class PomProfilesTest {

    private static final Path ROOT = ProjectRoot.find();
    private static final List<String> CONTAINERS = TargetCatalog.read(ROOT).names();

    @Test
    void everyContainerHasAProfileThatNamesItselfToTheGatlingJvm() throws Exception {
        Element pom = read(ROOT.resolve("pom.xml"));
        TreeSet<String> profiles = new TreeSet<>();
        for (Element profile : children(child(pom, "profiles"), "profile")) {
            Element properties = child(profile, "properties");
            String id = text(profile, "id");
            if (properties != null && child(properties, "container.profile." + id) != null) {
                assertEquals(id, text(properties, "container.profile." + id), "-P" + id + " names its own container");
                profiles.add(id);
            }
        }
        assertEquals(new TreeSet<>(CONTAINERS), profiles, "a container profile for every container in targets/, and no other");

        Element properties = child(pom, "properties");
        String jvmArgs = pom.getElementsByTagName("jvmArgs").item(0).getTextContent();
        String passed = jvmArgs.lines().map(String::strip).filter(l -> l.startsWith("-Dcontainer.profiles=")).findFirst()
                .orElseThrow(() -> new AssertionError("no -Dcontainer.profiles among the Gatling JVM's arguments: " + jvmArgs));
        for (String container : CONTAINERS) {
            assertTrue(child(properties, "container.profile." + container) != null,
                    "the root pom declares container.profile." + container + " empty, for when its profile is off");
            assertTrue(passed.contains("${container.profile." + container + "}"), "-Dcontainer.profiles passes "
                    + container + "'s profile to the Gatling JVM: " + passed);
        }
    }

    @Test
    void everyContainerIsAModuleBuiltBeforeTheSimulationAndTheHarnessTests() throws Exception {
        assertEquals(new TreeSet<>(CONTAINERS), new TreeSet<>(texts(child(read(ROOT.resolve("targets/pom.xml")), "modules"),
                "module").stream().filter(CONTAINERS::contains).toList()), "targets/pom.xml lists every container's module");
        for (Path pom : List.of(ROOT.resolve("pom.xml"), ROOT.resolve("harness/pom.xml"))) {
            List<String> dependencies = new ArrayList<>();
            for (Element dependency : children(child(read(pom), "dependencies"), "dependency")) {
                dependencies.add(text(dependency, "artifactId"));
            }
            for (String container : CONTAINERS) {
                assertTrue(dependencies.contains(container + "-target"), pom + " depends on " + container + "-target,"
                        + " so that the reactor builds it first");
            }
        }
    }

    @Test
    void everyStandaloneServerIsAServerParentModuleThatUnpacksItsDistributionUnderItsOwnProfile() throws Exception {
        TargetCatalog catalog = TargetCatalog.read(ROOT);
        for (String container : CONTAINERS) {
            Element pom = read(ROOT.resolve("targets").resolve(container).resolve("pom.xml"));
            boolean server = "server-parent".equals(text(child(pom, "parent"), "artifactId"));
            assertEquals(catalog.standaloneServers().contains(container), server, container + "'s launcher says it is a"
                    + " standalone server exactly when its pom's parent is targets/server-parent");
            if (!server) {
                continue;
            }
            Element properties = child(pom, "properties");
            for (String property : List.of("server.groupId", "server.artifactId", "server.version", "server.type", "server.home")) {
                assertTrue(text(properties, property) != null && !text(properties, property).isEmpty(),
                        container + "'s pom names its distribution's " + property);
            }
            Element profile = children(child(pom, "profiles"), "profile").stream().filter(p -> container.equals(text(p, "id")))
                    .findFirst().orElseThrow(() -> new AssertionError(container + "'s pom has no profile -P" + container));
            assertEquals("process-classes", text(child(profile, "properties"), "server.unpack.phase"), "-P" + container
                    + " moves the distribution's unpacking to process-classes, which `mvn gatling:test` reaches");
        }
    }

    @Test
    void theWorkflowRunsEveryLoginContainersProfile() throws Exception {
        String workflow = java.nio.file.Files.readString(ROOT.resolve(".github/workflows/benchmark.yml"));
        java.util.Set<String> profiles = new java.util.TreeSet<>();
        java.util.regex.Matcher run = java.util.regex.Pattern.compile("mvn -B -ntp gatling:test -P([\\w,-]+)\\s").matcher(workflow);
        while (run.find()) {
            profiles.addAll(List.of(run.group(1).split(",")));
        }
        // The jar target runs a user's jar, which a push has none of.
        for (String container : TargetCatalog.read(ROOT).loginContainers()) {
            assertTrue(profiles.contains(container), "the workflow's benchmark job runs -P" + container + ": it runs " + profiles);
        }
    }

    private static Element read(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                found.add(element);
            }
        }
        return found;
    }

    private static String text(Element parent, String name) {
        Element found = child(parent, name);
        return found == null ? null : found.getTextContent().strip();
    }

    private static List<String> texts(Element parent, String name) {
        return children(parent, name).stream().map(e -> e.getTextContent().strip()).toList();
    }
}
