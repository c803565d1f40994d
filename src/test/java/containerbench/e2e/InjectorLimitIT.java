package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import containerbench.measure.BlockResult;
import containerbench.measure.InjectorLimit;
import containerbench.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the flags decide, where Gatling shares the targets' CPUs and where it does not: on a 2-core
 * machine that target and Gatling keep busy together the machine is full, Gatling is not at its own
 * limit, and the TPS ratio is judged as the two together; pinned to one core of its own, Gatling
 * fills it and is the limit, and the TPS verdict is withheld; with the targets held to a quarter of
 * a CPU each, neither.
 */
// It measures: the flags fire or stay silent by what Gatling and the targets use of the machine,
// so it runs with nothing else, in the measuring set (`mvn verify -Pmeasuring -DskipTests`, README).
@Tag("measuring")
class InjectorLimitIT {

    private final Path work = Runs.work("injector-limit");

    @Test
    void aFullMachineIsNotGatlingsLimitGatlingPinnedToOneCoreIsAndTargetsHeldBackLeaveBothSilent() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() <= 2,
                "a machine of more than 2 CPUs leaves Gatling room beside one target: this test needs the 2-core machine");
        RunResult shared = run("shared", List.of());
        List<BlockResult> blocks = shared.blocks();
        long full = blocks.stream().filter(b -> b.cpu().machineFull()).count();
        assertTrue(full * 2 >= blocks.size(), "Gatling and Tomcat filling 2 CPUs: " + full + " of " + blocks.size()
                + " blocks full " + figures(blocks));
        assertFalse(InjectorLimit.limitedTier(blocks), "yet Gatling below its cores and every thread below a core " + figures(blocks));
        assertTrue(blocks.stream().allMatch(b -> b.cpu().machineBusyPercent() != null && b.cpu().waitingPercent() != null
                && b.cpu().injectorBusiestThreadPercent() != null), "every block records the machine, the waiting target and"
                + " Gatling's busiest thread " + figures(blocks));
        String output = Files.readString(work.resolve("shared-mvn.log"));
        assertTrue(output.contains("a TPS ratio here is of container and injector together on this machine"),
                "the run says what its TPS ratio is");
        assertFalse(output.contains("not judged: Gatling itself limited the load"), "and judges it");

        // A longer warm-up: both targets share one core here, and the waiting one's JIT took a fifth to a quarter of
        // it after a 3 s warm-up, and after a 10 s one in CI on 2026-12-07 (Gatling then at 59-68% of its core, the
        // loaded Tomcat at 57-77 us a response where it takes 38-51 once settled): 20 s each.
        RunResult pinned = run("pinned", List.of("-Dtarget.cpus=0", "-Dinjector.cpus=1", "-DwarmupSeconds=20"));
        assertTrue(InjectorLimit.limitedTier(pinned.blocks()), "Gatling on one core of its own fills it " + figures(pinned.blocks()));
        assertTrue(Files.readString(work.resolve("pinned-mvn.log")).contains("not judged: Gatling itself limited the load"),
                "and its TPS verdict is withheld");

        RunResult heldBack = run("held-back", List.of("-Dtarget.cpuLimit=0.25"));
        assertEquals(0, heldBack.blocks().stream().filter(b -> b.injectorLimited() || b.cpu().machineFull()).count(),
                "targets at a quarter of a CPU each leave Gatling room " + figures(heldBack.blocks()));
        assertFalse(Files.readString(work.resolve("held-back-mvn.log")).contains("container and injector together"));
    }

    private RunResult run(String name, List<String> more) throws Exception {
        String marker = UUID.randomUUID().toString();
        Path benchmarks = work.resolve(name);
        Path log = work.resolve(name + "-mvn.log");
        List<String> args = new ArrayList<>(List.of("gatling:test", "-Dcontainers=tomcat,tomcat", "-Dtiers=50",
                "-DblockSeconds=1", "-Drounds=2", "-Dlaunches=1", "-Dbenchmarks.dir=" + benchmarks,
                "-Dtarget.jvmArgs=-Xmx256m -Dcontainerbench.smoke=" + marker));
        if (more.stream().noneMatch(arg -> arg.startsWith("-DwarmupSeconds="))) {
            args.add("-DwarmupSeconds=3");
        }
        args.addAll(more);
        assertEquals(0, Runs.mvn(log, args), () -> "mvn " + String.join(" ", args) + " failed:\n" + Runs.tail(log));
        assertFalse(Runs.anyAlive(marker), "no target JVM left");
        return Runs.onlyRun(benchmarks).run();
    }

    /** "[tomcat 94% Gatling (busiest thread 31%), 98% busy, ...]" for a failure's message. */
    private static String figures(List<BlockResult> blocks) {
        return blocks.stream().map(b -> String.format("%s %s%% Gatling (busiest thread %s%%), %s%% busy, %s%% waiting", b.target(),
                b.cpu().injectorPercent(), b.cpu().injectorBusiestThreadPercent(), b.cpu().machineBusyPercent(),
                b.cpu().waitingPercent())).toList().toString();
    }
}
