package containerbench.launch;

import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Every target of a run, started side by side and each answering a login, kept in the order of the
 * settings (the baseline first). If one cannot start, the others are stopped once their own start
 * has ended, and the first error in that order goes on; closing stops them all, side by side too.
 */
public final class Targets implements AutoCloseable {

    private final List<RunningTarget> all;

    private Targets(List<RunningTarget> all) {
        this.all = List.copyOf(all);
    }

    /**
     * @param logs where each target's log goes
     * @param out where the run says what it starts, and what each target reported about itself
     */
    public static Targets start(RunSettings settings, TargetCatalog catalog, Function<TargetSettings, Path> logs, PrintStream out) {
        return start(settings, catalog, logs, target -> 0, out);
    }

    /** @param ports the port each target is launched on: 0 for one it chooses */
    public static Targets start(RunSettings settings, TargetCatalog catalog, Function<TargetSettings, Path> logs,
            java.util.function.ToIntFunction<TargetSettings> ports, PrintStream out) {
        return start(settings, catalog, logs, ports, out, null);
    }

    /**
     * @param oneAtATime the order in which to start them one after another, each once the one before
     *     answers, by index in the settings: so that each start-up is timed on a machine otherwise quiet
     *     ({@link RunningTarget#startUp}); {@code null} to start them side by side
     */
    public static Targets start(RunSettings settings, TargetCatalog catalog, Function<TargetSettings, Path> logs,
            java.util.function.ToIntFunction<TargetSettings> ports, PrintStream out, List<Integer> oneAtATime) {
        WarFetch.ensure(settings.app(), catalog.projectRoot(), settings.benchmarksDir().resolve("logs/war-fetch.log"), out);
        TargetVersions.resolveAll(settings.targets(), catalog, out);
        if (oneAtATime != null) {
            return oneAfterAnother(settings, catalog, logs, ports, out, oneAtATime);
        }
        // Side by side: a server's start is partly waiting (on its files, its own threads), and the
        // load starts only once every target answers, so none of them starts beside the load.
        List<CompletableFuture<RunningTarget>> starting = new ArrayList<>();
        for (TargetSettings target : settings.targets()) {
            Path log = logs.apply(target);
            if (target.launched()) {
                out.println("container-bench: starting " + target.label() + ", log in " + log);
            }
            CompletableFuture<RunningTarget> start = new CompletableFuture<>();
            Thread thread = new Thread(() -> {
                try {
                    start.complete(RunningTarget.start(target, settings, catalog, log, ports.applyAsInt(target)));
                } catch (RuntimeException | Error e) {
                    start.completeExceptionally(e);
                }
            }, "start-" + target.label());
            thread.setDaemon(true);
            thread.start();
            starting.add(start);
        }
        List<RunningTarget> started = new ArrayList<>();
        RuntimeException failure = null;
        for (CompletableFuture<RunningTarget> start : starting) {
            try {
                started.add(start.join());
            } catch (CompletionException e) {
                RuntimeException cause = e.getCause() instanceof RuntimeException runtime ? runtime : e;
                if (failure == null) {
                    failure = cause;
                } else {
                    failure.addSuppressed(cause);
                }
            }
        }
        if (failure != null) {
            stop(started);
            throw failure;
        }
        return told(settings, started, out);
    }

    private static Targets oneAfterAnother(RunSettings settings, TargetCatalog catalog, Function<TargetSettings, Path> logs,
            java.util.function.ToIntFunction<TargetSettings> ports, PrintStream out, List<Integer> order) {
        RunningTarget[] started = new RunningTarget[settings.targets().size()];
        try {
            for (int index : order) {
                TargetSettings target = settings.targets().get(index);
                Path log = logs.apply(target);
                if (target.launched()) {
                    out.println("container-bench: starting " + target.label() + ", log in " + log);
                }
                started[index] = RunningTarget.start(target, settings, catalog, log, ports.applyAsInt(target));
            }
        } catch (RuntimeException | Error e) {
            stop(java.util.Arrays.stream(started).filter(t -> t != null).toList());
            throw e;
        }
        return told(settings, List.of(started), out);
    }

    /** The targets started, once each has said what it is. */
    private static Targets told(RunSettings settings, List<RunningTarget> started, PrintStream out) {
        // Every fact but the paths of what each is on disk: a class path is no line to read.
        started.forEach(running -> running.facts().forEach((key, value) -> {
            if (!key.equals(containerbench.launcher.TargetProtocol.INSTALLED)) {
                out.println("  " + key + " = " + value);
            }
        }));
        Targets targets = new Targets(started);
        if (targets.cpuLimitController() != null) {
            out.println("container-bench: each target limited to " + settings.cpuLimit().cpus() + " CPU per "
                    + settings.cpuLimit().periodMs() + " ms period (" + targets.cpuLimitController() + ")");
        }
        return targets;
    }

    /** Every target, the baseline first. */
    public List<RunningTarget> all() {
        return all;
    }

    public List<URI> baseUrls() {
        return all.stream().map(RunningTarget::baseUrl).toList();
    }

    /** Each target's JVM; {@code null} for one started elsewhere. */
    public List<Long> pids() {
        return all.stream().map(RunningTarget::pid).toList();
    }

    /** Runs {@code action} when any launched target exits, for whatever reason. */
    public void onAnyExit(Runnable action) {
        all.forEach(target -> target.onExit(action));
    }

    /** The first launched target that has exited, or {@code null} while all live. */
    public RunningTarget dead() {
        return all.stream().filter(RunningTarget::died).findFirst().orElse(null);
    }

    /** Whether every launched target still answers a login; {@code null} when one was not asked (gone, or started elsewhere). */
    public Boolean answerAfterLoad() {
        List<Boolean> answered = all.stream().map(RunningTarget::answersAfterLoad).toList();
        return answered.contains(null) ? null : !answered.contains(false);
    }

    /** Which kernel interface holds the targets' CPU limit, or {@code null} without one. */
    public String cpuLimitController() {
        return all.stream().map(RunningTarget::cgroup).filter(cgroup -> cgroup != null).map(Cgroup::controller).findFirst()
                .orElse(null);
    }

    /** The kernel's throttling counters of every target under a CPU limit, by label. */
    public Map<String, Map<String, Long>> throttling() {
        Map<String, Map<String, Long>> throttling = new TreeMap<>();
        all.stream().filter(target -> target.cgroup() != null)
                .forEach(target -> throttling.put(target.settings().label(), target.cgroup().throttling()));
        return throttling;
    }

    @Override
    public void close() {
        stop(all);
    }

    /** Stops every one of them side by side, each on a thread of its own: a server's stop is mostly waiting (Payara about 3 s). */
    private static void stop(List<RunningTarget> targets) {
        List<Thread> stopping = new ArrayList<>();
        for (RunningTarget target : targets) {
            Thread thread = new Thread(target::close, "stop-" + target.settings().label());
            thread.start();
            stopping.add(thread);
        }
        boolean interrupted = false;
        for (Thread thread : stopping) {
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
