package containerbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import containerbench.report.ComparisonDocument.FigureRow;
import containerbench.report.ComparisonDocument.Link;
import containerbench.report.ComparisonDocument.RunRow;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparison as one self-contained page: its styles, its data and Chart.js inside, so that it
 * opens offline from a CI artifact. Every value is escaped; nothing in a result becomes markup.
 */
final class HtmlView {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HtmlView() {
    }

    static String render(ComparisonDocument doc) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>container-bench: ")
                .append(Html.text(doc.title())).append("</title>\n<style>\n").append(Html.resource("page.css"))
                .append("</style>\n</head>\n<body>\n<h1>container-bench comparison</h1>\n<p>Generated ")
                .append(Html.text(Instant.now().truncatedTo(ChronoUnit.SECONDS))).append(" from ").append(doc.runCount()).append(" run(s). ")
                .append(Html.text(MarkdownView.LEGEND)).append("</p>\n");
        doc.verdicts().forEach(verdict -> verdict(h, verdict, doc.notes()));
        doc.clients().forEach(agreement -> clients(h, agreement));
        if (!doc.notes().isEmpty()) {
            h.append("<h2>Notes</h2>\n<ol class=\"notes\">\n");
            doc.notes().forEach(note -> h.append("<li id=\"").append(note.anchor()).append("\"><b>").append(Html.text(note.brief()))
                    .append(":</b> ").append(Html.text(note.text())).append("</li>\n"));
            h.append("</ol>\n");
        }
        if (!doc.leftOut().isEmpty()) {
            h.append("<h2>Left out</h2>\n");
            list(h, "class=\"problems\" id=\"problems\"", doc.leftOut());
        }
        for (ComparisonDocument.OpenSection open : doc.open()) {
            h.append("<h2>Latency against load: ").append(Html.text(open.heading())).append(" <small>(").append(Html.text(open.run()))
                    .append(", open workload: latency from each request's due time)</small></h2>\n");
            if (!open.capacities().isEmpty()) {
                list(h, "class=\"capacities\"", open.capacities());
            }
            h.append("<div class=\"wide\">").append(open.svg()).append("</div>\n");
            list(h, "class=\"open\"", open.lines());
            curves(h, open.curves());
        }
        runs(h, doc.runs());
        for (ComparisonDocument.FigureSection figures : doc.figures().sections()) {
            h.append("<h2>").append(Html.text(figures.heading())).append("</h2>\n");
            if (!figures.findings().isEmpty()) {
                list(h, "class=\"findings\"", figures.findings());
            }
            tiers(h, figures.rows());
        }
        if (!doc.figures().notCompared().isEmpty()) {
            h.append("<h2>Not compared</h2>\n");
            list(h, "id=\"unlike\"", doc.figures().notCompared());
        }
        h.append("<h2>Charts</h2>\n<div class=\"grid\"><div class=\"canvas\"><canvas id=\"chart-tps\"></canvas></div>")
                .append("<div class=\"canvas\"><canvas id=\"chart-p99\"></canvas></div>")
                .append("<div class=\"canvas\"><canvas id=\"chart-cpu\"></canvas></div></div>\n")
                .append("<script type=\"application/json\" id=\"chart-data\">").append(Html.scriptJson(json(doc.charts())))
                .append("</script>\n");
        for (String script : List.of(Html.resource("errors.js"), ChartJs.script(), Html.resource("comparison.js"))) {
            h.append("<script>\n").append(script.replace("</script", "<\\/script")).append("\n</script>\n");
        }
        return h.append("</body>\n</html>\n").toString();
    }

    /**
     * One interleaved run: under its heading, a verdict table per target against the baseline (the
     * target's run-level sentence as its caption) with its forest plot, then the run's figures, the
     * response-time curves per tier, and the same verdicts in words on demand.
     */
    private static void verdict(StringBuilder h, ComparisonDocument.VerdictSection verdict, List<Caveat> notes) {
        h.append("<section class=\"verdict\">\n<h2>Verdicts: ").append(Html.text(verdict.heading())).append(" <small>(")
                .append(Html.text(verdict.run())).append(")</small></h2>\n");
        for (VerdictTable table : verdict.tables()) {
            h.append("<h3>").append(Html.text(table.other() + " against " + table.baseline())).append("</h3>\n");
            verdictTable(h, table, notes);
            h.append("<div class=\"wide\">").append(ForestPlot.svg(table)).append("</div>\n");
        }
        for (RequestTable table : verdict.requests()) {
            requestTable(h, table, notes);
        }
        verdict.footprint().forEach(footprint -> footprint.html(h));
        verdict.profiles().forEach(profile -> profile.html(h));
        verdict.injector().forEach(profile -> profile.html(h));
        h.append("<h3>TPS and p99 per target</h3>\n<div class=\"wide\">").append(Magnitudes.svg(verdict.pictures().magnitudes())).append("</div>\n");
        h.append("<p class=\"design\">").append(Html.text(verdict.method().design())).append(".</p>\n");
        List<String> about = new ArrayList<>(verdict.method().about());
        about.add(verdict.method().calibration());
        list(h, "class=\"about\"", about);
        if (verdict.machine().sentence() != null) {
            h.append("<p class=\"machine\">").append(Html.text(verdict.machine().sentence()));
            verdict.machine().caveats().forEach(caveat -> note(h, caveat, notes));
            h.append("</p>\n");
        }
        curves(h, verdict.pictures().curves());
        if (verdict.repeats().any()) {
            repeats(h, verdict.repeats());
        }
        h.append("<details><summary>Each tier in words</summary>\n");
        list(h, "class=\"verdicts\"", verdict.words().sentences());
        if (!verdict.words().latencies().isEmpty()) {
            list(h, "class=\"latencies\"", verdict.words().latencies());
        }
        h.append("<p>").append(Html.text(verdict.words().warmups())).append("</p>\n</details>\n</section>\n");
    }

    /** One comparison by two clients: a row per tier and figure, each client's ratio, and whether their intervals overlap. */
    private static void clients(StringBuilder h, ClientAgreement agreement) {
        h.append("<section class=\"clients\">\n<h2>By two clients: ").append(Html.text(agreement.heading()))
                .append("</h2>\n<table class=\"clients\">\n<tr><th>tier</th><th>figure</th><th>")
                .append(Html.text(agreement.firstClient().spelled())).append("</th><th>")
                .append(Html.text(agreement.secondClient().spelled())).append("</th><th>the two</th></tr>\n");
        for (ClientAgreement.Row row : agreement.rows()) {
            h.append("<tr><td>").append(Html.text(row.load())).append("</td><td>").append(Html.text(row.figure())).append("</td><td>")
                    .append(Html.text(row.first())).append("</td><td>").append(Html.text(row.second())).append("</td><td>")
                    .append(Html.text(row.said())).append("</td></tr>\n");
        }
        h.append("</table>\n<p>The last column: the first client's ratio over the second's, with its interval adjusted for every row"
                + " (where both runs had several launches; else whether their adjusted intervals overlap). Where they differ, the"
                + " ratio belongs to the client's operating point as much as to the containers (docs/method.md, \"Whose verdict"
                + " is it\").</p>\n</section>\n");
    }

    /** Each tier's percentile curves, a panel per tier in a grid; nothing where no histogram was kept. */
    private static void curves(StringBuilder h, List<LatencyCurves.Panel> panels) {
        if (panels.isEmpty()) {
            return;
        }
        h.append("<h3>Response times by percentile</h3>\n<div class=\"grid curves\">");
        panels.forEach(panel -> h.append("<div>").append(LatencyCurves.svg(panel)).append("</div>"));
        h.append("</div>\n");
    }

    /** The runs of the same comparison, newest first: per tier each one's CPU and TPS calls, then their pool. */
    private static void repeats(StringBuilder h, Repeats repeats) {
        h.append("<h3>Repeats of this comparison</h3>\n<p>").append(repeats.runs()).append(" complete runs alike, ")
                .append(Math.min(repeats.runs(), Repeats.LISTED)).append(" listed, newest first.</p>\n<table class=\"repeats\">\n")
                .append("<tr><th class=\"l\">run</th><th class=\"l\">target</th>");
        repeats.loads().forEach(load -> h.append("<th>").append(Html.text(load)).append("</th>"));
        h.append("</tr>\n");
        for (Repeats.Row row : repeats.rows()) {
            h.append("<tr><td class=\"l\">").append(Html.text(row.run())).append("<br><small>").append(Html.text(row.started()))
                    .append("</small></td><td class=\"l\">").append(Html.text(row.target())).append("</td>");
            for (Repeats.Tier tier : row.tiers()) {
                h.append("<td class=\"l\">").append(brief("CPU", tier.cpu())).append("<br>").append(brief("TPS", tier.tps())).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
        if (!repeats.pooled().isEmpty()) {
            h.append("<h3>Pooled over repeated runs</h3>\n");
            list(h, "class=\"pooled\"", repeats.pooled());
        }
    }

    /** A cell in a few characters, coloured as in the verdict table: "CPU ▲ 1.49×". */
    private static String brief(String figure, VerdictTable.Cell cell) {
        if (cell == null) {
            return figure + " " + MarkdownView.UNKNOWN;
        }
        return "<span class=\"call " + cell.call().cssClass() + "\" title=\"" + Html.text(cell.word()) + "\">"
                + Html.text(cell.brief(figure)) + "</span>";
    }

    private static void verdictTable(StringBuilder h, VerdictTable table, List<Caveat> notes) {
        h.append("<table class=\"verdict\">\n");
        if (table.caption() != null) {
            h.append("<caption>").append(Html.text(table.caption())).append("</caption>\n");
        }
        h.append("<tr>");
        VerdictTable.HEADERS.forEach(header -> h.append(header.equals(VerdictTable.HEADERS.get(0)) ? "<th class=\"load\">" : "<th class=\"l\">")
                .append(Html.text(header)).append("</th>"));
        h.append("</tr>\n");
        table.rows().forEach(row -> row(h, row.load(), row.cells(), notes));
        h.append("</table>\n");
    }

    /** A row of verdict cells under its head: a tier's load, or a request's name. */
    private static void row(StringBuilder h, String head, List<VerdictTable.Cell> cells, List<Caveat> notes) {
        h.append("<tr><th class=\"load\">").append(Html.text(head)).append("</th>");
        cells.forEach(cell -> cell(h, cell, notes));
        h.append("</tr>\n");
    }

    /** A mix's requests against the baseline's: a row per request, a column per tier. */
    private static void requestTable(StringBuilder h, RequestTable table, List<Caveat> notes) {
        h.append("<h3>").append(Html.text(table.other() + " against " + table.baseline() + ", request by request")).append("</h3>\n");
        h.append("<table class=\"verdict requests\">\n<caption>").append(Html.text(table.title())).append("</caption>\n<tr>")
                .append("<th class=\"load\">request</th>");
        table.loads().forEach(load -> h.append("<th class=\"l\">").append(Html.text(load)).append("</th>"));
        h.append("</tr>\n");
        table.rows().forEach(row -> row(h, row.request(), row.cells(), notes));
        h.append("</table>\n");
    }

    /** A cell: its glyph and figure, the adjusted interval, the word, and a link to the note that concerns it. */
    private static void cell(StringBuilder h, VerdictTable.Cell cell, List<Caveat> notes) {
        VerdictTable.Estimate e = cell.estimate();
        h.append("<td class=\"call ").append(cell.call().cssClass()).append("\"");
        if (e != null) {
            h.append(" title=\"").append(Html.text("95% CI " + Verdicts.interval(e.low(), e.high()) + "; adjusted for " + e.adjustedFor()
                    + ": " + Verdicts.interval(e.adjustedLow(), e.adjustedHigh()))).append("\"");
        }
        h.append("><span class=\"glyph\">").append(Html.text(cell.glyph())).append("</span> <b>").append(Html.text(cell.figure()))
                .append("</b>");
        if (e != null) {
            h.append(" <small>").append(Html.text(Verdicts.interval(e.adjustedLow(), e.adjustedHigh()))).append("</small>");
        }
        h.append("<br><span class=\"word\">").append(Html.text(cell.word())).append("</span>");
        if (cell.caveat() != null) {
            note(h, cell.caveat(), notes);
        }
        h.append("</td>");
    }

    /** A link to the page's note on {@code caveat}, numbered as the notes are. */
    private static void note(StringBuilder h, Caveat caveat, List<Caveat> notes) {
        h.append(" <a class=\"note\" href=\"#").append(caveat.anchor()).append("\" title=\"").append(Html.text(caveat.brief()))
                .append("\">").append(notes.indexOf(caveat) + 1).append("</a>");
    }

    private static void list(StringBuilder h, String attributes, List<String> items) {
        h.append("<ul ").append(attributes).append(">\n");
        items.forEach(item -> h.append("<li>").append(Html.text(item)).append("</li>\n"));
        h.append("</ul>\n");
    }

    /**
     * The runs, one row per target, fitted to the page: every knob and the machine's details on
     * demand ({@code <details>}), the knobs a user gave being in the target's label already.
     */
    private static void runs(StringBuilder h, List<RunRow> rows) {
        h.append("<h2>Runs</h2>\n<table id=\"runs\">\n<tr>");
        MarkdownView.RUN_HEADERS.forEach(header -> h.append("<th class=\"l\">").append(Html.text(header)).append("</th>"));
        h.append("</tr>\n");
        for (RunRow row : rows) {
            h.append("<tr>");
            for (String cell : List.of(row.run(), row.target(), row.started(), row.status(), row.plan())) {
                h.append("<td class=\"l\">").append(Html.text(cell)).append("</td>");
            }
            h.append("<td class=\"l\">").append(Html.text(row.jvm()));
            if (row.cpuLimit() != null) {
                h.append("<br><small>").append(Html.text(row.cpuLimit())).append("</small>");
            }
            h.append("</td><td class=\"l\">");
            details(h, row.knobs().summary(), row.knobs().settings());
            h.append("</td><td class=\"l\">");
            details(h, row.machine().summary() == null ? MarkdownView.UNKNOWN : row.machine().summary(), row.machine().more());
            h.append("</td><td class=\"l\">").append(link(row.links().report())).append("<br>").append(link(row.links().log()))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void details(StringBuilder h, String summary, List<String> lines) {
        if (lines.isEmpty()) {
            h.append(Html.text(summary));
            return;
        }
        h.append("<details><summary>").append(Html.text(summary)).append("</summary><small>")
                .append(String.join("<br>", lines.stream().map(Html::text).toList())).append("</small></details>");
    }

    /** A link relative to the page; the name only, said to be missing, when the file is not there. */
    private static String link(Link link) {
        if (link == null) {
            return MarkdownView.UNKNOWN;
        }
        return link.href() == null ? Html.text(link.name()) + " <small>(not here)</small>"
                : "<a href=\"" + Html.text(link.href()) + "\">" + Html.text(link.name()) + "</a>";
    }

    private static void tiers(StringBuilder h, List<FigureRow> rows) {
        h.append("<table class=\"tiers\">\n<tr><th>users</th><th class=\"l\">target</th>");
        TierRow.HEADERS.forEach(header -> h.append("<th>").append(Html.text(header)).append("</th>"));
        h.append("<th class=\"l\">failures</th><th class=\"l\">flags</th></tr>\n");
        for (FigureRow figure : rows) {
            TierRow row = figure.row();
            h.append(figure.first() ? "<tr class=\"first\">" : "<tr>").append("<td>").append(figure.users())
                    .append("</td><td class=\"l\">").append(Html.text(figure.label())).append("</td>");
            row.cells(MarkdownView.UNKNOWN).forEach(cell -> h.append("<td>").append(Html.text(cell)).append("</td>"));
            h.append("<td class=\"l\">").append(Html.text(row.failures().isEmpty() ? "" : row.failures().toString()))
                    .append("</td><td class=\"l\">").append(flags(row)).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static String flags(TierRow row) {
        List<String> flags = new ArrayList<>();
        if (row.flags().contains(TierRow.INJECTOR_SATURATED)) {
            flags.add("<span class=\"flag\" title=\"Gatling used nearly all its cores: this tier measures the injector\">"
                    + TierRow.INJECTOR_SATURATED + "</span>");
        }
        if (row.flags().contains(TierRow.MACHINE_BUSY)) {
            flags.add("<span title=\"target and injector competed for the machine's CPUs\">" + TierRow.MACHINE_BUSY + "</span>");
        }
        return String.join(" ", flags);
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
