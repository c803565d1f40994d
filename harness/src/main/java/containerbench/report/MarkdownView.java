package containerbench.report;

import containerbench.report.ComparisonDocument.FigureRow;
import containerbench.report.ComparisonDocument.Link;
import containerbench.report.ComparisonDocument.RunRow;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The comparison as Markdown ({@code summary.md}, for a CI job's summary): the page's sections in
 * the page's order, but for the charts.
 */
final class MarkdownView {

    /** A figure nobody could know, on the page and in Markdown. */
    static final String UNKNOWN = "–";
    static final String LEGEND = "Response times in ms of OK requests; TPS = OK responses per second of the tier; CPU in % of"
            + " one core; " + UNKNOWN + ": not known.";
    static final List<String> RUN_HEADERS = List.of("run", "target", "started", "status", "plan", "target JVM", "knobs",
            "machine", "Gatling report, target log");

    private MarkdownView() {
    }

    static String render(ComparisonDocument doc) {
        StringBuilder m = new StringBuilder("## container-bench: ").append(doc.title()).append("\n\n").append(doc.runCount())
                .append(" run(s). ").append(LEGEND).append('\n');
        for (ComparisonDocument.VerdictSection verdict : doc.verdicts()) {
            m.append("\n### Verdicts: ").append(verdict.heading()).append(" (`").append(verdict.run()).append("`)\n");
            for (VerdictTable table : verdict.tables()) {
                m.append("\n**").append(table.other()).append(" against ").append(table.baseline()).append("**")
                        .append(table.caption() == null ? "" : ": " + table.caption()).append("\n\n");
                verdictTable(m, table, doc.notes());
            }
            for (RequestTable table : verdict.requests()) {
                requestTable(m, table, doc.notes());
            }
            verdict.footprint().forEach(footprint -> footprint.markdown(m));
            verdict.profiles().forEach(profile -> profile.markdown(m));
            verdict.injector().forEach(profile -> profile.markdown(m));
            m.append('\n').append(verdict.method().design()).append(".\n\n");
            verdict.method().about().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
            m.append("- ").append(verdict.method().calibration()).append('\n');
            if (verdict.machine().sentence() != null) {
                m.append("- ").append(verdict.machine().sentence()).append(Caveat.marks(verdict.machine().caveats(), doc.notes()))
                        .append('\n');
            }
            if (verdict.repeats().any()) {
                repeats(m, verdict.repeats());
            }
            m.append("\n<details><summary>Each tier in words</summary>\n\n");
            verdict.words().sentences().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
            verdict.words().latencies().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
            m.append('\n').append(verdict.words().warmups()).append("\n\n</details>\n");
        }
        if (!doc.notes().isEmpty()) {
            m.append("\n### Notes\n\n");
            for (int i = 0; i < doc.notes().size(); i++) {
                Caveat note = doc.notes().get(i);
                m.append(i + 1).append(". **").append(note.brief()).append(":** ").append(note.text()).append('\n');
            }
        }
        if (!doc.leftOut().isEmpty()) {
            m.append("\n### Left out\n\n");
            doc.leftOut().forEach(problem -> m.append("- ").append(problem).append('\n'));
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
                    row.jvm() + (row.cpuLimit() == null ? "" : "; " + row.cpuLimit()),
                    row.knobs().summary() + (row.knobs().settings().isEmpty() ? "" : " (all: "
                            + String.join(", ", row.knobs().settings()) + ")"),
                    String.join("; ", Stream.concat(Stream.of(row.machine().summary() == null ? UNKNOWN : row.machine().summary()),
                            row.machine().more().stream()).toList()), name(row.links().report()) + ", " + name(row.links().log()))));
        }
        for (ComparisonDocument.FigureSection figures : doc.figures().sections()) {
            m.append("\n### ").append(figures.heading()).append("\n\n");
            List<String> headers = new ArrayList<>(List.of("users", "target"));
            headers.addAll(TierRow.HEADERS);
            headers.add("flags");
            m.append(header(headers, true));
            for (FigureRow figure : figures.rows()) {
                List<String> cells = new ArrayList<>(List.of(Integer.toString(figure.users()), figure.label()));
                cells.addAll(figure.row().cells(UNKNOWN));
                cells.add(String.join(", ", figure.row().flags()));
                m.append(row(cells));
            }
            if (!figures.findings().isEmpty()) {
                m.append('\n');
                figures.findings().forEach(finding -> m.append("- ").append(finding).append('\n'));
            }
        }
        if (!doc.figures().notCompared().isEmpty()) {
            m.append("\n### Not compared\n\n");
            doc.figures().notCompared().forEach(line -> m.append("- ").append(line).append('\n'));
        }
        return m.toString();
    }

    /** The runs of the same comparison, newest first, and their pool. */
    private static void repeats(StringBuilder m, Repeats repeats) {
        List<String> headers = new ArrayList<>(List.of("run", "target"));
        headers.addAll(repeats.loads());
        m.append("\n**Repeats of this comparison**: ").append(repeats.runs()).append(" complete runs alike, ")
                .append(Math.min(repeats.runs(), Repeats.LISTED)).append(" listed, newest first.\n\n").append(header(headers, false));
        for (Repeats.Row row : repeats.rows()) {
            List<String> cells = new ArrayList<>(List.of("`" + row.run() + "`", row.target()));
            row.tiers().forEach(tier -> cells.add(brief("CPU", tier.cpu()) + ", " + brief("TPS", tier.tps())));
            m.append(row(cells));
        }
        if (!repeats.pooled().isEmpty()) {
            m.append("\n**Pooled over repeated runs**\n\n");
            repeats.pooled().forEach(sentence -> m.append("- ").append(sentence).append('\n'));
        }
    }

    private static String brief(String figure, VerdictTable.Cell cell) {
        return cell == null ? figure + " " + UNKNOWN : cell.brief(figure);
    }

    /** A verdict table: a row per tier, each cell its glyph, figure, adjusted interval, word and note number. */
    private static void verdictTable(StringBuilder m, VerdictTable table, List<Caveat> notes) {
        m.append(row(VerdictTable.HEADERS)).append("|---|---|---|---|---|\n");
        for (VerdictTable.Row row : table.rows()) {
            m.append(cells(row.load(), row.cells(), notes));
        }
    }

    /** A mix's requests against the baseline's: a row per request, a column per tier. */
    private static void requestTable(StringBuilder m, RequestTable table, List<Caveat> notes) {
        List<String> headers = new ArrayList<>(List.of("request"));
        headers.addAll(table.loads());
        m.append("\n**").append(table.title()).append("**\n\n").append(row(headers)).append("|---".repeat(headers.size()))
                .append("|\n");
        for (RequestTable.Row row : table.rows()) {
            m.append(cells(row.request(), row.cells(), notes));
        }
    }

    /** A table row of verdict cells: each its glyph, figure, adjusted interval, word and note number. */
    private static String cells(String first, List<VerdictTable.Cell> verdicts, List<Caveat> notes) {
        List<String> cells = new ArrayList<>(List.of(first));
        for (VerdictTable.Cell cell : verdicts) {
            VerdictTable.Estimate e = cell.estimate();
            cells.add((cell.glyph().isEmpty() ? "" : cell.glyph() + " ") + cell.figure()
                    + (e == null ? "" : " (" + Verdicts.interval(e.adjustedLow(), e.adjustedHigh()) + ")") + " " + cell.word()
                    + (cell.caveat() == null ? "" : Caveat.marks(List.of(cell.caveat()), notes)));
        }
        return row(cells);
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
