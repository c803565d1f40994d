package containerbench.run;

import containerbench.launch.Pinning;
import containerbench.launch.RunningTarget;
import containerbench.measure.Environment;
import containerbench.measure.GatlingInjector;
import containerbench.measure.Limits;
import containerbench.measure.Measurement;
import containerbench.measure.Sampling;
import containerbench.measure.Step;
import containerbench.report.ComparisonPage;
import containerbench.report.ConsoleTable;
import containerbench.report.RunSet;
import containerbench.results.Comparisons;
import containerbench.results.Injection;
import containerbench.results.ResultsStore;
import containerbench.results.RunMerge;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import containerbench.settings.CpuPlacement;
import containerbench.settings.InjectorShare;
import containerbench.settings.Interleaving;
import containerbench.settings.ProjectRoot;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import containerbench.settings.TierPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * One benchmark run around the simulation, in stages: settings, launch, measure, results, report.
 * It only sequences them, and makes sure that whatever ends the run (the end of the plan, a dead
 * target, Ctrl-C, Maven killed) stops every target and keeps the figures measured so far.
 */
public final class BenchmarkRun {

    private final RunSettings settings;
    private final ResultsStore store;
    private final List<RunningTarget> targets;
    private final Measurement measurement;
    private final Schedule schedule;
    private final RunResult started;
    // The other injectors of -Dinjectors=N on this machine, or null.
    private final LocalInjectors others;
    private final AtomicBoolean finished = new AtomicBoolean();
    // Read by every virtual user before every login: a volatile field, not a process query.
    private volatile boolean targetDied;

