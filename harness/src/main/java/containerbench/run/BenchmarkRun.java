package containerbench.run;

import containerbench.launch.Pinning;
import containerbench.launch.Profiler;
import containerbench.launch.RequestCheck;
import containerbench.launch.RunningTarget;
import containerbench.launch.Targets;
import containerbench.measure.Environment;
import containerbench.measure.GatlingInjector;
import containerbench.measure.Limits;
import containerbench.measure.LoadControl;
import containerbench.measure.Measurement;
import containerbench.measure.RequestMix;
import containerbench.measure.Step;
import containerbench.measure.TargetReport;
import containerbench.measure.WrkLoad;
import containerbench.report.Publication;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import containerbench.settings.LoadClient;
import containerbench.settings.OpenModel;
import containerbench.settings.Profiling;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import containerbench.settings.TargetSettings;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One benchmark run around the simulation. It sequences the stages, each an object of its own:
 * what the run was told ({@link RunOrder}), its targets ({@link Targets}), the other injectors
 * ({@link Injectors}), what it measures ({@link Measurement}, {@link Schedule}), its results
 * ({@link RunRecord}) and their publication; and it makes sure that whatever ends the run (the end
 * of the plan, a dead target, Ctrl-C, Maven killed) stops every target and keeps what was measured.
 */
public final class BenchmarkRun implements LoadControl {

    private final RunSettings settings;
    private final Launches targets;
    private final Injectors injectors;
    private final Measurement measurement;
    private final Schedule schedule;
    private final RunRecord record;
    private final GatlingRunFolder gatlingRun;
    // A capacity search's stair, or null.
    private final Stair stair;
    // With -Dclient=wrk, what sends the measured load instead of Gatling's users; else null.
    private final WrkLoad wrk;
    // With -Dprofile.injector, this JVM's profiler; else null.
    private final Profiler injectorProfiler;
    // Each launch's start-up and memory at rest, read before its first tier.
    private final AtRest atRest;
    private final AtomicBoolean finished = new AtomicBoolean();
    // Read by every virtual user before every login: a volatile field, not a process query.
    private volatile boolean targetDied;

