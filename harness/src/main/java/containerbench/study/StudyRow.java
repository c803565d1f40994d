package containerbench.study;

import java.util.Comparator;
import java.util.List;

/**
 * One configuration at one tier of a study, as every view shows it, formatted once: the console
 * table, summary.md and the study page lay out the same cells.
 *
 * @param cells one per {@link #HEADERS}, in order
 * @param mark "baseline", "not different from baseline", or empty; "best" before it where the mean is the highest
 */
record StudyRow(int users, String configuration, List<String> cells, String mark) {

    static final List<String> HEADERS = List.of("n", "TPS mean", "sd", "CV %", "95% interval", "to baseline (paired)",
            "p99 ms", "KO %");

    static final String BEST = "best";
    static final String BASELINE = "baseline";
    static final String NOT_DIFFERENT = "not different from baseline";

    /** The summary as the views show it: tier by tier, and within a tier the configurations in study order. */
    static List<StudyRow> of(StudyResult study) {
        String baseline = study.summary().get(0).configuration();
        return study.summary().stream().flatMap(s -> s.tiers().stream().map(t -> row(s.configuration(), t,
                        s.configuration().equals(baseline))))
                .sorted(Comparator.comparingInt(StudyRow::users)).toList();
    }

    private static StudyRow row(String configuration, StudyResult.SummaryTier t, boolean baseline) {
        String ratio = t.toBaseline() == null ? "–" : String.format("%.2f (%.2f-%.2f, %d)", t.toBaseline().ratio(),
                t.toBaseline().low(), t.toBaseline().high(), t.toBaseline().pairs());
        String mark = baseline ? BASELINE : t.notDifferent() ? NOT_DIFFERENT : "";
        return new StudyRow(t.users(), configuration, List.of(Integer.toString(t.tps().n()), String.format("%.0f", t.tps().mean()),
                String.format("%.0f", t.tps().sd()), String.format("%.2f", t.tps().cvPercent()),
                String.format("%.0f to %.0f", t.tps().ci95Low(), t.tps().ci95High()), ratio, String.format("%.1f", t.p99().mean()),
                String.format("%.2f", t.failurePercentMean())), t.best() ? (mark.isEmpty() ? BEST : BEST + "; " + mark) : mark);
    }
}
