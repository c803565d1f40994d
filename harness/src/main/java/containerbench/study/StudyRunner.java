package containerbench.study;

import containerbench.results.PairedRatio;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import containerbench.run.ChildRun;
import containerbench.run.MavenRun;
import containerbench.settings.Given;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Runs a study: every cell in turn (never two at once), each a fresh {@code mvn gatling:test}
 * with its own target JVM, warm-up and tiers; shows progress; records a failed cell and goes on;
 * then writes the per-configuration spread over the repetitions, with its table and page.
 */
public final class StudyRunner {

    private final StudyPlan plan;
    private final Path planFile;
    // Each cell's own settings, checked before the first cell starts; Gatling's and Netty's own handed on.
    private final List<RunSettings> cells;
    private final Map<String, String> gatling;

    private StudyRunner(StudyPlan plan, Path planFile, List<RunSettings> cells, Map<String, String> gatling) {
        this.plan = plan;
        this.planFile = planFile;
        this.cells = cells;
        this.gatling = gatling;
    }

    /** Reads the study file and checks every cell's settings, as its run would, before any starts. */
    public static StudyRunner prepare(Path planFile, TargetCatalog catalog, int machineCpus) {
        StudyPlan plan = StudyPlan.read(planFile);
        List<RunSettings> cells = new ArrayList<>();
        for (StudyPlan.Cell cell : plan.cells()) {
            Map<String, String> properties = new LinkedHashMap<>(RunProperties.gatlings(plan.run(), false));
            properties.put(RunProperties.CONTAINER.name(), cell.container());
            properties.putAll(cell.knobs());
            try {
                cells.add(RunSettings.from(new Given(properties, "run."), catalog, machineCpus));
            } catch (SettingException e) {
                throw new SettingException(planFile + ", " + cell.configuration() + ": " + e.getMessage());
            }
        }
        return new StudyRunner(plan, planFile, cells, RunProperties.gatlings(plan.run(), true));
    }

    public StudyPlan plan() {
        return plan;
    }

    /** A study that ran: its folder, and what it found. */
    public record Outcome(Path directory, StudyResult study) {
    }

    /** Runs every cell into a new folder under {@code studiesDir} and writes study.json, summary.md and study.html. */
    public Outcome run(Path studiesDir) throws IOException, InterruptedException {
        Instant started = Instant.now();
        Path dir = ResultsStore.newDirectory(studiesDir, plan.name(), started);
        List<StudyPlan.Cell> planned = plan.cells();
        System.out.printf("[study] %s: %d cells (%d configuration(s) x %d repetition(s)), one at a time; results in %s%n",
                plan.name(), planned.size(), planned.size() / plan.repetitions(), plan.repetitions(), dir);
        List<StudyResult.CellResult> results = new ArrayList<>();
        for (int i = 0; i < planned.size(); i++) {
            StudyPlan.Cell cell = planned.get(i);
            StudyResult.CellResult result = runCell(dir, cell, cells.get(i), i + 1);
            results.add(result);
            Duration elapsed = Duration.between(started, Instant.now());
            long left = elapsed.toSeconds() / (i + 1) * (planned.size() - i - 1);
            System.out.printf("[study] cell %d of %d: %s (repetition %d): %s in %.0f s; %s elapsed, about %s left%n",
                    i + 1, planned.size(), cell.configuration(), cell.repetition(), result.status()
                    + (result.message() == null ? "" : " (" + result.message() + ")"), result.seconds(),
                    minutes(elapsed.toSeconds()), minutes(left));
        }
        StudyResult study = new StudyResult(2, plan.name(), plan.description(), planFile.toString(),
                started.toString(), Instant.now().toString(), results, summarize(results));
        ResultsStore.writeJson(dir.resolve("study.json"), study);
        writeViews(dir, study);
        return new Outcome(dir, study);
    }

    /** The table, summary.md and study.html of a study, from its study.json; no load. */
    public static StudyResult writeViews(Path studyJson) throws IOException {
        StudyResult study = ResultsStore.readJson(studyJson, StudyResult.class);
        writeViews(studyJson.toAbsolutePath().getParent(), study);
        return study;
    }

    private static void writeViews(Path dir, StudyResult study) throws IOException {
        Files.writeString(dir.resolve("summary.md"), StudyTable.markdown(study));
        Files.writeString(dir.resolve("study.html"), StudyPage.html(study));
        System.out.println();
        System.out.print(StudyTable.render(study));
        System.out.println("[study] " + dir.resolve("study.json") + " and " + dir.resolve("summary.md") + ", page "
                + dir.resolve("study.html"));
    }

    private StudyResult.CellResult runCell(Path dir, StudyPlan.Cell cell, RunSettings settings, int index)
            throws IOException, InterruptedException {
        Path cellDir = Files.createDirectories(dir.resolve(String.format("cell-%03d", index)));
        RunSettings inCell = settings.writingTo(cellDir);
        ChildRun child = ChildRun.prepare(inCell);
        Instant start = Instant.now();
        int exit = MavenRun.gatling(cellDir.resolve("mvn.log"), inCell, child, plan.name() + " cell " + index + ": "
                + cell.configuration(), gatling).waitFor();
        double seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;
        return outcome(index, cell, exit, child.results(), cellDir.resolve("mvn.log"), seconds);
    }

