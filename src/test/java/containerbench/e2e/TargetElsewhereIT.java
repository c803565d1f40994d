package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.TargetProtocol;
import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A target started by hand, as on another machine or in a pod, with its own resource report
 * ({@code --resources-port}), measured at {@code -Dtarget.url} with {@code -Dtarget.resources}: its
 * CPU per response and memory are known, as for a target the run launched.
 */
class TargetElsewhereIT {

    @Test
    void aTargetStartedByHandReportsItsOwnCpuPerResponse() throws Exception {
        Path work = Runs.work("target-elsewhere");
        Path benchmarks = work.resolve("benchmarks");
        String marker = UUID.randomUUID().toString();
        Path jar = Runs.ROOT.resolve("targets/tomcat/target/tomcat-target.jar");
        Process target = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-Dcontainerbench.test=" + marker, "-jar", jar.toString(), "--port", "0", "--resources-port", "0",
                "--watch-stdin")).redirectErrorStream(true).start();
        try {
            Map<String, String> facts = new HashMap<>();
            int port = TargetProtocol.awaitReady(target.getInputStream(), facts);
            assertTrue(port > 0, "the target announced its port: " + facts);

            Path log = work.resolve("run.log");
            int status = Runs.gatling(log, benchmarks, List.of("-Dcontainer=tomcat", "-Dtarget.url=http://127.0.0.1:" + port,
                    "-Dtarget.resources=http://127.0.0.1:" + facts.get(TargetProtocol.RESOURCES_PORT), "-Dtiers=10,20",
                    "-DtierSeconds=4", "-DwarmupSeconds=3", "-Dcontainerbench.test=" + marker));
            assertEquals(0, status, () -> Runs.tail(log));
            assertTrue(Files.readString(log).contains("tomcat's CPU and memory from its own report at http://127.0.0.1:"),
                    () -> Runs.tail(log));

            RunResult run = Runs.onlyRun(benchmarks).run();
            assertFalse(run.baseline().launched(), "started by hand");
            for (TierResult tier : run.tiers()) {
                assertTrue(Runs.positive(tier.resources().targetCpuMicrosPerRequest()), tier.name() + ": its CPU per response, from its report");
                assertTrue(Runs.positive(tier.resources().targetRssMaxMib()), tier.name() + ": its resident memory, from its report");
            }
        } finally {
            target.destroy();
            assertTrue(target.waitFor(30, TimeUnit.SECONDS), "the target stopped");
        }
        assertFalse(Runs.anyAlive(marker), "no JVM left");
    }
}
