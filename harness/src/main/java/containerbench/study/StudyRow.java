package containerbench.study;

import java.util.Comparator;
import java.util.List;

/**
 * One configuration at one tier of a study, as every view shows it, formatted once: the console
 * table, summary.md and the study page lay out the same cells.
 *
 * @param cells one per {@link #HEADERS}, in order
 * @param mark "best", "not different from best", or empty
 */
record StudyRow(int users, String configuration, List<String> cells, String mark) {

    static final List<String> HEADERS = List.of("n", "TPS mean", "sd", "CV %", "95% interval", "p99 ms", "KO %");

    static final String BEST = "best";
    static final String NOT_DIFFERENT = "not different from best";

    /** The summary as the views show it: tier by tier, and within a tier the configurations in study order. */
    static List<StudyRow> of(StudyResult study) {
        return study.summary().stream().flatMap(s -> s.tiers().stream().map(t -> row(s.configuration(), t)))
                .sorted(Comparator.comparingInt(StudyRow::users)).toList();
    }

    private static StudyRow row(String configuration, StudyResult.SummaryTier t) {
        return new StudyRow(t.users(), configuration, List.of(Integer.toString(t.tps().n()), String.format("%.0f", t.tps().mean()),
                String.format("%.0f", t.tps().sd()), String.format("%.2f", t.tps().cvPercent()),
                String.format("%.0f to %.0f", t.tps().ci95Low(), t.tps().ci95High()), String.format("%.1f", t.p99().mean()),
                String.format("%.2f", t.failurePercentMean())), t.best() ? BEST : t.notDifferentFromBest() ? NOT_DIFFERENT : "");
    }
}