    /**
     * @param parent the process that started this JVM (Maven), as it was when the run began: asked
     *     later, a JVM whose Maven was killed meanwhile gets init instead, which never exits
     */
    private BenchmarkRun(RunSettings settings, Launches targets, Injectors injectors, Measurement measurement, RunRecord record,
            ProcessHandle parent, Profiler injectorProfiler) {
        this.settings = settings;
        this.injectorProfiler = injectorProfiler;
        this.targets = targets;
        this.injectors = injectors;
        this.measurement = measurement;
        this.record = record;
        this.schedule = new Schedule(settings.plan(), settings.interleaving(), labels(settings), measurement, injectors.leads());
        this.atRest = new AtRest(targets, measurement, settings.injectors().alone() && settings.target().launched());
        injectors.follow(settings.plan(), measurement, targets);
        this.gatlingRun = GatlingRunFolder.watch(settings.gatlingResults(), 120);
        OpenModel open = settings.plan().open();
        this.stair = open == null || open.slo() == null ? null : new Stair(measurement, labels(settings), open.slo(), injectors.stair());
        this.wrk = settings.plan().client() == LoadClient.WRK ? new WrkLoad(measurement.steps(), urls(settings, targets),
                Runtime.getRuntime().availableProcessors(), this::waiting, () -> targetDied) : null;
        targets.onAnyExit(() -> targetDied = true);
        // Ctrl-C or a crash before the end: keep what was measured, marked as interrupted.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (finished.compareAndSet(false, true)) {
                record.finished(RunStatus.INTERRUPTED, measurement, schedule, targets.current(), gatlingRun.folder(), null, null,
                        List.of(), null, atRest.figures());
            }
        }, "results-on-exit"));
        // Maven killed (SIGKILL): nothing would stop this JVM before the plan ends. Stop now; the hook above keeps the figures.
        if (parent != null) {
            parent.onExit().thenRun(() -> {
                System.err.println("container-bench: the parent process (Maven) is gone: stopping");
                new Thread(() -> System.exit(1), "parent-gone").start();
            });
        }
    }

    /** Everything before the load: a bad setting or a target that does not answer fails here, before any load. */
    public static BenchmarkRun start() {
        ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
        // The simulation that called: injectors this run starts on this machine run it too.
        String simulation = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass().getName();
        Instant now = Instant.now();
        RunOrder order;
        try {
            order = RunOrder.ofThisJvm(now);
            pin(order.settings());
        } catch (SettingException e) {
            System.err.println("container-bench: " + e.getMessage());
            throw e;
        }
        RunRecord record = new RunRecord(order, now);
        // Its absence refused before any target starts.
        String client = order.settings().plan().client() == LoadClient.WRK ? WrkLoad.version() : null;
        Launches targets = null;
        Profiler injector = null;
        Measurement measurement = null;
        try {
            targets = Launches.start(order.settings(), order.catalog(), order::logOf, System.out);
            Targets first = targets.current();
            RunSettings settings = order.settings();
            List<RequestCheck.Checked> checked = RequestCheck.run(settings.app().requests(), first);
            RequestCheck.lines(checked).forEach(line -> System.out.println("container-bench: " + line));
            for (TargetSettings target : settings.targets()) {
                if (target.resources() != null) {
                    System.out.println("container-bench: " + TargetReport.checked(target.resources(),
                            settings.spelled(RunProperties.TARGET_RESOURCES), target.label()));
                }
            }
            Injectors injectors = Injectors.of(order, simulation, first.baseUrls());
            Environment environment = Environment.collect(first.pids().get(0));
            RunResult running = record.running(first, settings.injectors(), injectors.start(), environment, checked, client);
            Limits.warnings(environment, settings.plan(), running.baseline().common())
                    .forEach(warning -> System.out.println("container-bench: WARNING " + warning));
            List<Measurement.Target> measured = first.all().stream().map(target -> new Measurement.Target(target.settings().label(),
                    target.pid(), target.settings().resources())).toList();
            measurement = new Measurement(settings.plan(), settings.interleaving(), measured, settings.sampling(),
                    environment.logicalCpus(), settings.injectors(), injectors.phases(), new RequestMix(settings.app().requests()).names());
            targets.measuredBy(measurement);
            // -Dprofile.injector: this JVM sampled from here to the end; the results keep its blocks' samples.
            injector = settings.injectorProfiling() == Profiling.OFF ? null : Profiler.startHere(settings.injectorProfiling(),
                    settings.benchmarksDir().resolve("profiler"), order.store().directory().resolve(order.runId() + ".injector."
                    + settings.injectorProfiling().spelled() + ".jfr"));
            System.out.println("container-bench: run " + order.runId() + " against " + String.join(", ",
                    first.baseUrls().stream().map(URI::toString).toList()) + ", about "
                    + settings.loadSeconds() + " s of load" + injectors.describe());
            return new BenchmarkRun(settings, targets, injectors, measurement, record, parent, injector);
        } catch (IOException | RuntimeException e) {
            if (injector != null) {
                injector.stop();
            }
            if (measurement != null) {
                measurement.close();
            }
            if (targets != null) {
                targets.close();
            }
            record.failedToStart(e.getMessage());
            System.err.println("container-bench: " + e.getMessage());
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getMessage(), e);
        }
    }

    public RunSettings settings() {
        return settings;
    }

    /** The base URL of every target, in the order of the settings: the baseline first; every launch has the same. */
    @Override
    public List<URI> baseUrls() {
        return targets.current().baseUrls();
    }

    /**
     * Whether the users of {@code step} must wait before they start: for the other injectors before
     * the first step (the first ask says this one is ready), or for the step's launch of the targets.
     */
    @Override
    public boolean waiting(Step step) {
        return injectors.waiting(step) || targets.waiting(step.launch()) || atRest.waiting(step);
    }

    /** With {@code -Dclient=wrk}, what sends the measured load instead of Gatling's users; else {@code null}. */
    public WrkLoad wrk() {
        return wrk;
    }

    /** Each target's URL of the run's one GET, which wrk sends: the login, or the user's one request. */
    private static List<URI> urls(RunSettings settings, Launches targets) {
        String request = settings.app().requests().requests().get(0).pathAndQuery(column -> null);
        return targets.current().baseUrls().stream().map(base -> URI.create(base + request)).toList();
    }

    /** Whether a target JVM this run launched has exited. */
    @Override
    public boolean targetDied() {
        return targetDied;
    }

    /** Whether a capacity search has found every target's capacity: the rest of its stair is not run. */
    @Override
    public boolean searched() {
        return stair != null && stair.searched();
    }

    /** The steps of the load, in order: warm-ups, then tiers. */
    public List<Step> steps() {
        return measurement.steps();
    }

    /**
     * Writes the figures, publishes them and stops the targets, whatever happens.
     *
     * @throws IllegalStateException when a target died during the run (its figures are kept)
     */
    public void finish() {
        RunningTarget dead = targets.current().dead();
        String failure = targets.failure() != null ? targets.failure()
                : dead != null ? "the " + dead.settings().label() + " target died during the run"
                : wrk != null && wrk.failure() != null ? "wrk's load stopped: " + wrk.failure() : null;
        try {
            Boolean answered = targets.current().answerAfterLoad();
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            targets.stopProfiling();
            if (injectorProfiler != null) {
                injectorProfiler.stop();
            }
            StoredRun stored = record.finished(failure == null ? RunStatus.COMPLETE : RunStatus.FAILED, measurement, schedule,
                    targets.current(), gatlingRun.folder(), answered, failure, targets.recordings(),
                    injectorProfiler == null ? null : injectorProfiler.recording(), atRest.figures());
            Publication.report(stored, System.out);
            if (dead != null && targets.failure() == null) {
                System.out.println("container-bench: a target died during the run; end of its log:\n" + dead.logTail());
            }
            Publication.page(injectors.results(stored, record.store()), System.out);
        } finally {
            if (stair != null) {
                stair.close();
            }
            measurement.close();
            targets.close();
        }
        if (failure != null) {
            // Gatling writes no report after a failed hook; its log is kept, and this makes the report.
            throw new IllegalStateException((targets.failure() != null ? targets.failure() : dead != null ? "the target died during the run"
                    : failure) + (dead != null || targets.failure() != null ? " (its log is above)" : "") + "; results kept"
                    + (gatlingRun.folder() == null ? "" : "; Gatling's report: mvn gatling:test -Dgatling.reportsOnly="
                    + gatlingRun.folder().getFileName() + " -Dgatling.resultsFolder=" + gatlingRun.folder().getParent()));
        }
    }

    /** Pins this JVM to the injector's CPUs, warning when it started on more than it gets. */
    private static void pin(RunSettings settings) {
        String late = settings.placement().pinnedLateWarning(Runtime.getRuntime().availableProcessors(),
                GatlingInjector.eventLoops());
        if (late != null) {
            System.out.println(late);
        }
        if (settings.placement().injectorCpus() != null) {
            Pinning.pinThisJvm(settings.placement().injectorCpus(), settings.spelled(RunProperties.INJECTOR_CPUS));
        }
    }

    private static List<String> labels(RunSettings settings) {
        return settings.targets().stream().map(TargetSettings::label).toList();
    }
}
