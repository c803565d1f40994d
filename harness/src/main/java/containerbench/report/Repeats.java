package containerbench.report;

import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The complete runs of the same comparison as a shown run (the same targets, design and machine:
 * what {@link Pooling} pools), listed under the latest of them: each run's CPU and TPS calls per tier
 * beside the latest's, and the pool of all of them, so that a reader sees at once whether the latest
 * run agrees with the earlier ones.
 *
 * @param loads the shown run's tiers, the columns
 * @param rows the latest {@link #LISTED} runs, newest first; one row per target against the baseline
 * @param runs how many runs alike there are, all of them pooled
 * @param pooled the pooled sentences over all of them ({@link Pooling})
 */
record Repeats(List<String> loads, List<Row> rows, int runs, List<String> pooled) {

    /** The runs listed; every one is pooled. */
    static final int LISTED = 5;

    /** One run's target against the baseline, a call per tier of the shown run. */
    record Row(String run, String started, String target, List<Tier> tiers) {
    }

    /** One tier's CPU and TPS cells; {@code null} where the run had no such tier. */
    record Tier(String load, VerdictTable.Cell cpu, VerdictTable.Cell tps) {
    }

    static final Repeats NONE = new Repeats(List.of(), List.of(), 0, List.of());

    /**
     * The repeats of {@code shown} among {@code candidates}, complete runs only; {@link #NONE} when it
     * has none, is not complete itself, or when a later complete run of its comparison is among them
     * (they are listed under that one).
     */
    static Repeats of(StoredRun shown, List<StoredRun> candidates) {
        if (shown.run().status() != RunStatus.COMPLETE) {
            return NONE;
        }
        List<Object> key = Pooling.sameComparison(shown.run());
        // Each run once, by its id: a run named and also found in a folder is one run.
        Map<String, StoredRun> byId = new LinkedHashMap<>();
        byId.put(shown.run().runId(), shown);
        candidates.stream().filter(c -> c.run().interleaved() && c.run().status() == RunStatus.COMPLETE
                && Pooling.sameComparison(c.run()).equals(key)).forEach(c -> byId.putIfAbsent(c.run().runId(), c));
        List<StoredRun> alike = byId.values().stream()
                .sorted(Comparator.comparing((StoredRun r) -> r.run().startedAt()).reversed()).toList();
        if (alike.size() < 2 || alike.get(0) != shown) {
            return NONE;
        }
        List<VerdictTable> shownTables = VerdictTable.of(shown.run());
        List<VerdictTable.Row> tiers = shownTables.isEmpty() ? List.of() : shownTables.get(0).rows();
        List<Row> rows = new ArrayList<>();
        for (StoredRun run : alike.subList(0, Math.min(LISTED, alike.size()))) {
            for (VerdictTable table : run == shown ? shownTables : VerdictTable.of(run.run())) {
                List<Tier> calls = new ArrayList<>();
                for (VerdictTable.Row tier : tiers) {
                    VerdictTable.Row row = table.rows().stream().filter(r -> r.users() == tier.users()).findFirst().orElse(null);
                    calls.add(new Tier(tier.load(), row == null ? null : row.cpu(), row == null ? null : row.tps()));
                }
                rows.add(new Row(run.run().runId(), run.run().startedAt(), table.other(), calls));
            }
        }
        List<StoredRun> oldestFirst = new ArrayList<>(alike);
        Collections.reverse(oldestFirst);
        return new Repeats(tiers.stream().map(VerdictTable.Row::load).toList(), rows, alike.size(), Pooling.sentences(oldestFirst));
    }

    boolean any() {
        return !rows.isEmpty();
    }
}
