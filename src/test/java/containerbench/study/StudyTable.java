package containerbench.study;

import java.util.Formatter;

/** The study's summary: per tier, each configuration's TPS spread, best marked. */
final class StudyTable {

    private StudyTable() {
    }

    static String render(StudyResult study) {
        Formatter out = new Formatter();
        out.format("study %s: %d cells%n", study.study(), study.cells().size());
        out.format("%6s  %-44s %4s %10s %8s %6s %23s %8s %6s%n", "users", "configuration", "n", "TPS mean", "sd", "CV %",
                "95% interval", "p99 ms", "KO %");
        for (StudyResult.Row row : study.rowsByTier()) {
            StudyResult.SummaryTier t = row.tier();
            out.format("%6d  %-44s %4d %10.1f %8.1f %6.2f %23s %8.1f %6.2f %s%n", t.users(), row.configuration(), t.tps().n(),
                    t.tps().mean(), t.tps().sd(), t.tps().cvPercent(),
                    String.format("[%.0f, %.0f]", t.tps().ci95Low(), t.tps().ci95High()), t.p99().mean(),
                    t.failurePercentMean(), t.best() ? "best" : t.notDifferentFromBest() ? "not different from best" : "");
        }
        study.summary().stream().filter(s -> s.failed() > 0).forEach(s ->
                out.format("%s: %d of its cells failed%n", s.configuration(), s.failed()));
        return out.toString();
    }

    static String markdown(StudyResult study) {
        StringBuilder m = new StringBuilder("| users | configuration | n | TPS mean | sd | CV % | 95% interval | p99 ms | KO % | |\n")
                .append("|---:|---|---:|---:|---:|---:|---|---:|---:|---|\n");
        for (StudyResult.Row row : study.rowsByTier()) {
            StudyResult.SummaryTier t = row.tier();
            m.append(String.format("| %d | %s | %d | %.0f | %.0f | %.2f | [%.0f, %.0f] | %.1f | %.2f | %s |%n", t.users(),
                    row.configuration(), t.tps().n(), t.tps().mean(), t.tps().sd(), t.tps().cvPercent(), t.tps().ci95Low(),
                    t.tps().ci95High(), t.p99().mean(), t.failurePercentMean(),
                    t.best() ? "**best**" : t.notDifferentFromBest() ? "not different" : ""));
        }
        return m.toString();
    }
}
