package containerbench.report;

import containerbench.harness.ResultsStore;
import containerbench.harness.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The runs a comparison shows, read from results files, and why any file was left out: a missing,
 * corrupt or incompatible file is named and skipped, and the others are still compared.
 */
public record RunSet(List<RunResult> runs, List<String> problems) {

    /**
     * Reads the named files; a directory stands for the latest complete run of each container in it.
     * A run named twice is shown once.
     */
    public static RunSet read(List<Path> paths) {
        Map<String, RunResult> runs = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                latestPerContainer(path, problems).forEach(run -> runs.putIfAbsent(run.runId(), run));
            } else {
                RunResult run = readOne(path, problems);
                if (run != null) {
                    runs.putIfAbsent(run.runId(), run);
                }
            }
        }
        // Tomcat first, as the study's baseline, then by container and time.
        List<RunResult> ordered = runs.values().stream()
                .sorted(Comparator.comparing((RunResult r) -> !"tomcat".equals(r.container()))
                        .thenComparing(RunResult::container).thenComparing(RunResult::startedAt))
                .toList();
        return new RunSet(ordered, List.copyOf(problems));
    }

    private static List<RunResult> latestPerContainer(Path dir, List<String> problems) {
        Map<String, RunResult> latest = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                RunResult run = readOne(file, problems);
                if (run != null && "complete".equals(run.status())) {
                    latest.merge(run.container(), run, (a, b) -> a.startedAt().compareTo(b.startedAt()) >= 0 ? a : b);
                }
            }
        } catch (IOException e) {
            problems.add(dir + ": cannot list it (" + e.getMessage() + ")");
        }
        return List.copyOf(latest.values());
    }

    private static RunResult readOne(Path file, List<String> problems) {
        if (!Files.isRegularFile(file)) {
            problems.add(file + ": no such file");
            return null;
        }
        try {
            RunResult run = ResultsStore.read(file);
            if (run.schema() != RunResult.SCHEMA) {
                problems.add(file + ": results schema " + run.schema() + ", this version reads schema " + RunResult.SCHEMA);
                return null;
            }
            if (run.tiers() == null || run.tiers().isEmpty() || run.container() == null) {
                problems.add(file + ": a run without tiers (status " + run.status() + ")");
                return null;
            }
            return run;
        } catch (IOException e) {
            String reason = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            problems.add(file + ": not a results file (" + reason + ")");
            return null;
        }
    }
}
