package containerbench.launch;

import containerbench.launcher.TargetProtocol;
import containerbench.settings.AppRequests;
import containerbench.settings.AppSettings;
import containerbench.settings.Profiling;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The target of a run, serving its application: a container this run launched in its own JVM, or a
 * server started by someone else at {@code target.url}. Closing it stops what this run started.
 */
public final class RunningTarget implements AutoCloseable {

    // How long a target may take to announce its port. A target that exits fails at once; this bounds only a slow or hung
    // one. 120 s: Payara, started over TLS beside seven other containers on 2 cores, took more than 60 s (CI, 2026-12-07).
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    /** A user's jar may be given longer to listen ({@code -Dapp.startTimeout}): its launcher gives up first, saying why. */
    private static Duration startTimeout(AppSettings app) {
        return app.userJar() ? Duration.ofSeconds(Math.max(START_TIMEOUT.toSeconds(), app.jar().startTimeoutSeconds() + 15L)) : START_TIMEOUT;
    }
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(15);
    // A target started elsewhere should already be up: say so soon when it is not.
    private static final Duration EXTERNAL_PROBE_TIMEOUT = Duration.ofSeconds(5);

    private final TargetSettings settings;
    private final TargetProcess process;
    private final Cgroup cgroup;
    private final URI baseUrl;
    private final AppRequests app;
    // What its TLS handshake agreed before the load; null for cleartext.
    private final Negotiation negotiation;
    // Sampling it from the moment it answered (-Dprofile); null when not profiled.
    private volatile Profiler profiler;
    // How long it took to start; null for a target started elsewhere.
    private StartUp startUp;

    /**
     * How long a launched target took to start, timed by this JVM from just before its process was
     * spawned: to the line announcing its port ({@code ready}) and to the first OK answer of the
     * application (the login, or the user's first request).
     *
     * @param spawnedAtMillis when its process was spawned, in epoch ms
     */
    public record StartUp(long spawnedAtMillis, long readyMillis, long answerMillis) {

        /** When it first answered, in epoch ms. */
        public long answeredAtMillis() {
            return spawnedAtMillis + answerMillis;
        }
    }

    private RunningTarget(TargetSettings settings, TargetProcess process, Cgroup cgroup, URI baseUrl, AppRequests app,
            Negotiation negotiation) {
        this.settings = settings;
        this.process = process;
        this.cgroup = cgroup;
        this.baseUrl = baseUrl;
        this.app = app;
        this.negotiation = negotiation;
    }

    /** Where a target's profile of one launch goes: beside its log, {@code <log>.cpu.jfr} for {@code <log>.target.log}. */
    public static Path recordingOf(Path log, Profiling profiling) {
        String name = log.getFileName().toString().replaceFirst("\\.target\\.log$", "");
        return log.resolveSibling(name + "." + profiling.spelled() + ".jfr");
    }

    /**
     * Launches the target (unless it runs elsewhere), on the run's CPUs and under its CPU limit,
     * and returns once its application answers; fails within seconds, with the end of its log,
     * when it cannot start or does not answer.
     */
    public static RunningTarget start(TargetSettings settings, RunSettings run, TargetCatalog catalog, Path log) {
        return start(settings, run, catalog, log, 0);
    }

