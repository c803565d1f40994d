package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import containerbench.measure.BlockResult;
import containerbench.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The injector flag where Gatling shares the targets' CPUs: on a 2-core machine that target and
 * Gatling keep busy, Gatling could not have had more and the flag fires, withholding the TPS
 * verdict; with the targets held to a quarter of a CPU each, the machine leaves Gatling room and the
 * flag stays silent.
 */
// It measures: the flag fires or stays silent by what Gatling and the targets use of the machine,
// so it runs with nothing else, in the measuring set (`mvn verify -Pmeasuring -DskipTests`, README).
@Tag("measuring")
class InjectorLimitIT {

    private final Path work = Runs.work("injector-limit");

    @Test
    void gatlingSharingABusyMachineLimitsTheBlocksAndWithTheTargetsHeldBackItDoesNot() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() <= 2,
                "a machine of more than 2 CPUs leaves Gatling room beside one target: this test needs the 2-core machine");
        RunResult shared = run("shared", List.of());
        List<BlockResult> blocks = shared.blocks();
        long limited = blocks.stream().filter(BlockResult::injectorLimited).count();
        assertTrue(limited * 2 >= blocks.size(), "Gatling and Tomcat filling 2 CPUs: " + limited + " of " + blocks.size()
                + " blocks limited " + figures(blocks));
        assertTrue(blocks.stream().allMatch(b -> b.machineBusyPercent() > 0 && b.waitingCpuPercent() >= 0),
                "every block records the machine and the waiting target " + figures(blocks));
        String output = Files.readString(work.resolve("shared-mvn.log"));
        assertTrue(output.contains("about all the machine left it"), "the run says what its TPS ratio is");
        assertTrue(output.contains("not judged: the injector limited the load"), "and withholds the TPS verdict");

        RunResult heldBack = run("held-back", List.of("-Dtarget.cpuLimit=0.25"));
        assertEquals(0, heldBack.blocks().stream().filter(BlockResult::injectorLimited).count(),
                "targets at a quarter of a CPU each leave Gatling room " + figures(heldBack.blocks()));
        assertFalse(Files.readString(work.resolve("held-back-mvn.log")).contains("about all the machine left it"));
    }

    private RunResult run(String name, List<String> more) throws Exception {
        String marker = UUID.randomUUID().toString();
        Path benchmarks = work.resolve(name);
        Path log = work.resolve(name + "-mvn.log");
        List<String> args = new ArrayList<>(List.of("gatling:test", "-Dcontainers=tomcat,tomcat", "-Dtiers=50",
                "-DblockSeconds=1", "-Drounds=2", "-Dlaunches=1", "-DwarmupSeconds=3", "-Dbenchmarks.dir=" + benchmarks,
                "-Dtarget.jvmArgs=-Xmx256m -Dcontainerbench.smoke=" + marker));
        args.addAll(more);
        assertEquals(0, Runs.mvn(log, args), () -> "mvn " + String.join(" ", args) + " failed:\n" + Runs.tail(log));
        assertFalse(Runs.anyAlive(marker), "no target JVM left");
        return Runs.onlyRun(benchmarks).run();
    }

    /** "[tomcat 94% Gatling, 98% busy, ...]" for a failure's message. */
    private static String figures(List<BlockResult> blocks) {
        return blocks.stream().map(b -> String.format("%s %.0f%% Gatling, %.0f%% busy, %.0f%% waiting", b.target(),
                b.injectorCpuPercent(), b.machineBusyPercent(), b.waitingCpuPercent())).toList().toString();
    }
}