    /**
     * A cell as its run ended: complete with its tiers, or failed with why in one line, the target's
     * own error where the run quotes one, and Maven's exit when it was not 0.
     *
     * @param stored the run's results, {@code null} when it wrote none
     */
    static StudyResult.CellResult outcome(int index, StudyPlan.Cell cell, int exit, StoredRun stored, Path mvnLog,
            double seconds) {
        RunResult run = stored == null ? null : stored.run();
        if (exit != 0 || run == null || run.status() != RunStatus.COMPLETE) {
            String why = run == null ? "no results; see " + mvnLog
                    : run.failure() != null ? reason(run.failure()) : "run " + run.status();
            return new StudyResult.CellResult(index, cell.container(), cell.knobs(), cell.repetition(), RunStatus.FAILED,
                    run == null ? null : run.runId(), seconds, why + (exit != 0 ? ", mvn exit " + exit : ""), List.of());
        }
        List<StudyResult.CellTier> tiers = run.tiers().stream().map(t -> new StudyResult.CellTier(t.users(), t.tps(),
                t.latencyMs() == null ? null : t.latencyMs().p99(), t.failurePercent(), t.overloaded())).toList();
        return new StudyResult.CellResult(index, cell.container(), cell.knobs(), cell.repetition(), RunStatus.COMPLETE,
                run.runId(), seconds, null, tiers);
    }

    /**
     * A failure in one line: the target's own error where the run quotes it (every launcher says
     * "error: ..."), else the run's first line.
     */
    private static String reason(String failure) {
        return failure.lines().filter(line -> line.startsWith("error: ")).reduce((a, b) -> b)
                .map(line -> line.substring("error: ".length())).orElse(failure.lines().findFirst().orElse(failure));
    }

    /**
     * Per configuration and tier: the spread over the repetitions, whether it has the best mean, and
     * its ratio to the baseline (the first configuration) paired round by round, since the rounds ran
     * in turn and a round's cells met the same state of the machine.
     */
    static List<StudyResult.Summary> summarize(List<StudyResult.CellResult> cells) {
        Map<String, List<StudyResult.CellResult>> byConfiguration = new LinkedHashMap<>();
        cells.forEach(c -> byConfiguration.computeIfAbsent(new StudyPlan.Cell(c.container(), c.knobs(), 0).configuration(),
                k -> new ArrayList<>()).add(c));
        List<StudyResult.CellResult> baseline = byConfiguration.values().iterator().next();
        Map<String, Map<Integer, StudyResult.SummaryTier>> tiers = new LinkedHashMap<>();
        for (Map.Entry<String, List<StudyResult.CellResult>> entry : byConfiguration.entrySet()) {
            List<StudyResult.CellResult> done = entry.getValue().stream().filter(StudyResult.CellResult::complete).toList();
            Set<Integer> users = done.stream().flatMap(c -> c.tiers().stream()).map(StudyResult.CellTier::users)
                    .collect(Collectors.toCollection(TreeSet::new));
            Map<Integer, StudyResult.SummaryTier> perTier = new LinkedHashMap<>();
            for (int u : users) {
                List<StudyResult.CellTier> same = done.stream().flatMap(c -> c.tiers().stream()).filter(t -> t.users() == u).toList();
                perTier.put(u, new StudyResult.SummaryTier(u, Spread.of(same.stream().map(StudyResult.CellTier::tps).toList()),
                        Spread.of(same.stream().filter(t -> t.p99() != null).map(t -> t.p99().doubleValue()).toList()),
                        same.stream().mapToDouble(StudyResult.CellTier::failurePercent).average().orElse(0), false,
                        entry.getValue() == baseline ? null : paired(entry.getValue(), baseline, u)));
            }
            tiers.put(entry.getKey(), perTier);
        }
        // Per tier: the best mean TPS.
        Set<Integer> allUsers = tiers.values().stream().flatMap(m -> m.keySet().stream()).collect(Collectors.toSet());
        for (int u : allUsers) {
            StudyResult.SummaryTier best = tiers.values().stream().map(m -> m.get(u)).filter(t -> t != null)
                    .max(Comparator.comparingDouble(t -> t.tps().mean())).orElseThrow();
            for (Map<Integer, StudyResult.SummaryTier> m : tiers.values()) {
                StudyResult.SummaryTier t = m.get(u);
                if (t != null) {
                    m.put(u, new StudyResult.SummaryTier(u, t.tps(), t.p99(), t.failurePercentMean(), t == best, t.toBaseline()));
                }
            }
        }
        List<StudyResult.Summary> summary = new ArrayList<>();
        byConfiguration.forEach((configuration, group) -> summary.add(new StudyResult.Summary(configuration,
                group.get(0).container(), group.get(0).knobs(),
                (int) group.stream().filter(StudyResult.CellResult::complete).count(),
                (int) group.stream().filter(c -> !c.complete()).count(),
                List.copyOf(tiers.get(configuration).values()))));
        return summary;
    }

    /** The configuration's TPS at {@code users} over the baseline's, in each repetition both completed. */
    private static PairedRatio paired(List<StudyResult.CellResult> configuration, List<StudyResult.CellResult> baseline, int users) {
        List<Double> others = new ArrayList<>();
        List<Double> bases = new ArrayList<>();
        for (StudyResult.CellResult cell : configuration) {
            Optional<Double> mine = tps(Optional.of(cell), users);
            Optional<Double> base = tps(baseline.stream().filter(b -> b.repetition() == cell.repetition()).findFirst(), users);
            if (mine.isPresent() && base.isPresent()) {
                others.add(mine.get());
                bases.add(base.get());
            }
        }
        return others.isEmpty() ? null : PairedRatio.of(others, bases);
    }

    private static Optional<Double> tps(Optional<StudyResult.CellResult> cell, int users) {
        return cell.filter(StudyResult.CellResult::complete).flatMap(c -> c.tiers().stream().filter(t -> t.users() == users)
                .map(StudyResult.CellTier::tps).filter(tps -> tps > 0).findFirst());
    }

    private static String minutes(long seconds) {
        return seconds < 120 ? seconds + " s" : (seconds / 60) + " min";
    }
}
