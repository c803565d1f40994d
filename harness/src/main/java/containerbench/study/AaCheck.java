package containerbench.study;

import containerbench.report.ComparisonPage;
import containerbench.report.RunSet;
import containerbench.results.AaCalibration;
import containerbench.results.AaTally;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import containerbench.run.ChildRun;
import containerbench.run.MavenRun;
import containerbench.settings.Given;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An A/A calibration on demand: one container against itself in several runs, each a fresh
 * {@code mvn gatling:test} (fresh JVMs) with the run's own design, and what they say of the method
 * ({@link AaTally}): how many 95% intervals held 1 and how many runs said a difference. Its
 * {@code calibration.json} is what a verdict's page cites for its kind of machine.
 */
public final class AaCheck {

    /**
     * Five runs: of six tiers, 12 intervals a run at least (TPS and CPU per response), 60 in all; five
     * runs none of which says a difference still leave 0-52% as the interval of that share.
     */
    public static final int DEFAULT_RUNS = 5;

    // Start-up, warm-up checks and Gatling's report, on top of a run's load, as for a study.
    private static final int OVERHEAD_SECONDS = 40;

    private final String container;
    private final int runs;
    private final RunSettings settings;
    private final Map<String, String> gatling;

    private AaCheck(String container, int runs, RunSettings settings, Map<String, String> gatling) {
        this.container = container;
        this.runs = runs;
        this.settings = settings;
        this.gatling = gatling;
    }

    /**
     * Checks the runs' settings before any starts: {@code container} twice as the targets, with the
     * given properties (tiers, rounds, launches, ...).
     *
     * @param container a container, with knobs if wanted: "tomcat", "tomcat[maxThreads=512]"
     * @param properties the runs' -D properties, without {@code containers}
     */
    public static AaCheck prepare(String container, int runs, Map<String, String> properties, TargetCatalog catalog, int machineCpus) {
        if (runs < 2) {
            throw new SettingException("an A/A calibration needs 2 runs or more, each with fresh JVMs; " + runs + " was given");
        }
        for (String name : List.of(RunProperties.CONTAINERS.name(), RunProperties.CONTAINER.name())) {
            if (properties.containsKey(name)) {
                throw new SettingException(name + " is the A/A calibration's own: it runs --container twice as the targets");
            }
        }
        Map<String, String> given = new LinkedHashMap<>(RunProperties.gatlings(properties, false));
        given.put(RunProperties.CONTAINERS.name(), container + "," + container);
        RunSettings settings = RunSettings.from(new Given(given, Given.COMMAND_LINE), catalog, machineCpus);
        return new AaCheck(container, runs, settings, RunProperties.gatlings(properties, true));
    }

    /** About how long the calibration takes: each run's load at most, its start and report. */
    public long minutes() {
        return ((settings.loadSeconds() + OVERHEAD_SECONDS) * (long) runs + 59) / 60;
    }

    /**
     * Runs every run into a new folder under the results folder's {@code calibrations}, where pages look
     * for it ({@link AaCalibration#latest}); returns the calibration as stored.
     */
    public AaCalibration run(Path benchmarksDir, PrintStream out) throws IOException, InterruptedException {
        Instant started = Instant.now();
        Path dir = newFolder(benchmarksDir, container, started);
        out.printf("[aa] %s against itself, %d runs of %s: about %d min; results in %s%n", container, runs, design(settings), minutes(),
                dir);
        List<StoredRun> done = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (int index = 1; index <= runs; index++) {
            RunSettings run = settings.writingTo(dir);
            ChildRun child = ChildRun.prepare(run);
            Instant start = Instant.now();
            int exit = MavenRun.gatling(dir.resolve(String.format("run-%03d.mvn.log", index)), run, child,
                    "A/A calibration run " + index + " of " + runs + ": " + container + " against itself", gatling).waitFor();
            StoredRun stored = child.results();
            String incomplete = ChildRun.incomplete(exit, stored);
            boolean complete = incomplete == null;
            if (complete) {
                done.add(stored);
            } else {
                failed.add(String.format("run %d: %s", index, incomplete));
            }
            out.printf("[aa] run %d of %d: %s in %d s%n", index, runs, complete ? "complete" : "failed",
                    Duration.between(start, Instant.now()).toSeconds());
        }
        if (done.isEmpty()) {
            throw new IOException("no run of the A/A calibration completed: " + String.join("; ", failed));
        }
        AaCalibration calibration = record(done, failed, dir);
        ComparisonPage.write(dir, new RunSet(done, failed));
        return calibration;
    }

    /** A new folder for a calibration of {@code container}, under the results folder's {@code calibrations}. */
    public static Path newFolder(Path benchmarksDir, String container, Instant time) {
        return ResultsStore.newDirectory(AaCalibration.folder(benchmarksDir), "aa-" + container.replaceAll("[^A-Za-z0-9=.-]", "_"),
                time);
    }

    /**
     * Refuses runs that cannot make one calibration, before anything is written: runs that are not
     * A/A runs, or not of one container on one kind of machine, naming what differs.
     *
     * @return their tally
     */
    public static AaTally check(List<StoredRun> done) {
        List<RunResult> results = done.stream().map(StoredRun::run).toList();
        AaTally tally;
        try {
            tally = AaTally.of(results);
        } catch (IllegalArgumentException e) {
            throw new SettingException(e.getMessage());
        }
        RunResult first = results.get(0);
        for (RunResult run : results) {
            if (!run.baseline().label().equals(first.baseline().label())) {
                throw new SettingException(run.runId() + " ran " + run.baseline().label() + " and " + first.runId() + " "
                        + first.baseline().label() + ": one calibration is of one container");
            }
            if (run.environment() == null || first.environment() == null || !run.environment().cpu().equals(first.environment().cpu())
                    || run.environment().logicalCpus() != first.environment().logicalCpus()) {
                throw new SettingException(run.runId() + " ran on " + machine(run) + " and " + first.runId() + " on " + machine(first)
                        + ": one calibration is of one kind of machine");
            }
        }
        return tally;
    }

    /**
     * The calibration of completed runs, written into {@code folder}: the tally of runs made here, or of
     * A/A runs made by hand with {@code -Dcontainers=X,X}. Started when the first run started.
     *
     * @throws SettingException as {@link #check} does
     */
    public static AaCalibration record(List<StoredRun> done, List<String> failed, Path folder) {
        AaTally tally = check(done);
        Path dir = folder.toAbsolutePath().normalize();
        List<RunResult> results = done.stream().map(StoredRun::run).toList();
        RunResult first = results.get(0);
        var i = first.interleaving();
        AaCalibration calibration = new AaCalibration(1, first.baseline().label(),
                results.stream().map(RunResult::startedAt).min(String::compareTo).orElseThrow(),
                results.stream().map(RunResult::finishedAt).max(String::compareTo).orElseThrow(), first.environment().cpu(),
                first.environment().logicalCpus(), AaCalibration.design(i.launchCount(), i.rounds(), i.blockSeconds(),
                        first.comparisons().size()),
                done.stream().map(r -> dir.relativize(r.file().toAbsolutePath().normalize()).toString()).toList(), failed, tally);
        ResultsStore.writeJson(dir.resolve(AaCalibration.FILE), calibration);
        return calibration;
    }

    private static String machine(RunResult run) {
        return run.environment() == null ? "an unrecorded machine" : run.environment().logicalCpus() + " x " + run.environment().cpu();
    }

    private static String design(RunSettings settings) {
        var i = settings.interleaving();
        return AaCalibration.design(i.launches(), i.rounds(), i.blockSeconds(), settings.plan().tiers().size());
    }
}
