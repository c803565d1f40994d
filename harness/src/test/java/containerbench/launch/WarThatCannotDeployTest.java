package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.RunSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A user's WAR that no container can deploy stops the start with the container's reason and leaves
 * nothing running, on every container that deploys WARs. A class of its own beside UserWarTest, so
 * that the two test JVMs share these starts.
 */
class WarThatCannotDeployTest {

    static List<String> warContainers() {
        return UserWarTest.warContainers();
    }

    @ParameterizedTest
    @MethodSource("warContainers")
    void aWarThatCannotDeployStopsTheStartWithTheContainersReason(String container) throws Exception {
        Path war = brokenWar();
        RunSettings run = RunningTargets.run(container, Map.of("target.jvmArgs", RunningTargets.JVM, "app.war", war.toString()));
        Path log = RunningTargets.folder("broken-war").resolve(container + ".log");
        var error = assertThrows(IllegalStateException.class, () -> TargetProcess.start(
                TargetModule.of(RunningTargets.CATALOG, container), run.target(), run.app(), List.of(), log, Duration.ofSeconds(120)));
        assertTrue(error.getMessage().contains("exited with status 1 before it was ready"), error.getMessage());
        assertTrue(error.getMessage().matches("(?s).*(XML document structures|PARSE|Occurred at line \\[3]|ParseError at).*"), error.getMessage());
        if (container.equals("tomcat-server")) {
            // Tomcat's launcher reads the server's log for the deployment's fate and quotes the line.
            assertTrue(error.getMessage().contains("the application failed to deploy")
                    && error.getMessage().contains("Parse error in application web.xml"), error.getMessage());
        }
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("").contains(war.getParent().toString())),
                "nothing that deployed the WAR is left running");
    }

    /** A WAR whose web.xml ends in the middle of an element: no container can parse it. */
    private static Path brokenWar() throws IOException {
        Path war = RunningTargets.folder("broken").resolve("broken.war");
        try (OutputStream file = Files.newOutputStream(war); ZipOutputStream zip = new ZipOutputStream(file)) {
            zip.putNextEntry(new ZipEntry("WEB-INF/web.xml"));
            zip.write(("<?xml version=\"1.0\"?>\n<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.0\">"
                    + "<servlet><servlet-name>x</servlet-name>\n").getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return war;
    }
}
