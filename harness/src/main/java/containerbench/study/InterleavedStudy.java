package containerbench.study;

import containerbench.report.ComparisonPage;
import containerbench.report.ConsoleTable;
import containerbench.report.RunSet;
import containerbench.results.ResultsStore;
import containerbench.results.StoredRun;
import containerbench.run.ChildRun;
import containerbench.run.MavenRun;
import containerbench.settings.Given;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A study whose configurations are the targets of interleaved runs: per repetition, one run of all
 * of them (or, past {@link #MOST_TARGETS}, several runs that each start with the baseline), so that
 * every configuration gets a paired verdict against the first with its interval, adjusted for the
 * run's other intervals; over repetitions, one pooled verdict whose interval carries the spread
 * between runs. Cells run one after another in the same order were paired by repetition only, with
 * the machine's drift inside each repetition falling on the later cells.
 */
public final class InterleavedStudy {

    /** The most targets of one run: each a JVM of its own (2 GiB of heap by default), idle while the others load. */
    static final int MOST_TARGETS = 8;

    // Start-up, warm-up checks and Gatling's report, on top of a run's load: measured about half a minute here.
    private static final int OVERHEAD_SECONDS = 40;

    private final StudyPlan plan;
    private final Path planFile;
    private final List<RunSettings> runs;
    private final Map<String, String> gatling;

    private InterleavedStudy(StudyPlan plan, Path planFile, List<RunSettings> runs, Map<String, String> gatling) {
        this.plan = plan;
        this.planFile = planFile;
        this.runs = runs;
        this.gatling = gatling;
    }

    /**
     * Checks every run's settings as it would check them, and the time the plan takes.
     *
     * @param maxMinutes the longest the plan may take: the study file's, or what its user allows
     */
    public static InterleavedStudy prepare(StudyPlan plan, Path planFile, TargetCatalog catalog, int machineCpus, int maxMinutes) {
        for (String knob : plan.matrix().keySet()) {
            if (!catalog.allKnobNames().contains(knob)) {
                throw new SettingException(planFile + ": matrix." + knob + " is not a knob of a container, and only knobs can differ"
                        + " between the targets of one run: set design = separate to run each cell on its own");
            }
        }
        List<StudyPlan.Cell> configurations = plan.configurations();
        List<RunSettings> runs = new ArrayList<>();
        for (int from = 1; from < configurations.size(); from += MOST_TARGETS - 1) {
            List<StudyPlan.Cell> group = new ArrayList<>(List.of(configurations.get(0)));
            group.addAll(configurations.subList(from, Math.min(configurations.size(), from + MOST_TARGETS - 1)));
            Map<String, String> properties = new LinkedHashMap<>(RunProperties.gatlings(plan.run(), false));
            properties.put(RunProperties.CONTAINERS.name(), String.join(",", group.stream().map(StudyPlan.Cell::target).toList()));
            // Every repetition launches the targets afresh, and the pool of repetitions carries how launches differ
            // (docs/studies.md): one launch in each unless the file asks for more.
            properties.putIfAbsent(RunProperties.LAUNCHES.name(), "1");
            try {
                runs.add(RunSettings.from(new Given(properties, "run."), catalog, machineCpus));
            } catch (SettingException e) {
                throw new SettingException(planFile + ", the run of " + properties.get(RunProperties.CONTAINERS.name()) + ": "
                        + e.getMessage());
            }
        }
        InterleavedStudy study = new InterleavedStudy(plan, planFile, runs, RunProperties.gatlings(plan.run(), true));
        if (study.minutes() > maxMinutes) {
            throw new SettingException(planFile + ": about " + study.minutes() + " min (" + plan.repetitions() + " repetition(s) of "
                    + runs.size() + " run(s)), past maxMinutes = " + maxMinutes + ": raise maxMinutes in the file, or allow it with"
                    + " --maxMinutes " + study.minutes());
        }
        return study;
    }

    /** About how long the study takes: every run's load at most, and its start and report. */
    public long minutes() {
        long seconds = runs.stream().mapToLong(run -> run.loadSeconds() + OVERHEAD_SECONDS).sum() * plan.repetitions();
        return (seconds + 59) / 60;
    }

    /** Each run's targets, as the study lays them out. */
    public List<String> targets() {
        return runs.stream().map(run -> String.join(", ", run.targets().stream().map(t -> t.label()).toList())).toList();
    }

    /** Runs every repetition into a new folder under {@code studiesDir}; returns the runs that did not complete. */
    public int run(Path studiesDir) throws IOException, InterruptedException {
        Instant started = Instant.now();
        Path dir = ResultsStore.newDirectory(studiesDir, plan.name(), started);
        int total = runs.size() * plan.repetitions();
        System.out.printf("[study] %s: %d configurations as the targets of %d interleaved run(s), %d repetition(s): about %d min;"
                + " results in %s%n", plan.name(), plan.configurations().size(), runs.size(), plan.repetitions(), minutes(), dir);
        List<StoredRun> done = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        int index = 0;
        for (int repetition = 1; repetition <= plan.repetitions(); repetition++) {
            for (int group = 0; group < runs.size(); group++) {
                index++;
                RunSettings settings = runs.get(group).writingTo(dir);
                ChildRun child = ChildRun.prepare(settings);
                Instant start = Instant.now();
                int exit = MavenRun.gatling(dir.resolve(String.format("run-%03d.mvn.log", index)), settings, child,
                        plan.name() + " repetition " + repetition + ": " + targets().get(group), gatling).waitFor();
                StoredRun stored = child.results();
                String incomplete = ChildRun.incomplete(exit, stored);
                boolean complete = incomplete == null;
                if (complete) {
                    done.add(stored);
                } else {
                    failed.add(String.format("run %d (repetition %d): %s", index, repetition, incomplete));
                }
                long elapsed = Duration.between(started, Instant.now()).toSeconds();
                System.out.printf("[study] run %d of %d (repetition %d): %s in %d s; %d min elapsed, about %d min left%n", index, total,
                        repetition, complete ? "complete" : "failed", Duration.between(start, Instant.now()).toSeconds(),
                        elapsed / 60, elapsed / index * (total - index) / 60);
            }
        }
        RunSet set = new RunSet(done, failed);
        ResultsStore.writeJson(dir.resolve("study.json"), new Record(3, plan.name(), plan.description(), planFile.toString(),
                "interleaved", started.toString(), Instant.now().toString(), done.stream().map(r -> dir.relativize(r.file()).toString())
                .toList(), failed));
        System.out.println();
        System.out.print(plan.repetitions() > 1 ? ConsoleTable.pooled(done) : String.join("", done.stream()
                .map(r -> ConsoleTable.verdicts(r.run())).toList()));
        Path page = ComparisonPage.write(dir, set);
        System.out.println("[study] " + dir.resolve("study.json") + "; page " + page + " (again with ./bench compare and the runs' files)");
        return failed.size();
    }

    /**
     * What {@code study.json} holds for an interleaved study (schema 3): the runs' results files,
     * relative to it, and the runs that failed; every figure is in the runs.
     */
    public record Record(int schema, String study, String description, String file, String design, String startedAt,
            String finishedAt, List<String> runs, List<String> failed) {
    }
}
