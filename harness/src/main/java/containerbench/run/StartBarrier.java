package containerbench.run;

import containerbench.launcher.ServerFiles;
import containerbench.measure.LoadStart;
import containerbench.measure.Phases;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * The start of a run's injectors on this machine, together. Each one says it is ready when its first
 * users are about to start, not when its JVM is built: on a busy machine a Gatling JVM takes tens of
 * seconds to get there (measured with 24 busy processes on 2 cores: 25 s to reach the simulation,
 * 37 to 40 s to its first request, past a start fixed 20 s ahead). Once all are ready, injector 0 sets the instant all of them start at,
 * a little ahead, so that every one sees it in time. The same happens at the start of every phase
 * ({@link Phases}): before a phase that begins a launch, injector 0 starts the targets afresh once
 * all have ended the phase before, and sets the instant once they answer. The injectors meet in a
 * folder of files: {@code ready-<phase>-<index>} from each, then {@code start-<phase>} (an ISO
 * instant) from injector 0. That injector 0 is ready for the next phase also tells the others that
 * its auto warm-up has ended ({@link #whenLeaderReady}): theirs end with it.
 *
 * <p>Injectors on machines of their own ({@code -Dstart.at=file:PATH}, a run on Kubernetes) share no
 * folder and have one phase: each says it is ready in its own temporary folder ({@link #READY_MARKER},
 * which its pod's readiness probe reads), and waits for the instant in PATH, which the command that
 * started them writes once all are ready.
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
    // This injector's place among those on this machine, 0 the one that sets the instants; null for one on a machine of its own.
    private final Integer index;
    private final int count;
    private final Phases phases;
    // An injector on a machine of its own: the file it says it is ready in, and the one it reads the instant from.
    private final Path readyMarker;
    private final Path startFile;
    private final Set<Integer> said = ConcurrentHashMap.newKeySet();
    // Injector 0: what is done before a phase's instant is set, once every injector has ended the phase before.
    private volatile IntConsumer beforePhase = phase -> { };
    // Injector 0: which of the others has ended (its JVM exited), not to be waited for.
    private volatile IntPredicate gone = index -> false;

    private StartBarrier(Path folder, Integer index, int count, Phases phases, Path readyMarker, Path startFile) {
        this.folder = folder;
        this.index = index;
        this.count = count;
        this.phases = phases;
        this.readyMarker = readyMarker;
        this.startFile = startFile;
    }

    /** Injectors on this machine, meeting in {@code folder}. */
    StartBarrier(Path folder, int index, int count, Phases phases) {
        this(folder, index, count, phases, null, null);
    }

    /**
     * An injector on a machine of its own, told the instant in {@code startFile}.
     *
     * @param ready the file it writes once ready: {@link #READY_MARKER} in the JVM's temporary folder, for its pod's probe
     */
    static StartBarrier fromFile(Path startFile, Path ready, LoadStart start) {
        return new StartBarrier(null, null, 0, new Phases(start), ready, startFile);
    }

    /** Injector 0: {@code action} runs before each phase's instant is set, with the phase, once all have ended the one before. */
    void beforePhase(IntConsumer action) {
        this.beforePhase = action;
    }

    /** Injector 0: the others for which {@code ended} holds are not waited for at any phase (their JVM exited). */
    void goneWhen(IntPredicate ended) {
        this.gone = ended;
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
     * Whether this injector's users of {@code phase} must still wait for the others. The first ask
     * says this one is ready for it; from then a thread waits for its instant (injector 0: sets it
     * once every one is ready, and what comes before the phase is done).
     */
    boolean waiting(int phase) {
        LoadStart start = phases.of(phase);
        if (start.known()) {
            return false;
        }
        if (said.add(phase)) {
            if (folder == null && phase > 0) {
                throw new IllegalStateException("an injector on a machine of its own has one phase, not " + (phase + 1));
            }
            touch(folder == null ? readyMarker : ready(phase, index));
            if (folder == null) {
                System.out.println("container-bench: ready; waiting for the start instant in " + startFile);
            }
            Thread thread = new Thread(Integer.valueOf(0).equals(index) ? () -> release(phase) : () -> awaitRelease(phase),
                    "start-barrier-" + phase);
            thread.setDaemon(true);
            thread.start();
        }
        return !start.known();
    }

    /**
     * Another injector on this machine: {@code action} runs once injector 0 is ready for {@code phase},
     * that is once it has ended every step before it (its auto warm-up, which decided the length).
     */
    void whenLeaderReady(int phase, Runnable action) {
        Thread thread = new Thread(() -> {
            while (!Files.exists(ready(phase, 0))) {
                if (!sleep()) {
                    return;
                }
            }
            action.run();
        }, "leader-ready-" + phase);
        thread.setDaemon(true);
        thread.start();
    }

    /** Injector 0: once every injector is ready (or after its patience) and the phase prepared, the instant, a little ahead. */
    private void release(int phase) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        List<Integer> missing = missing(phase);
        while (!missing.isEmpty() && System.nanoTime() < deadline && sleep()) {
            missing = missing(phase);
        }
        if (!missing.isEmpty()) {
            System.out.println("container-bench: WARNING injector(s) " + missing + " not ready after " + PATIENCE.toMinutes()
                    + " min: the others start without them");
        }
        beforePhase.accept(phase);
        Instant at = Instant.now().plus(AHEAD);
        Path written = folder.resolve(START + "-" + phase + ".partial");
        try {
            Files.writeString(written, at.toString());
            Files.move(written, startOf(phase), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            System.out.println("container-bench: WARNING the other injectors cannot be told to start: " + e.getMessage());
        }
        phases.of(phase).set(at);
    }

    /**
     * The others: the instant injector 0 sets, or the command that started this one; this JVM ends
     * with injector 0 if it never comes, or at the run's deadline.
     */
    private void awaitRelease(int phase) {
        LoadStart start = phases.of(phase);
        Path file = folder == null ? startFile : startOf(phase);
        while (!start.known()) {
            try {
                Instant at = Instant.parse(Files.readString(file).trim());
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

    private Path ready(int phase, int injector) {
        return folder.resolve("ready-" + phase + "-" + injector);
    }

    private Path startOf(int phase) {
        return folder.resolve(START + "-" + phase);
    }

    private List<Integer> missing(int phase) {
        return IntStream.range(0, count).filter(i -> !Files.exists(ready(phase, i)) && !gone.test(i)).boxed().toList();
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
