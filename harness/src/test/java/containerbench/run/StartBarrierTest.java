package containerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.LoadStart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start barrier of an injector on a machine of its own: ready first, then the instant it is handed in a file. */
class StartBarrierTest {

    @Test
    void anInjectorSaysItIsReadyThenWaitsForTheInstantInItsFile(@TempDir Path dir) throws Exception {
        Path startFile = dir.resolve("start/START_AT");
        Path ready = dir.resolve("ready");
        LoadStart start = LoadStart.later();
        StartBarrier barrier = StartBarrier.fromFile(startFile, ready, start);

        assertTrue(barrier.waiting(), "no instant yet");
        assertTrue(Files.exists(ready), "its readiness is said at the first ask");
        Thread.sleep(200);
        assertTrue(barrier.waiting(), "still none: the file does not exist");
        assertFalse(start.known());

        Instant at = Instant.now().plusSeconds(5).truncatedTo(ChronoUnit.MILLIS);
        Files.createDirectories(startFile.getParent());
        Files.writeString(startFile, at + "\n");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (barrier.waiting() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(at, start.instant(), "the instant from the file, the same for every injector that reads it");
    }
}
