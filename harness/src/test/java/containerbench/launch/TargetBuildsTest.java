package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.TargetProtocol;
import containerbench.settings.Given;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a target runs where it is not what the project built. A container at another version,
 * resolved by Maven from the module's pom: the classpath's arithmetic by hand, a real embedded
 * Tomcat and a real Tomcat distribution at another version reporting it, and a version that does
 * not exist refused before anything starts. A WAR of its own: two targets, each deploying its WAR.
 */
class TargetBuildsTest {

    @Test
    void theResolvedJarsReplaceTheBuiltOnesOfTheSameArtifactAndTheRestStays() {
        Path repo = Path.of("/repo");
        String built = String.join(File.pathSeparator, "/project/targets/tomcat/target/classes", "/project/targets/launcher/target/classes",
                "/repo/org/apache/tomcat/embed/tomcat-embed-core/11.0.27/tomcat-embed-core-11.0.27.jar",
                "/repo/org/apache/tomcat/tomcat-annotations-api/11.0.27/tomcat-annotations-api-11.0.27.jar",
                "/repo/jakarta/servlet/jakarta.servlet-api/6.1.0/jakarta.servlet-api-6.1.0.jar");
        String resolved = String.join(File.pathSeparator,
                "/repo/org/apache/tomcat/embed/tomcat-embed-core/11.0.24/tomcat-embed-core-11.0.24.jar",
                "/repo/org/apache/tomcat/tomcat-annotations-api/11.0.24/tomcat-annotations-api-11.0.24.jar",
                "/repo/org/apache/tomcat/tomcat-jsp-api/11.0.24/tomcat-jsp-api-11.0.24.jar");
        assertEquals(String.join(File.pathSeparator, "/project/targets/tomcat/target/classes", "/project/targets/launcher/target/classes",
                "/repo/org/apache/tomcat/embed/tomcat-embed-core/11.0.24/tomcat-embed-core-11.0.24.jar",
                "/repo/org/apache/tomcat/tomcat-annotations-api/11.0.24/tomcat-annotations-api-11.0.24.jar",
                "/repo/jakarta/servlet/jakarta.servlet-api/6.1.0/jakarta.servlet-api-6.1.0.jar",
                "/repo/org/apache/tomcat/tomcat-jsp-api/11.0.24/tomcat-jsp-api-11.0.24.jar"),
                TargetVersions.merged(built, resolved, repo));
    }

    @Test
    void anEmbeddedTomcatAtAnotherVersionRunsItsJarsAndSaysSo() throws Exception {
        assertItRunsAt("tomcat", "11.0.24");
    }

    @Test
    void aTomcatDistributionAtAnotherVersionIsUnpackedAndRun() throws Exception {
        assertItRunsAt("tomcat-server", "11.0.18");
    }

    @Test
    void aVersionMavenCannotResolveIsRefusedNamingItBeforeAnyTargetStarts() {
        RunSettings run = run("undertow[version=2.3.999.Final]");
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        var error = assertThrows(SettingException.class, () -> TargetVersions.resolveAll(run.targets(), RunningTargets.CATALOG,
                new PrintStream(said, true)));
        assertTrue(error.getMessage().startsWith("undertow[version=2.3.999.Final]: Maven cannot resolve undertow at version"
                + " 2.3.999.Final"), error.getMessage());
        assertTrue(error.getMessage().contains("Could not resolve dependencies"), "Maven's own words follow: "
                + error.getMessage());
    }

    @Test
    void twoTargetsEachDeployTheirOwnWarAndBothPassTheRequestCheck() throws Exception {
        Path root = containerbench.settings.ProjectRoot.find();
        Path folder = RunningTargets.folder("builds");
        Path base = java.nio.file.Files.copy(root.resolve("targets/webapp/target/login.war"), folder.resolve("base.war"));
        Path change = folder.resolve("change.war");
        Process script = new ProcessBuilder("bash", root.resolve("examples/slowed-war.sh").toString(), base.toString(), change.toString(),
                "3").redirectErrorStream(true).redirectOutput(folder.resolve("slowed-war.log").toFile()).start();
        assertEquals(0, script.waitFor(), () -> TargetProcess.tail(folder.resolve("slowed-war.log")));
        RunSettings run = RunSettings.from(Given.maven(Map.of("containers", "tomcat[app.war=" + base + "],jetty[app.war=" + change
                + "]", "app.requests", root.resolve("examples/login.json").toString(), "target.jvmArgs", RunningTargets.JVM,
                "benchmarks.dir", folder.toString())), RunningTargets.CATALOG, 2);
        try (Targets targets = Targets.start(run, RunningTargets.CATALOG, target -> folder.resolve(target.container() + ".log"),
                System.out)) {
            assertEquals(List.of(base.toString(), change.toString()), targets.all().stream()
                    .map(target -> target.facts().get(TargetProtocol.APP_WAR)).toList());
        }
    }

    private static void assertItRunsAt(String container, String version) throws Exception {
        RunSettings run = run(container + "[version=" + version + "]");
        Path log = RunningTargets.folder("version").resolve(container + ".log");
        TargetVersions.resolveAll(run.targets(), RunningTargets.CATALOG, System.out);
        try (RunningTarget target = RunningTarget.start(run.target(), run, RunningTargets.CATALOG, log)) {
            assertEquals(version, target.facts().get("container.version"), () -> "its facts: " + target.facts());
        }
    }

    private static RunSettings run(String containers) {
        return RunSettings.from(Given.maven(Map.of("containers", containers, "target.jvmArgs", RunningTargets.JVM)),
                RunningTargets.CATALOG, 2);
    }

}
