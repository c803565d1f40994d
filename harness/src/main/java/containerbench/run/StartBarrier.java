package containerbench.run;

import containerbench.launcher.ServerFiles;
import containerbench.measure.LoadStart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

/**
 * The start of a run's injectors on this machine, together. Each one says it is ready when its first
 * users are about to start, not when its JVM is built: on a busy machine a Gatling JVM takes tens of
 * seconds to get there (measured with 24 busy processes on 2 cores: 25 s to reach the simulation,
 * 37 to 40 s to its first request, past a start fixed 20 s ahead). Once all are ready, injector 0 sets the instant all of them start at,
 * a little ahead, so that every one sees it in time. The injectors meet in a folder of files:
 * {@code ready-<index>} from each, then {@code start} (an ISO instant) from injector 0.
 */
final class StartBarrier {

    /** How far ahead of the last injector's readiness the load starts: time for every one to read the instant. */
    static final Duration AHEAD = Duration.ofSeconds(3);
    /** How long injector 0 waits for the others before it starts without them (their results are then missing at the merge). */
    private static final Duration PATIENCE = Duration.ofMinutes(5);
    private static final String START = "start";

    private final Path folder;
    private final int index;
    private final int count;
    private final LoadStart start;
    private final AtomicBoolean said = new AtomicBoolean();

    StartBarrier(Path folder, int index, int count, LoadStart start) {
        this.folder = folder;
        this.index = index;
        this.count = count;
        this.start = start;
    }

    /** A new folder for the injectors of one run to meet in. */
    static Path newFolder() {
        try {
            return Files.createTempDirectory("container-bench-start-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder for the injectors to meet in", e);
        }
    }

    /**
     * Whether this injector's users must still wait for the others. The first ask says this one is
     * ready; from then a thread waits for the instant (injector 0: sets it once every one is ready).
     */
    boolean waiting() {
        if (start.known()) {
            return false;
        }
        if (said.compareAndSet(false, true)) {
            touch(folder.resolve("ready-" + index));
            Thread thread = new Thread(index == 0 ? this::release : this::awaitRelease, "start-barrier");
            thread.setDaemon(true);
            thread.start();
        }
        return !start.known();
    }

    /** Injector 0: once every injector is ready (or after its patience), the instant, a little ahead. */
    private void release() {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        List<Integer> missing = missing();
        while (!missing.isEmpty() && System.nanoTime() < deadline && sleep()) {
            missing = missing();
        }
        if (!missing.isEmpty()) {
            System.out.println("container-bench: WARNING injector(s) " + missing + " not ready after " + PATIENCE.toMinutes()
                    + " min: the others start without them");
        }
        Instant at = Instant.now().plus(AHEAD);
        Path written = folder.resolve(START + ".partial");
        try {
            Files.writeString(written, at.toString());
            Files.move(written, folder.resolve(START), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            System.out.println("container-bench: WARNING the other injectors cannot be told to start: " + e.getMessage());
        }
        start.set(at);
    }

    /** The others: the instant injector 0 sets; this JVM ends with injector 0 if it never comes. */
    private void awaitRelease() {
        while (!start.known()) {
            try {
                start.set(Instant.parse(Files.readString(folder.resolve(START)).trim()));
            } catch (IOException | DateTimeParseException notYet) {
                if (!sleep()) {
                    return;
                }
            }
        }
    }

    private List<Integer> missing() {
        return IntStream.range(0, count).filter(i -> !Files.exists(folder.resolve("ready-" + i))).boxed().toList();
    }

    private static void touch(Path file) {
        try {
            Files.writeString(file, Instant.now().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot say this injector is ready in " + file.getParent(), e);
        }
    }

    /** A pause between two looks; {@code false} when interrupted. */
    private static boolean sleep() {
        try {
            Thread.sleep(50);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Removes the folder once the run is over. */
    static void remove(Path folder) {
        try {
            ServerFiles.deleteTree(folder);
        } catch (IOException e) {
            // a temporary folder: left to the system's clean-up
        }
    }
}
