package containerbench.study;

import containerbench.results.PairedRatio;
import containerbench.results.RunStatus;
import java.util.List;
import java.util.Map;

/**
 * A whole study, as written to {@code study.json} (schema 2): every cell's per-tier figures, and per
 * configuration and tier the spread over its repetitions and its ratio to the baseline configuration
 * (the first), paired round by round. Schema 1 marked "not different" by overlapping unpaired intervals.
 */
public record StudyResult(int schema, String study, String description, String file, String startedAt,
        String finishedAt, List<CellResult> cells, List<Summary> summary) {

    /** One cell as it ran; {@code status} is {@code complete} or {@code failed} (with a message). */
    public record CellResult(int index, String container, Map<String, String> knobs, int repetition, RunStatus status,
            String runId, double seconds, String message, List<CellTier> tiers) {

        public boolean complete() {
            return status == RunStatus.COMPLETE;
        }
    }

    public record CellTier(int users, double tps, Long p99, double failurePercent, boolean overloaded) {
    }

    /** One configuration (container and knob values) over its repetitions. */
    public record Summary(String configuration, String container, Map<String, String> knobs, int completed,
            int failed, List<SummaryTier> tiers) {
    }

    /**
     * @param best the highest mean TPS at this tier among all configurations
     * @param toBaseline its TPS over the baseline configuration's, paired round by round (a round is one
     *     repetition of every configuration), with the 95% interval; {@code null} for the baseline itself
     *     or where no round completed both
     */
    public record SummaryTier(int users, Spread tps, Spread p99, double failurePercentMean, boolean best,
            PairedRatio toBaseline) {

        /** Whether the paired interval holds 1: no difference from the baseline established. */
        public boolean notDifferent() {
            return toBaseline != null && toBaseline.pairs() >= 2 && toBaseline.low() <= 1 && 1 <= toBaseline.high();
        }
    }

    /** How many cells did not complete. */
    public long failedCells() {
        return cells.stream().filter(cell -> !cell.complete()).count();
    }
}
