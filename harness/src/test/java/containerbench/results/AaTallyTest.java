package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which runs are A/A runs: the same container, version, knobs, JVM options and WAR twice; not two versions or two builds. */
class AaTallyTest {

    private static RunResult.Target target(String label, String version) {
        return copy(label, version, 1);
    }

    private static RunResult.Target copy(String label, String version, int copy) {
        return new RunResult.Target(label, "tomcat", version,
                new RunResult.Target.Started(true, "http://127.0.0.1:1", label + ".log"), new RunResult.Target.Jvm("17", "-Xmx2g"),
                new RunResult.Target.Knobs(Map.of("maxThreads", "200"), Map.of(), null), null, null).asCopy(copy);
    }

    private static RunResult run(RunResult.Target... targets) {
        return RunResult.builder().runId("r").container("tomcat").status(RunStatus.COMPLETE).targets(List.of(targets)).build();
    }

    @Test
    void twoVersionsOrTwoBuildsOfOneContainerAreNoAaRun() {
        assertTrue(AaTally.isAa(run(target("tomcat", "11.0.27"), copy("tomcat#2", "11.0.27", 2))));
        assertTrue(AaTally.isAa(run(target("tomcat[version=11.0.24]", "11.0.24"), copy("tomcat[version=11.0.24]#2", "11.0.24", 2))));
        assertFalse(AaTally.isAa(run(target("tomcat[version=11.0.24]", "11.0.24"), target("tomcat[version=11.0.27]", "11.0.27"))));
        assertFalse(AaTally.isAa(run(target("tomcat[app.war=base.war]", "11.0.27"), target("tomcat[app.war=change.war]", "11.0.27"))));
        assertFalse(AaTally.isAa(run(target("tomcat", "11.0.27"), target("tomcat#2", "11.0.27"))),
                "a label that ends in #2 is no copy unless the results say so");
    }
}
