package containerbench.run;

import containerbench.launch.Pinning;
import containerbench.launch.RunningTarget;
import containerbench.measure.Environment;
import containerbench.measure.GatlingInjector;
import containerbench.measure.Limits;
import containerbench.measure.Measurement;
import containerbench.measure.Sampling;
import containerbench.measure.TierRecorder;
import containerbench.report.ComparisonPage;
import containerbench.report.ConsoleTable;
import containerbench.report.RunSet;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.settings.CpuPlacement;
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
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * One benchmark run around the simulation, in stages: settings, launch, measure, results, report.
 * It only sequences them, and makes sure that whatever ends the run (the end of the plan, a dead
 * target, Ctrl-C, Maven killed) stops the target and keeps the figures measured so far.
 */
public final class BenchmarkRun {

    private final RunSettings settings;
    private final ResultsStore store;
    private final RunningTarget target;
    private final Measurement measurement;
    private final RunResult started;
    private final AtomicBoolean finished = new AtomicBoolean();
    // Read by every virtual user before every login: a volatile field, not a process query.
    private volatile boolean targetDied;

    private BenchmarkRun(RunSettings settings, ResultsStore store, RunningTarget target, Measurement measurement,
            RunResult started) {
        this.settings = settings;
        this.store = store;
        this.target = target;
        this.measurement = measurement;
        this.started = started;
        target.onExit(() -> targetDied = true);
        // Maven killed (SIGKILL): nothing would stop this JVM before the plan ends. Stop now, and
        // the hook below keeps what was measured.
        ProcessHandle.current().parent().ifPresent(maven -> maven.onExit().thenRun(() -> {
            System.err.println("container-bench: the parent process (Maven) is gone: stopping");
            new Thread(() -> System.exit(1), "parent-gone").start();
        }));
        // Ctrl-C or a crash before the end: keep what was measured, marked as interrupted.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (finished.compareAndSet(false, true)) {
                store.write(result(RunStatus.INTERRUPTED, null));
            }
        }, "results-on-exit"));
    }

    /**
     * Everything before the load, from the properties this JVM was given: any bad setting fails
     * here, before a target is started; a target that does not answer fails here too.
     */
    public static BenchmarkRun start() {
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
        TargetSettings targetSettings = settings.target();
        ResultsStore store = new ResultsStore(settings.benchmarksDir());
        Instant now = Instant.now();
        String runId = store.claim(targetSettings.container(), now);
        String description = settings.description(catalog);
        RunningTarget target = null;
        try {
            if (targetSettings.launched()) {
                System.out.println("container-bench: starting " + description + ", log in " + store.logOf(runId));
            }
            target = RunningTarget.start(targetSettings, placement, catalog, store.logOf(runId));
            target.facts().forEach((key, value) -> System.out.println("  " + key + " = " + value));
            TierPlan plan = settings.plan();
            Environment environment = Environment.collect(target.pid());
            RunResult result = RunResult.running(runId, targetSettings.container(),
                    target.facts().getOrDefault("container.version", "unknown"), description, now.toString(),
                    describe(targetSettings, target, store.relative(store.logOf(runId))),
                    new RunResult.Plan(plan.tiers(), plan.tierSeconds(), plan.warmupSeconds(), plan.warmupUsers(),
                            settings.recording()), GatlingInjector.inspect(), environment);
            store.write(result);
            Limits.warnings(environment, plan, result.target().common())
                    .forEach(warning -> System.out.println("container-bench: WARNING " + warning));
            Measurement measurement = new Measurement(plan, target.pid(), settings.sampling(), environment.logicalCpus());
            System.out.println("container-bench: run " + runId + " against " + target.baseUrl() + ", about "
                    + plan.loadSeconds() + " s of load");
            return new BenchmarkRun(settings, store, target, measurement, result);
        } catch (RuntimeException e) {
            if (target != null) {
                target.close();
            }
            store.write(RunResult.failedToStart(runId, targetSettings.container(), description, now.toString(),
                    Instant.now().toString()));
            System.err.println("container-bench: " + e.getMessage());
            throw e;
        }
    }

    public RunSettings settings() {
        return settings;
    }

    public URI baseUrl() {
        return target.baseUrl();
    }

    /** Whether the target JVM this run launched has exited. */
    public boolean targetDied() {
        return targetDied;
    }

    public TierRecorder warmup() {
        return measurement.warmup();
    }

    public List<TierRecorder> tiers() {
        return measurement.tiers();
    }

    /**
     * Writes the figures, prints the table, refreshes the comparison page and stops the target,
     * whatever happens.
     *
     * @throws IllegalStateException when the target died during the run (its figures are kept)
     */
    public RunResult finish() {
        RunResult result;
        try {
            boolean died = target.died();
            result = result(died ? RunStatus.FAILED : RunStatus.COMPLETE, target.answersAfterLoad());
            if (!finished.compareAndSet(false, true)) {
                return result;
            }
            Path file = store.write(result);
            System.out.println();
            System.out.print(ConsoleTable.render(result));
            if (died) {
                System.out.println("container-bench: the target died during the run; end of its log:\n" + target.logTail());
            }
            Sampling sampling = result.sampling();
            if (sampling != null) {
                System.out.printf("container-bench: %d samples of the target's resources, %.0f us of CPU each%n",
                        sampling.samples(), sampling.cpuMicrosPerSample());
            }
            System.out.println("container-bench: results in " + file);
            comparisonPage(file);
        } finally {
            measurement.close();
            target.close();
        }
        if (result.status() == RunStatus.FAILED) {
            // Gatling writes no report after a failed hook; its log is kept, and this makes the report.
            Path report = gatlingRun();
            throw new IllegalStateException("the target died during the run (its log is above); results kept in "
                    + result.runId() + ".json" + (report == null ? "" : "; Gatling's report: mvn gatling:test -Dgatling.reportsOnly="
                    + report.getFileName() + " -Dgatling.resultsFolder=" + report.getParent()));
        }
        return result;
    }

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
        return started.finished(status, Instant.now().toString(), run == null ? null : store.relative(run.resolve("index.html")),
                measurement.sampling(), measurement.warmupResult(), measurement.tierResults(), answeredAfterRun);
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

    /** The target as the results record it: every knob as it reported it after start, and under its common name. */
    private static RunResult.Target describe(TargetSettings settings, RunningTarget target, String log) {
        if (!target.launched()) {
            return new RunResult.Target(false, target.baseUrl().toString(), null, null, Map.of(), Map.of(), null);
        }
        Map<String, String> knobs = new TreeMap<>();
        target.facts().forEach((key, value) -> {
            if (key.startsWith("knob.")) {
                knobs.put(key.substring("knob.".length()), value);
            }
        });
        Map<String, String> common = new TreeMap<>();
        settings.commonNames().forEach((name, knob) -> common.put(name, knobs.get(knob)));
        return new RunResult.Target(true, target.baseUrl().toString(), target.facts().get("java.version"),
                target.facts().get("jvm.args"), knobs, common, log);
    }
}
