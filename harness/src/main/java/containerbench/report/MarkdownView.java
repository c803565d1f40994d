package containerbench.report;

import containerbench.report.ComparisonDocument.FigureRow;
import containerbench.report.ComparisonDocument.Link;
import containerbench.report.ComparisonDocument.RunRow;
import java.util.List;

/**
 * The comparison as Markdown ({@code summary.md}, for a CI job's summary): the page's sections in
 * the page's order, but for the charts.
 */
final class MarkdownView {

    /** A figure nobody could know, on the page and in Markdown. */
    static final String UNKNOWN = "–";
    static final String LEGEND = "Response times in ms of OK requests; TPS = OK responses per second of the tier; CPU in % of"
            + " one core; " + UNKNOWN + ": not known.";
    static final List<String> RUN_HEADERS = List.of("run", "target", "started", "status", "plan", "target JVM", "settings",
            "machine", "Gatling report", "target log");

    private MarkdownView() {
    }

    static String render(ComparisonDocument doc) {
        StringBuilder m = new StringBuilder("## container-bench: ").append(doc.title()).append("\n\n").append(doc.runCount())
                .append(" run(s). ").append(LEGEND).append('\n');
        if (!doc.leftOut().isEmpty()) {
            m.append("\n### Left out\n\n");
            doc.leftOut().forEach(problem -> m.append("- ").append(problem).append('\n'));
        }
        if (!doc.pooled().isEmpty()) {
            m.append("\n### Pooled over repeated runs\n\n");
            doc.pooled().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
        }
        for (ComparisonDocument.VerdictSection verdict : doc.verdicts()) {
            m.append("\n### Verdicts: ").append(verdict.heading()).append(" (`").append(verdict.run()).append("`, ")
                    .append(verdict.design()).append(")\n\n");
            verdict.sentences().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
            verdict.latencies().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
            m.append('\n').append(verdict.warmups()).append('\n');
            m.append('\n').append(verdict.calibration()).append('\n');
        }
        for (ComparisonDocument.OpenSection open : doc.open()) {
            m.append("\n### Latency against load: ").append(open.heading()).append(" (`").append(open.run())
                    .append("`, open workload: latency from each request's due time)\n\n");
            open.capacities().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
            open.lines().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
        }
        m.append("\n### Runs\n\n").append(header(RUN_HEADERS, false));
        for (RunRow row : doc.runs()) {
            m.append(row(List.of("`" + row.run() + "`", row.target(), row.started(), row.status(), row.plan(),
                    row.jvm() + (row.cpuLimit() == null ? "" : "; " + row.cpuLimit()), String.join(", ", row.settings()),
                    String.join("; ", row.machine()), name(row.report()), name(row.log()))));
        }
        for (ComparisonDocument.FigureSection figures : doc.figures()) {
            m.append("\n### ").append(figures.heading()).append("\n\n");
            List<String> headers = new java.util.ArrayList<>(List.of("users", "target"));
            headers.addAll(TierRow.HEADERS);
            headers.add("flags");
            m.append(header(headers, true));
            for (FigureRow figure : figures.rows()) {
                List<String> cells = new java.util.ArrayList<>(List.of(Integer.toString(figure.users()), figure.label()));
                cells.addAll(figure.row().cells(UNKNOWN));
                cells.add(String.join(", ", figure.row().flags()));
                m.append(row(cells));
            }
            if (!figures.findings().isEmpty()) {
                m.append('\n');
                figures.findings().forEach(finding -> m.append("- ").append(finding).append('\n'));
            }
        }
        if (!doc.notCompared().isEmpty()) {
            m.append("\n### Not compared\n\n");
            doc.notCompared().forEach(line -> m.append("- ").append(line).append('\n'));
        }
        return m.toString();
    }

    /** A table's header; figures right-aligned but for the target and the flags. */
    private static String header(List<String> headers, boolean figures) {
        StringBuilder h = new StringBuilder(row(headers)).append('|');
        for (int i = 0; i < headers.size(); i++) {
            boolean text = !figures || i == 1 || i == headers.size() - 1;
            h.append(text ? "---|" : "---:|");
        }
        return h.append('\n').toString();
    }

    private static String row(List<String> cells) {
        return "| " + String.join(" | ", cells.stream().map(cell -> cell.replace("|", "\\|")).toList()) + " |\n";
    }

    private static String name(Link link) {
        return link == null ? UNKNOWN : link.name() + (link.href() == null ? " (not here)" : "");
    }
}