    /** The same, on {@code port}: 0 for one the target chooses. */
    public static RunningTarget start(TargetSettings settings, RunSettings run, TargetCatalog catalog, Path log, int port) {
        AppRequests app = run.app().requests();
        if (!settings.launched()) {
            ReadyProbe.await(settings.url(), app, EXTERNAL_PROBE_TIMEOUT, () -> true);
            return new RunningTarget(settings, null, null, settings.url(), app, null);
        }
        Cgroup cgroup = run.cpuLimit() == null ? null : Cgroup.create(run.cpuLimit(), "container-bench-"
                + ProcessHandle.current().pid() + "-" + settings.label().replace('#', '-'), run.spelled(RunProperties.TARGET_CPU_LIMIT));
        List<String> prefix = new ArrayList<>(run.placement().targetPrefix());
        if (cgroup != null) {
            prefix.addAll(cgroup.prefix());
        }
        TargetProcess process = null;
        try {
            TargetModule module = TargetVersions.module(catalog, settings, System.out);
            // The probe's HTTP client loaded before the clock starts: the first request of this JVM loads its classes, and
            // would lengthen the start-up of whichever target started first.
            AppHttp.warm();
            long spawnedAt = System.currentTimeMillis();
            long spawned = System.nanoTime();
            process = TargetProcess.start(module, settings, run.app(), prefix, log, startTimeout(run.app()), port);
            long ready = System.nanoTime();
            URI base = process.baseUrl(settings.host());
            ReadyProbe.await(base, app, PROBE_TIMEOUT, process::isAlive);
            StartUp startUp = new StartUp(spawnedAt, (ready - spawned) / 1_000_000, (System.nanoTime() - spawned) / 1_000_000);
            Negotiation negotiation = settings.tls() ? Negotiation.checked(settings.label(), settings.http(), base.getHost(),
                    base.getPort()) : null;
            RunningTarget running = new RunningTarget(settings, process, cgroup, base, app, negotiation);
            running.startUp = startUp;
            if (settings.profiling() != Profiling.OFF) {
                running.profiler = Profiler.start(settings.profiling(), running.pid(), settings.label(),
                        run.benchmarksDir().resolve("profiler"), recordingOf(log, settings.profiling()));
            }
            return running;
        } catch (RuntimeException e) {
            if (process != null) {
                process.close();
            }
            if (cgroup != null) {
                cgroup.close();
            }
            throw e;
        }
    }

    public TargetSettings settings() {
        return settings;
    }

    /** The cgroup of the target's CPU limit, or {@code null} for none. */
    public Cgroup cgroup() {
        return cgroup;
    }

    public URI baseUrl() {
        return baseUrl;
    }

    /** What its TLS handshake agreed before the load (checked against what it was asked), or {@code null} for cleartext. */
    public Negotiation negotiation() {
        return negotiation;
    }

    /** How long it took to start; {@code null} for a target started elsewhere. */
    public StartUp startUp() {
        return startUp;
    }

    /** Whether this run started the target. */
    public boolean launched() {
        return process != null;
    }

    /** The target JVM's process id: a standalone server's own, not its launcher's; {@code null} for a target started elsewhere. */
    public Long pid() {
        if (process == null) {
            return null;
        }
        String server = process.facts().get(TargetProtocol.SERVER_PID);
        return server == null ? process.pid() : Long.parseLong(server);
    }

    /** What the launched target printed about itself (container, versions, knobs); empty for one started elsewhere. */
    public Map<String, String> facts() {
        return process == null ? Map.of() : process.facts();
    }

    /** Runs {@code action} when the launched target exits, for whatever reason. */
    public void onExit(Runnable action) {
        if (process != null) {
            process.onExit(action);
        }
    }

    /** Whether the launched target has exited; a target started elsewhere is not watched. */
    public boolean died() {
        return process != null && !process.isAlive();
    }

    /** Whether the launched target's application still answers, asked after the load; {@code null} for one started elsewhere. */
    public Boolean answersAfterLoad() {
        if (process == null || !process.isAlive()) {
            return null;
        }
        try {
            ReadyProbe.await(baseUrl, app, PROBE_TIMEOUT, process::isAlive);
            return true;
        } catch (IllegalStateException e) {
            System.out.println("container-bench: WARNING after the load " + e.getMessage());
            return false;
        }
    }

    public String logTail() {
        return process == null ? "" : process.logTail();
    }

    /** The launched target's log; {@code null} for one started elsewhere. */
    public Path log() {
        return process == null ? null : process.log();
    }

    /** The JFR file of its profile, written once {@link #stopProfiling} or {@link #close} has run; {@code null} when not profiled. */
    public Path recording() {
        Profiler current = profiler;
        return current == null ? null : current.recording();
    }

    /** Stops its profiler, which writes the recording, if it has one; its launch's load is over. */
    public void stopProfiling() {
        Profiler current = profiler;
        if (current != null && process.isAlive()) {
            current.stop();
        }
    }

    @Override
    public void close() {
        stopProfiling();
        if (process != null) {
            process.close();
        }
        if (cgroup != null) {
            cgroup.close();
        }
    }
}
