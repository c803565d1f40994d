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
 *
 * <p>Injectors on machines of their own ({@code -Dstart.at=file:PATH}, a run on Kubernetes) share no
 * folder: each says it is ready in its own temporary folder ({@link #READY_MARKER}, which its pod's
 * readiness probe reads), and waits for the instant in PATH, which the command that started them
 * writes once all are ready.
 */
final class StartBarrier {

    /** How far ahead of the last injector's readiness the load starts: time for every one to read the instant. */
    static final Duration AHEAD = Duration.ofSeconds(3);
    /** How long injector 0 waits for the others before it starts without them (their results are then missing at the merge). */
    private static final Duration PATIENCE = Duration.ofMinutes(5);
    private static final String START = "start";
    /** The file an injector of {@code start.at=file:} writes, in the JVM's temporary folder, once it is ready. */
    public static final String READY_MARKER = "container-bench-ready";
    /** How late an instant read from a file may be before this injector says its windows start late. */
    private static final Duration LATE = Duration.ofSeconds(1);

    private final Path folder;
    private final int index;
    private final int count;
    private final LoadStart start;
    private final Path ready;
    private final Path startFile;
    private final AtomicBoolean said = new AtomicBoolean();

    private StartBarrier(Path folder, int index, int count, LoadStart start, Path ready, Path startFile) {
        this.folder = folder;
        this.index = index;
        this.count = count;
        this.start = start;
        this.ready = ready;
        this.startFile = startFile;
    }

    /** Injectors on this machine, meeting in {@code folder}. */
    StartBarrier(Path folder, int index, int count, LoadStart start) {
        this(folder, index, count, start, folder.resolve("ready-" + index), folder.resolve(START));
    }

    /**
     * An injector on a machine of its own, told the instant in {@code startFile}.
     *
     * @param ready the file it writes once ready: {@link #READY_MARKER} in the JVM's temporary folder, for its pod's probe
     */
    static StartBarrier fromFile(Path startFile, Path ready, LoadStart start) {
        return new StartBarrier(null, -1, 0, start, ready, startFile);
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
            touch(ready);
            if (folder == null) {
                System.out.println("container-bench: ready; waiting for the start instant in " + startFile);
            }
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
            Files.move(written, startFile, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            System.out.println("container-bench: WARNING the other injectors cannot be told to start: " + e.getMessage());
        }
        start.set(at);
    }

    /**
     * The others: the instant injector 0 sets, or the command that started this one; this JVM ends
     * with injector 0 if it never comes, or at the run's deadline.
     */
    private void awaitRelease() {
        while (!start.known()) {
            try {
                Instant at = Instant.parse(Files.readString(startFile).trim());
                Duration late = Duration.between(at, Instant.now());
                if (late.compareTo(LATE) > 0) {
                    System.out.println("container-bench: WARNING the start instant " + at + " had passed " + late.toMillis()
                            + " ms before this injector read it: its steps start late against the others'");
                }
                start.set(at);
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
