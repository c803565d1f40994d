package containerbench.run;

import containerbench.launch.RunningTarget;
import containerbench.launcher.TargetProtocol;
import containerbench.measure.LaunchFigures;
import containerbench.measure.Measurement;
import containerbench.measure.Step;
import containerbench.measure.TargetJvm;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * Each launch's figures besides its load ({@link LaunchFigures}): once its warm-ups are over, the
 * first tier's users wait while every target in turn is asked for a full collection and its heap and
 * resident memory are read, no load on any of them; with its start-up, timed as it was launched, and
 * its size on disk. Not in a run shared by several injectors, whose steps start at instants fixed
 * ahead: a wait there would put this injector's users behind the others'.
 */
final class AtRest {

    private final Launches targets;
    private final Measurement measurement;
    private final boolean read;
    private final List<LaunchFigures> figures = new CopyOnWriteArrayList<>();
    // The last launch whose figures are read (or being read); -1 before the first.
    private int started = -1;
    private volatile int done = -1;

    /** @param read whether to read them at all: {@code false} for a run that several injectors share */
    AtRest(Launches targets, Measurement measurement, boolean read) {
        this.targets = targets;
        this.measurement = measurement;
        this.read = read;
    }

    /**
     * Whether the users of {@code step} must wait: it is the first measured step of a launch whose
     * figures are not read yet (the first ask starts reading them).
     */
    boolean waiting(Step step) {
        // A launch that failed to start has no targets of its own to read: the last launch's are stopped.
        if (!read || !(step.kind() instanceof Step.Measured) || step.launch() <= done || targets.failure() != null
                || targets.launched() != step.launch()) {
            return false;
        }
        synchronized (this) {
            if (started < step.launch()) {
                started = step.launch();
                Thread thread = new Thread(() -> readLaunch(step.launch()), "at-rest-" + (step.launch() + 1));
                thread.setDaemon(true);
                thread.start();
            }
        }
        return true;
    }

    private void readLaunch(int launch) {
        try {
            List<RunningTarget> all = targets.current().all();
            for (int t = 0; t < all.size(); t++) {
                figures.add(of(all.get(t), launch, measurement.jvm(t)));
            }
        } catch (RuntimeException e) {
            System.err.println("container-bench: launch " + (launch + 1) + "'s memory at rest not read: " + e);
        } finally {
            done = launch;
        }
    }

    /** One target's figures of one launch, its JVM asked for a collection now. */
    static LaunchFigures of(RunningTarget target, int launch, TargetJvm jvm) {
        String label = target.settings().label();
        RunningTarget.StartUp startUp = target.startUp();
        if (startUp == null) {
            return new LaunchFigures(label, launch, null, null, null, null, null, null, "started elsewhere");
        }
        Long disk = diskBytes(target.facts().get(TargetProtocol.INSTALLED));
        if (jvm == null) {
            return new LaunchFigures(label, launch, startUp.answerMillis(), startUp.readyMillis(), null, null, null, disk,
                    "its JVM could not be attached to");
        }
        Long jvmStart = jvm.startedAtMillis();
        TargetJvm.Rest rest = jvm.atRest();
        return new LaunchFigures(label, launch, startUp.answerMillis(), startUp.readyMillis(),
                jvmStart == null ? null : Math.max(0, startUp.answeredAtMillis() - jvmStart),
                rest == null ? null : rest.heapUsedBytes(), rest == null ? null : rest.rssBytes(), disk,
                rest == null || jvmStart == null ? "its JVM did not answer" : null);
    }

    /** The bytes of every file under the paths (a class path's jars and folders, a distribution); {@code null} when there are none. */
    static Long diskBytes(String installed) {
        if (installed == null || installed.isBlank()) {
            return null;
        }
        long bytes = 0;
        for (String entry : installed.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (!Files.exists(path)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(path)) {
                bytes += files.filter(Files::isRegularFile).mapToLong(file -> {
                    try {
                        return Files.size(file);
                    } catch (IOException e) {
                        return 0;
                    }
                }).sum();
            } catch (IOException | java.io.UncheckedIOException e) {
                return null;
            }
        }
        return bytes;
    }

    /** Every launch's figures read so far, launch after launch, the targets in order. */
    List<LaunchFigures> figures() {
        List<LaunchFigures> all = new ArrayList<>(figures);
        all.sort(java.util.Comparator.comparingInt(LaunchFigures::launch));
        return all;
    }
}
