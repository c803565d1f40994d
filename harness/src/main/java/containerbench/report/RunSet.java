package containerbench.report;

import containerbench.results.ResultsStore;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs a comparison shows, read from results files, and why any file was left out: a missing,
 * corrupt or incompatible file is named and skipped, and the others are still compared.
 *
 * @param earlier the earlier complete interleaved runs of the folders read, each alike some run shown
 *     or not: the page lists them under the latest run of their comparison, as its repeats
 */
public record RunSet(List<StoredRun> runs, List<String> problems, List<StoredRun> earlier) {

    /** Runs named one by one: nothing earlier. */
    public RunSet(List<StoredRun> runs, List<String> problems) {
        this(runs, problems, List.of());
    }

    /** The runs shown and the earlier ones: what repeats and pools are found among. */
    public List<StoredRun> all() {
        List<StoredRun> all = new ArrayList<>(runs);
        all.addAll(earlier);
        return all;
    }

    /**
     * Reads the named files; a directory stands for the latest complete run of each container in it,
     * and of each set of containers measured together, one injector's part of a shared run left out
     * (its merge stands for it). A run named twice is shown once.
     */
    public static RunSet read(List<Path> paths) {
        Map<String, StoredRun> runs = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        Map<String, StoredRun> earlier = new LinkedHashMap<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                latestPerContainer(path, problems, earlier).forEach(run -> runs.putIfAbsent(run.run().runId(), run));
            } else {
                StoredRun run = readOne(path, problems);
                if (run != null) {
                    runs.putIfAbsent(run.run().runId(), run);
                }
            }
        }
        // Interleaved runs first, for their verdicts; then tomcat, the study's baseline; then by container and time.
        List<StoredRun> ordered = runs.values().stream()
                .sorted(Comparator.comparing((StoredRun r) -> !r.run().interleaved())
                        .thenComparing(r -> !"tomcat".equals(r.run().container()))
                        .thenComparing(r -> r.run().container()).thenComparing(r -> r.run().startedAt()))
                .toList();
        runs.keySet().forEach(earlier::remove);
        return new RunSet(ordered, List.copyOf(problems), earlier.values().stream()
                .sorted(Comparator.comparing((StoredRun r) -> r.run().startedAt())).toList());
    }

    /** The latest complete run of each subject in {@code dir}; the earlier interleaved ones go to {@code earlier}. */
    private static List<StoredRun> latestPerContainer(Path dir, List<String> problems, Map<String, StoredRun> earlier) {
        Map<String, StoredRun> latest = new LinkedHashMap<>();
        try {
            for (Path file : ResultsStore.runFiles(dir)) {
                StoredRun run = readOne(file, problems);
                // One injector's part of a shared run measured only its share of the users: the
                // merged run stands for it (named as a file, a part is still shown).
                boolean part = run != null && run.run().injection() != null && run.run().injection().index() != null;
                if (run != null && run.run().status() == RunStatus.COMPLETE && !part) {
                    StoredRun previous = latest.get(subject(run.run()));
                    boolean later = previous == null || run.run().startedAt().compareTo(previous.run().startedAt()) >= 0;
                    latest.put(subject(run.run()), later ? run : previous);
                    StoredRun passed = later ? previous : run;
                    if (passed != null && passed.run().interleaved()) {
                        earlier.put(passed.run().runId(), passed);
                    }
                }
            }
        } catch (IOException e) {
            problems.add(dir + ": cannot list it (" + e.getMessage() + ")");
        }
        return List.copyOf(latest.values());
    }

    /** What a run measured: its targets' labels, "tomcat" or "tomcat vs undertow". */
    private static String subject(containerbench.results.RunResult run) {
        return String.join(" vs ", run.targets().stream().map(containerbench.results.RunResult.Target::label).toList());
    }

    private static StoredRun readOne(Path file, List<String> problems) {
        if (!Files.isRegularFile(file)) {
            problems.add(file + ": no such file");
            return null;
        }
        try {
            StoredRun stored = ResultsStore.read(file);
            if (stored.run().tiers() == null || stored.run().tiers().isEmpty() || stored.run().targets().isEmpty()) {
                problems.add(file + ": a run without tiers (status " + stored.run().status() + ")");
                return null;
            }
            return stored;
        } catch (IOException e) {
            String reason = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            problems.add(file + ": " + (reason.startsWith("results schema") ? reason : "not a results file (" + reason + ")"));
            return null;
        }
    }
}
