package containerbench.run;

import containerbench.launch.RunningTarget;
import containerbench.launch.Targets;
import containerbench.launcher.ServerProcess;
import containerbench.measure.Measurement;
import containerbench.measure.Profiles;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The targets of a run, launch after launch ({@code -Dlaunches}): the first is started before the
 * load; each next one when the first step of it asks, once every step of the one before has ended.
 * Then every target is stopped and started afresh (new JVMs, side by side) on the port it had, so
 * that the simulation's requests reach it unchanged, and the measurement reads the new processes.
 * The ports are reserved below the kernel's ephemeral range for the whole run, so that no outgoing
 * connection of the load takes one while its target is down.
 */
final class Launches implements AutoCloseable {

    private final RunSettings settings;
    private final TargetCatalog catalog;
    private final Function<TargetSettings, Path> logs;
    private final Map<String, Integer> ports;
    private final PrintStream out;
    private final List<Runnable> onExit = new ArrayList<>();
    private Measurement measurement;
    private volatile Targets current;
    // The launch whose targets answer now, and the one being started, if any.
    private volatile int launched;
    private volatile int starting;
    private volatile String failure;
    // Every launch's profiles so far (-Dprofile), each written when its launch ends.
    private final List<Profiles.Recording> recordings = new java.util.concurrent.CopyOnWriteArrayList<>();

    private Launches(RunSettings settings, TargetCatalog catalog, Function<TargetSettings, Path> logs, Map<String, Integer> ports,
            PrintStream out, Targets first) {
        this.settings = settings;
        this.catalog = catalog;
        this.logs = logs;
        this.ports = ports;
        this.out = out;
        this.current = first;
        profiled(0, first);
    }

    private void profiled(int launch, Targets targets) {
        for (RunningTarget target : targets.all()) {
            if (target.recording() != null) {
                recordings.add(new Profiles.Recording(target.settings().label(), launch, target.recording()));
            }
        }
    }

    /** Every launch's profile of every target, when the run profiles them; the launch running now's written by {@link #stopProfiling}. */
    List<Profiles.Recording> recordings() {
        return List.copyOf(recordings);
    }

    /** Stops profiling the launch running now, so that its recordings are written before the results are. */
    void stopProfiling() {
        current.all().forEach(RunningTarget::stopProfiling);
    }

    /** Starts the first launch: each target on a port of its own for the whole run where there are several launches. */
    static Launches start(RunSettings settings, TargetCatalog catalog, Function<TargetSettings, Path> logs, PrintStream out) {
        Map<String, Integer> ports = new HashMap<>();
        if (settings.interleaving() != null && settings.interleaving().launches() > 1) {
            for (TargetSettings target : settings.targets()) {
                try {
                    ports.put(target.label(), ServerProcess.freePort(target.host(), 0));
                } catch (IOException e) {
                    throw new UncheckedIOException("no port to launch " + target.label() + " on: " + e.getMessage(), e);
                }
            }
        }
        Targets first = Targets.start(settings, catalog, logs, target -> ports.getOrDefault(target.label(), 0), out,
                startOrder(settings.targets().size(), 0));
        return new Launches(settings, catalog, logs, ports, out, first);
    }

    /**
     * The order launch {@code launch} starts its targets in, one at a time so that each start-up is
     * timed alone: the settings' order turned by one from launch to launch, so that over as many
     * launches as targets each starts first once (a start-up beside a JVM that has just started, still
     * compiling, may be the slower).
     */
    static List<Integer> startOrder(int targets, int launch) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < targets; i++) {
            order.add((launch + i) % targets);
        }
        return order;
    }

    /** What each launch tells: the process ids of its targets, once they answer. */
    void measuredBy(Measurement measurement) {
        this.measurement = measurement;
    }

    /** The targets of the launch running now. */
    Targets current() {
        return current;
    }

    /** Runs {@code action} when a target of any launch exits other than by its launch's end. */
    void onAnyExit(Runnable action) {
        onExit.add(action);
        current.onAnyExit(() -> unexpected(action));
    }

    private void unexpected(Runnable action) {
        if (starting == launched) {
            action.run();
        }
    }

    /**
     * Whether the users of a step of {@code launch} must wait: its targets are being started, the
     * first ask starting them. {@code false} once they answer, or once starting them has failed
     * ({@link #failure}): the users then meet the dead target and stop the load.
     */
    boolean waiting(int launch) {
        // Targets started elsewhere (by injector 0 of a shared run) are not this run's to start again.
        if (launch <= launched || failure != null || !settings.target().launched()) {
            return false;
        }
        synchronized (this) {
            if (starting < launch) {
                starting = launch;
                Thread thread = new Thread(() -> relaunch(launch), "launch-" + (launch + 1));
                thread.setDaemon(true);
                thread.start();
            }
        }
        return true;
    }

    private void relaunch(int launch) {
        try {
            out.println("container-bench: launch " + (launch + 1) + " of " + settings.interleaving().launches()
                    + ": every target stopped and started afresh");
            current.close();
            Function<TargetSettings, Path> log = target -> {
                Path first = logs.apply(target);
                String name = first.getFileName().toString();
                return first.resolveSibling(name.replaceFirst("\\.target\\.log$", ".launch" + (launch + 1) + ".target.log"));
            };
            Targets next = Targets.start(settings, catalog, log, target -> ports.getOrDefault(target.label(), 0), out,
                    startOrder(settings.targets().size(), launch));
            measurement.launched(launch, next.pids());
            profiled(launch, next);
            current = next;
            launched = launch;
            onExit.forEach(action -> next.onAnyExit(() -> unexpected(action)));
            // One that exited before its exit was watched for is dead all the same.
            if (next.dead() != null) {
                onExit.forEach(Runnable::run);
            }
        } catch (RuntimeException e) {
            failure = "launch " + (launch + 1) + " failed: " + e.getMessage();
            System.err.println("container-bench: " + failure);
            onExit.forEach(Runnable::run);
        }
    }

    /** The launch whose targets answer now, 0 first. */
    int launched() {
        return launched;
    }

    /** Why a launch after the first could not start, or {@code null}. */
    String failure() {
        return failure;
    }

    @Override
    public void close() {
        current.close();
    }
}
