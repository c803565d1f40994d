package containerbench.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import containerbench.harness.CpuPlacement;
import containerbench.harness.MavenRun;
import containerbench.harness.ResultsStore;
import containerbench.harness.RunResult;
import containerbench.harness.SettingException;
import containerbench.harness.TierResult;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs a study file: every cell in turn (never two at once), each a fresh
 * {@code mvn gatling:test} with its own target JVM, warm-up and tiers; shows progress; records a
 * failed cell and goes on; then writes the per-configuration spread over the repetitions.
 * Run: {@code mvn -q test-compile -Pstudy -Dstudy=studies/second-study.properties}.
 */
public final class StudyMain {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private StudyMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("error: name one study file: mvn -q test-compile -Pstudy -Dstudy=studies/NAME.properties"
                    + " (or a study.json, to write its table and page again)");
            System.exit(2);
        }
        if (args[0].endsWith(".json")) {
            // An existing study: its table and page again, no load.
            StudyResult study = JSON.readValue(Path.of(args[0]).toFile(), StudyResult.class);
            writeViews(Path.of(args[0]).toAbsolutePath().getParent(), study);
            return;
        }
        StudyPlan plan;
        CpuPlacement placement;
        try {
            plan = StudyPlan.read(Path.of(args[0]));
            placement = CpuPlacement.from(plan.run(), CpuPlacement.machineCpus());
        } catch (SettingException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        Path root = Path.of("").toAbsolutePath();
        Instant started = Instant.now();
        Path dir = newDirectory(Path.of(System.getProperty("studies.dir", root.resolve("target/benchmarks/studies").toString())),
                plan.name() + "-" + STAMP.format(started));
        List<StudyPlan.Cell> cells = plan.cells();
        System.out.printf("[study] %s: %d cells (%d configuration(s) x %d repetition(s)), one at a time; results in %s%n",
                plan.name(), cells.size(), cells.size() / plan.repetitions(), plan.repetitions(), dir);
        List<StudyResult.CellResult> results = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            StudyPlan.Cell cell = cells.get(i);
            StudyResult.CellResult result = runCell(dir, plan, placement, cell, i + 1);
            results.add(result);
            Duration elapsed = Duration.between(started, Instant.now());
            long left = elapsed.toSeconds() / (i + 1) * (cells.size() - i - 1);
            System.out.printf("[study] cell %d of %d: %s (repetition %d): %s in %.0f s; %s elapsed, about %s left%n",
                    i + 1, cells.size(), cell.configuration(), cell.repetition(), result.status()
                    + (result.message() == null ? "" : " (" + result.message() + ")"), result.seconds(),
                    minutes(elapsed.toSeconds()), minutes(left));
        }
        StudyResult study = new StudyResult(1, plan.name(), plan.description(), Path.of(args[0]).toString(),
                started.toString(), Instant.now().toString(), results, summarize(results));
        Files.write(dir.resolve("study.json"), JSON.writeValueAsBytes(study));
        writeViews(dir, study);
    }

    private static void writeViews(Path dir, StudyResult study) throws IOException {
        Files.writeString(dir.resolve("summary.md"), StudyTable.markdown(study));
        Files.writeString(dir.resolve("study.html"), StudyPage.html(study));
        System.out.println();
        System.out.print(StudyTable.render(study));
        System.out.println("[study] " + dir.resolve("study.json") + " and " + dir.resolve("summary.md") + ", page "
                + dir.resolve("study.html"));
    }

    private static StudyResult.CellResult runCell(Path dir, StudyPlan plan, CpuPlacement placement, StudyPlan.Cell cell, int index)
            throws IOException, InterruptedException {
        Path cellDir = Files.createDirectories(dir.resolve(String.format("cell-%03d", index)));
        List<String> command = new ArrayList<>(List.of("-q", "gatling:test", "-Dcontainer=" + cell.container(), "-Dbenchmarks.dir=" + cellDir));
        plan.run().forEach((key, value) -> command.add("-D" + key + "=" + value));
        cell.knobs().forEach((key, value) -> command.add("-D" + key + "=" + value));
        Instant start = Instant.now();
        int exit = MavenRun.gatling(cellDir.resolve("mvn.log"), placement, command).waitFor();
        double seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;
        RunResult run = onlyRun(cellDir);
        if (exit != 0 || run == null || !"complete".equals(run.status())) {
            // The target's own error line if it wrote one, else the harness's last word.
            List<String> lines = Files.readAllLines(cellDir.resolve("mvn.log"));
            String said = lines.stream().filter(line -> line.startsWith("error: ")).reduce((a, b) -> b)
                    .map(line -> line.substring("error: ".length()))
                    .orElse(lines.stream().filter(line -> line.startsWith("container-bench: ")).reduce((a, b) -> b)
                            .map(line -> line.substring("container-bench: ".length())).orElse(null));
            String why = said != null ? said : run == null ? "no results; see " + cellDir.resolve("mvn.log") : "run " + run.status();
            return new StudyResult.CellResult(index, cell.container(), cell.knobs(), cell.repetition(), "failed",
                    run == null ? null : run.runId(), seconds, why + (exit != 0 ? ", mvn exit " + exit : ""), List.of());
        }
        List<StudyResult.CellTier> tiers = run.tiers().stream().map(t -> new StudyResult.CellTier(t.users(), t.tps(),
                t.latencyMs() == null ? null : t.latencyMs().p99(), t.failurePercent(), t.overloaded())).toList();
        return new StudyResult.CellResult(index, cell.container(), cell.knobs(), cell.repetition(), "complete",
                run.runId(), seconds, null, tiers);
    }

    static List<StudyResult.Summary> summarize(List<StudyResult.CellResult> cells) {
        Map<String, List<StudyResult.CellResult>> byConfiguration = new LinkedHashMap<>();
        cells.forEach(c -> byConfiguration.computeIfAbsent(new StudyPlan.Cell(c.container(), c.knobs(), 0).configuration(),
                k -> new ArrayList<>()).add(c));
        Map<String, Map<Integer, StudyResult.SummaryTier>> tiers = new LinkedHashMap<>();
        for (Map.Entry<String, List<StudyResult.CellResult>> entry : byConfiguration.entrySet()) {
            List<StudyResult.CellResult> done = entry.getValue().stream().filter(c -> c.status().equals("complete")).toList();
            Set<Integer> users = done.stream().flatMap(c -> c.tiers().stream()).map(StudyResult.CellTier::users)
                    .collect(Collectors.toCollection(java.util.TreeSet::new));
            Map<Integer, StudyResult.SummaryTier> perTier = new LinkedHashMap<>();
            for (int u : users) {
                List<StudyResult.CellTier> same = done.stream().flatMap(c -> c.tiers().stream()).filter(t -> t.users() == u).toList();
                perTier.put(u, new StudyResult.SummaryTier(u, Spread.of(same.stream().map(StudyResult.CellTier::tps).toList()),
                        Spread.of(same.stream().filter(t -> t.p99() != null).map(t -> t.p99().doubleValue()).toList()),
                        same.stream().mapToDouble(StudyResult.CellTier::failurePercent).average().orElse(0), false, false));
            }
            tiers.put(entry.getKey(), perTier);
        }
        // Per tier: the best mean TPS, and every configuration whose interval overlaps it.
        Set<Integer> allUsers = tiers.values().stream().flatMap(m -> m.keySet().stream()).collect(Collectors.toSet());
        for (int u : allUsers) {
            StudyResult.SummaryTier best = tiers.values().stream().map(m -> m.get(u)).filter(t -> t != null)
                    .max(Comparator.comparingDouble(t -> t.tps().mean())).orElseThrow();
            for (Map<Integer, StudyResult.SummaryTier> m : tiers.values()) {
                StudyResult.SummaryTier t = m.get(u);
                if (t != null) {
                    m.put(u, new StudyResult.SummaryTier(u, t.tps(), t.p99(), t.failurePercentMean(), t == best,
                            t != best && t.tps().overlaps(best.tps())));
                }
            }
        }
        List<StudyResult.Summary> summary = new ArrayList<>();
        byConfiguration.forEach((configuration, group) -> summary.add(new StudyResult.Summary(configuration,
                group.get(0).container(), group.get(0).knobs(),
                (int) group.stream().filter(c -> c.status().equals("complete")).count(),
                (int) group.stream().filter(c -> !c.status().equals("complete")).count(),
                List.copyOf(tiers.get(configuration).values()))));
        return summary;
    }

    private static RunResult onlyRun(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> json = files.filter(f -> f.toString().endsWith(".json")).toList();
            return json.size() == 1 ? ResultsStore.read(json.get(0)) : null;
        }
    }

    private static Path newDirectory(Path parent, String name) throws IOException {
        Files.createDirectories(parent);
        for (int n = 1; ; n++) {
            try {
                return Files.createDirectory(parent.resolve(n == 1 ? name : name + "-" + n));
            } catch (FileAlreadyExistsException taken) {
                // a study started in the same second: next suffix
            }
        }
    }

    private static String minutes(long seconds) {
        return seconds < 120 ? seconds + " s" : (seconds / 60) + " min";
    }
}
