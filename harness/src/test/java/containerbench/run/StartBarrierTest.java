package containerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.LoadStart;
import containerbench.measure.Phases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start barrier: of an injector on a machine of its own, ready first, then the instant it is handed
 * in a file; of injectors on this machine, phase after phase, each set by injector 0 once all are ready.
 */
class StartBarrierTest {

    @Test
    void anInjectorSaysItIsReadyThenWaitsForTheInstantInItsFile(@TempDir Path dir) throws Exception {
        Path startFile = dir.resolve("start/START_AT");
        Path ready = dir.resolve("ready");
        LoadStart start = LoadStart.later();
        StartBarrier barrier = StartBarrier.fromFile(startFile, ready, start);

        assertTrue(barrier.waiting(0), "no instant yet");
        assertTrue(Files.exists(ready), "its readiness is said at the first ask");
        Thread.sleep(200);
        assertTrue(barrier.waiting(0), "still none: the file does not exist");
        assertFalse(start.known());

        Instant at = Instant.now().plusSeconds(5).truncatedTo(ChronoUnit.MILLIS);
        Files.createDirectories(startFile.getParent());
        Files.writeString(startFile, at + "\n");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (barrier.waiting(0) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(at, start.instant(), "the instant from the file, the same for every injector that reads it");
    }

    @Test
    void injectorsOnThisMachineMeetAtEveryPhaseAndInjectorZeroPreparesEachBeforeItsInstant(@TempDir Path dir) throws Exception {
        Phases leaderPhases = new Phases(LoadStart.later());
        Phases followerPhases = new Phases(LoadStart.later());
        StartBarrier leader = new StartBarrier(dir, 0, 2, leaderPhases);
        StartBarrier follower = new StartBarrier(dir, 1, 2, followerPhases);
        List<String> events = new CopyOnWriteArrayList<>();
        leader.beforePhase(phase -> events.add("prepared " + phase));
        follower.whenLeaderReady(1, () -> events.add("leader ready for 1"));

        assertTrue(leader.waiting(0));
        Thread.sleep(300);
        assertTrue(leader.waiting(0), "injector 0 waits for injector 1");
        assertFalse(leaderPhases.of(0).known());
        follower.waiting(0);
        awaitTrue(() -> !leader.waiting(0) && !follower.waiting(0));
        assertEquals(leaderPhases.of(0).instant(), followerPhases.of(0).instant(), "one instant for both");
        assertEquals(List.of("prepared 0"), events);

        assertTrue(follower.waiting(1), "the next phase has an instant of its own");
        Thread.sleep(300);
        assertEquals(List.of("prepared 0"), events, "nothing prepared, nor the leader said ready, before injector 0 is ready");
        leader.waiting(1);
        awaitTrue(() -> !leader.waiting(1) && !follower.waiting(1) && events.size() == 3);
        assertEquals(leaderPhases.of(1).instant(), followerPhases.of(1).instant());
        assertTrue(leaderPhases.of(1).instant().isAfter(leaderPhases.of(0).instant()));
        assertEquals(List.of("leader ready for 1", "prepared 0", "prepared 1"), events.stream().sorted().toList(),
                "injector 1 heard that injector 0 ended phase 0, and phase 1 was prepared");
    }

    @Test
    void anInjectorWhoseJvmEndedIsNotWaitedFor(@TempDir Path dir) throws Exception {
        Phases phases = new Phases(LoadStart.later());
        StartBarrier leader = new StartBarrier(dir, 0, 3, phases);
        leader.goneWhen(index -> index == 2);
        new StartBarrier(dir, 1, 3, new Phases(LoadStart.later())).waiting(0);
        // The last one ready: its own ask may already find the instant set.
        leader.waiting(0);
        awaitTrue(() -> !leader.waiting(0));
        assertTrue(phases.of(0).known(), "injectors 0 and 1 start without injector 2, whose JVM ended");
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(condition.getAsBoolean(), "within 10 s");
    }
}