    /**
     * @param launcher the process that started this JVM (Maven), as it was when the run began:
     *     asked later, a JVM whose Maven was killed meanwhile gets init instead, which never exits
     */
    private BenchmarkRun(RunSettings settings, ResultsStore store, List<RunningTarget> targets, Measurement measurement,
            RunResult started, LocalInjectors others, ProcessHandle launcher) {
        this.settings = settings;
        this.store = store;
        this.targets = targets;
        this.measurement = measurement;
        this.started = started;
        this.others = others;
        this.schedule = new Schedule(settings.plan(), settings.interleaving(),
                started.targets().stream().map(RunResult.Target::label).toList(), measurement);
        targets.forEach(target -> target.onExit(() -> targetDied = true));
        // Ctrl-C or a crash before the end: keep what was measured, marked as interrupted.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (finished.compareAndSet(false, true)) {
                store.write(result(RunStatus.INTERRUPTED, null));
            }
        }, "results-on-exit"));
        // Maven killed (SIGKILL): nothing would stop this JVM before the plan ends. Stop now, and
        // the hook above keeps what was measured.
        if (launcher != null) {
            launcher.onExit().thenRun(() -> {
                System.err.println("container-bench: the parent process (Maven) is gone: stopping");
                new Thread(() -> System.exit(1), "parent-gone").start();
            });
        }
    }

    /**
     * Everything before the load, from the properties this JVM was given: any bad setting fails
     * here, before a target is started; a target that does not answer fails here too.
     */
    public static BenchmarkRun start() {
        ProcessHandle launcher = ProcessHandle.current().parent().orElse(null);
        // The simulation that called: injectors this run starts on this machine run it too.
        String simulation = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass().getName();
        TargetCatalog catalog;
        RunSettings settings;
        try {
            catalog = TargetCatalog.read(ProjectRoot.find());
            settings = RunSettings.from(GivenProperties.ofThisJvm(), catalog, CpuPlacement.machineCpus(), "-D");
        } catch (SettingException e) {
            System.err.println("container-bench: " + e.getMessage());
            throw e;
        }
        CpuPlacement placement = settings.placement();
        String pinnedLate = placement.pinnedLateWarning(Runtime.getRuntime().availableProcessors(), GatlingInjector.eventLoops());
        if (pinnedLate != null) {
            System.out.println(pinnedLate);
        }
        if (placement.injectorCpus() != null) {
            Pinning.pinThisJvm(placement.injectorCpus());
        }
        ResultsStore store = new ResultsStore(settings.benchmarksDir());
        Instant now = Instant.now();
        InjectorShare share = settings.injectors();
        String containers = String.join("-", settings.targets().stream().map(TargetSettings::container).toList());
        String runId = store.claim(share.alone() ? containers : containers + "-injector" + share.index(), now);
        String description = settings.description(catalog);
        List<RunningTarget> targets = new ArrayList<>();
        try {
            List<RunResult.Target> described = new ArrayList<>();
            for (TargetSettings target : settings.targets()) {
                Path log = settings.targets().size() == 1 ? store.logOf(runId) : store.logOf(runId, target.label());
                if (target.launched()) {
                    System.out.println("container-bench: starting " + target.label() + ", log in " + log);
                }
                RunningTarget running = RunningTarget.start(target, placement, settings.cpuQuota(), catalog, log);
                targets.add(running);
                running.facts().forEach((key, value) -> System.out.println("  " + key + " = " + value));
                described.add(describe(target, running, store.relative(log)));
            }
            TierPlan plan = settings.plan();
            Interleaving interleaving = settings.interleaving();
            LocalInjectors others = null;
            if (share.local()) {
                // Time enough for the other Gatling JVMs to start and find the target.
                share = share.startingAt(Instant.now().plusSeconds(LOCAL_START_SECONDS).truncatedTo(ChronoUnit.SECONDS));
                others = LocalInjectors.start(share, simulation, settings.target().container(), targets.get(0).baseUrl(), store,
                        runId, settings.gatlingResults(), catalog.allKnobNames());
                System.out.println("container-bench: " + (share.count() - 1) + " more injector(s) started, logs in "
                        + others.logs().get(0).getParent());
            }
            if (!share.alone()) {
                System.out.println("container-bench: injector " + share.index() + " of " + share.count() + ", load from "
                        + share.startAt());
            }
            Environment environment = Environment.collect(targets.get(0).pid());
            RunResult result = RunResult.running(runId, description, now.toString(), described,
                    new RunResult.Plan(plan.tiers(), plan.tierSeconds(), plan.warmupSeconds(), plan.warmupUsers(), settings.recording()),
                    interleaving == null ? null : new RunResult.Interleaving(interleaving.rounds(), interleaving.blockSeconds(),
                            interleaving.precision() == null ? null : interleaving.precision().percent(),
                            interleaving.precision() == null ? null : interleaving.precision().maxMinutes()),
                    settings.cpuQuota() == null ? null : new RunResult.CpuLimit(settings.cpuQuota().cpus(),
                            settings.cpuQuota().periodMs(), targets.get(0).limit().controller(), Map.of()),
                    GatlingInjector.inspect(), environment, share.alone() ? null
                            : new Injection(share.count(), share.index(), share.startAt().toString(), null));
            store.write(result);
            Limits.warnings(environment, plan, described.get(0).common())
                    .forEach(warning -> System.out.println("container-bench: WARNING " + warning));
            Measurement measurement = new Measurement(plan, interleaving, described.stream().map(RunResult.Target::label).toList(),
                    targets.stream().map(RunningTarget::pid).toList(), settings.sampling(), environment.logicalCpus(), share);
            if (settings.cpuQuota() != null) {
                System.out.println("container-bench: each target limited to " + settings.cpuQuota().cpus() + " CPU per "
                        + settings.cpuQuota().periodMs() + " ms period (" + result.cpuLimit().controller() + ")");
            }
            System.out.println("container-bench: run " + runId + " against " + String.join(", ",
                    targets.stream().map(t -> t.baseUrl().toString()).toList()) + ", about " + settings.loadSeconds() + " s of load");
            return new BenchmarkRun(settings, store, targets, measurement, result, others, launcher);
        } catch (IOException e) {
            targets.forEach(RunningTarget::close);
            throw new java.io.UncheckedIOException("cannot start the other injectors", e);
        } catch (RuntimeException e) {
            targets.forEach(RunningTarget::close);
            store.write(RunResult.failedToStart(runId, settings.target().container(), description, now.toString(),
                    Instant.now().toString()));
            System.err.println("container-bench: " + e.getMessage());
            throw e;
        }
    }

    public RunSettings settings() {
        return settings;
    }

    /** The base URL of every target, in the order of the settings: the baseline first. */
    public List<URI> baseUrls() {
        return targets.stream().map(RunningTarget::baseUrl).toList();
    }

    /** Whether a target JVM this run launched has exited. */
    public boolean targetDied() {
        return targetDied;
    }

    /** The steps of the load, in order: warm-ups, then tiers (rotations of blocks, with several targets). */
    public List<Step> steps() {
        return measurement.steps();
    }



    /**
     * Writes the figures, prints the table, refreshes the comparison page and stops the targets,
     * whatever happens.
     *
     * @throws IllegalStateException when a target died during the run (its figures are kept)
     */
    public RunResult finish() {
        RunResult result;
        RunningTarget dead = null;
        try {
            dead = targets.stream().filter(RunningTarget::died).findFirst().orElse(null);
            List<Boolean> answered = targets.stream().map(RunningTarget::answersAfterLoad).toList();
            result = result(dead != null ? RunStatus.FAILED : RunStatus.COMPLETE,
                    answered.contains(null) ? null : !answered.contains(false));
            if (!finished.compareAndSet(false, true)) {
                return result;
            }
            Path file = store.write(result);
            System.out.println();
            System.out.print(ConsoleTable.render(result));
            if (dead != null) {
                System.out.println("container-bench: a target died during the run; end of its log:\n" + dead.logTail());
            }
            Sampling sampling = result.sampling();
            if (sampling != null) {
                System.out.printf("container-bench: %d samples of the targets' resources, %.0f us of CPU each%n",
                        sampling.samples(), sampling.cpuMicrosPerSample());
            }
            System.out.println("container-bench: results in " + file);
            if (others != null) {
                file = mergeLocal(result, file);
            }
            comparisonPage(file);
        } finally {
            measurement.close();
            targets.forEach(RunningTarget::close);
        }
        if (dead != null) {
            // Gatling writes no report after a failed hook; its log is kept, and this makes the report.
            Path report = gatlingRun();
            throw new IllegalStateException("the target died during the run (its log is above); results kept in "
                    + result.runId() + ".json" + (report == null ? "" : "; Gatling's report: mvn gatling:test -Dgatling.reportsOnly="
                    + report.getFileName() + " -Dgatling.resultsFolder=" + report.getParent()));
        }
        return result;
    }

    /**
     * The other injectors' results, merged with this one's: written beside them, its file returned.
     * One that failed leaves no merge, and says so; this run's own results stand.
     */
    private Path mergeLocal(RunResult mine, Path file) {
        try {
            List<StoredRun> runs = new ArrayList<>(List.of(new StoredRun(mine, file)));
            runs.addAll(others.awaitResults(Duration.ofSeconds(OTHERS_PATIENCE_SECONDS)));
            StoredRun stored = RunMerge.write(store, runs, RunMerge.DEFAULT_TOLERANCE_MILLIS);
            RunResult merged = stored.run();
            Path written = stored.file();
            System.out.println();
            System.out.println("container-bench: " + runs.size() + " injectors merged:");
            System.out.print(ConsoleTable.render(merged));
            if (!merged.injection().merged().drifted().isEmpty()) {
                System.out.println("container-bench: WARNING the injectors' windows drifted apart by more than "
                        + RunMerge.DEFAULT_TOLERANCE_MILLIS + " ms in " + merged.injection().merged().drifted());
            }
            System.out.println("container-bench: merged results in " + written);
            return written;
        } catch (IOException | RuntimeException e) {
            System.out.println("container-bench: WARNING no merged results: " + e.getMessage());
            return file;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return file;
        } finally {
            others.close();
        }
    }

    /** Seconds for the other local injectors to start before the load begins on all. */
    private static final int LOCAL_START_SECONDS = 20;
    /** Seconds the other local injectors may take to write their results after this one. */
    private static final int OTHERS_PATIENCE_SECONDS = 120;

    private void comparisonPage(Path file) {
        try {
            RunSet compared = RunSet.read(List.of(store.directory(), file));
            System.out.println("container-bench: comparison of " + compared.runs().size() + " run(s) in "
                    + ComparisonPage.write(store.directory(), compared));
        } catch (RuntimeException | LinkageError e) {
            // The run's own results are written; a page that cannot be made must not fail the run.
            System.out.println("container-bench: WARNING no comparison page (" + e + "); ./bench compare makes it later");
        }
    }

    private RunResult result(RunStatus status, Boolean answeredAfterRun) {
        Path run = gatlingRun();
        var blocks = measurement.blocks();
        List<String> labels = started.targets().stream().map(RunResult.Target::label).toList();
        Map<String, String> stoppedBy = new TreeMap<>();
        schedule.stoppedBy().forEach((tier, why) -> stoppedBy.put(measurement.tierName(tier), why));
        List<RunResult.Settling> settling = new ArrayList<>();
        List<Boolean> settled = schedule.settled();
        List<Integer> warmed = measurement.warmupSeconds();
        for (int i = 0; i < labels.size(); i++) {
            settling.add(new RunResult.Settling(labels.get(i), warmed.get(i), settled.get(i)));
        }
        return started.finished(status, Instant.now().toString(), run == null ? null : store.relative(run.resolve("index.html")),
                measurement.sampling(), measurement.warmupResults(), settling, measurement.tierResults(), blocks,
                Comparisons.of(blocks, labels, stoppedBy), answeredAfterRun, throttling());
    }

    /** The kernel's throttling counters of every limited target, by label. */
    private Map<String, Map<String, Long>> throttling() {
        Map<String, Map<String, Long>> throttling = new TreeMap<>();
        for (int i = 0; i < targets.size(); i++) {
            if (targets.get(i).limit() != null) {
                throttling.put(started.targets().get(i).label(), targets.get(i).limit().throttling());
            }
        }
        return throttling;
    }

    /**
     * Gatling writes its simulation.log during the run into a new folder of the results folder,
     * and the report into the same folder after it: the newest folder that started after us.
     */
    private Path gatlingRun() {
        Path results = settings.gatlingResults();
        if (!Files.isDirectory(results)) {
            return null;
        }
        long since = Instant.parse(started.startedAt()).toEpochMilli() - 1000;
        try (Stream<Path> dirs = Files.list(results)) {
            return dirs.filter(dir -> Files.exists(dir.resolve("simulation.log")))
                    .filter(dir -> dir.toFile().lastModified() >= since)
                    .max(Comparator.comparingLong(dir -> dir.toFile().lastModified())).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** A target as the results record it: every knob as it reported it after start, and under its common name. */
    private static RunResult.Target describe(TargetSettings settings, RunningTarget target, String log) {
        if (!target.launched()) {
            return new RunResult.Target(settings.label(), settings.container(), "unknown", false, target.baseUrl().toString(),
                    null, null, Map.of(), Map.of(), null);
        }
        Map<String, String> knobs = new TreeMap<>();
        target.facts().forEach((key, value) -> {
            if (key.startsWith("knob.")) {
                knobs.put(key.substring("knob.".length()), value);
            }
        });
        Map<String, String> common = new TreeMap<>();
        settings.commonNames().forEach((name, knob) -> common.put(name, knobs.get(knob)));
        return new RunResult.Target(settings.label(), settings.container(),
                Objects.requireNonNullElse(target.facts().get("container.version"), "unknown"), true,
                target.baseUrl().toString(), target.facts().get("java.version"), target.facts().get("jvm.args"), knobs, common, log);
    }
}
