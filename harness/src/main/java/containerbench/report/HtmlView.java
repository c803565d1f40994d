package containerbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import containerbench.report.ComparisonDocument.FigureRow;
import containerbench.report.ComparisonDocument.Link;
import containerbench.report.ComparisonDocument.RunRow;
import java.io.UncheckedIOException;
import java.time.Instant;
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
                .append(Html.text(Instant.now())).append(" from ").append(doc.runCount()).append(" run(s). ")
                .append(Html.text(MarkdownView.LEGEND)).append("</p>\n");
        if (!doc.leftOut().isEmpty()) {
            h.append("<h2>Left out</h2>\n");
            list(h, "class=\"problems\" id=\"problems\"", doc.leftOut());
        }
        if (!doc.pooled().isEmpty()) {
            h.append("<h2>Pooled over repeated runs</h2>\n");
            list(h, "class=\"pooled\" id=\"pooled\"", doc.pooled());
        }
        for (ComparisonDocument.VerdictSection verdict : doc.verdicts()) {
            h.append("<h2>Verdicts: ").append(Html.text(verdict.heading())).append(" <small>(").append(Html.text(verdict.run()))
                    .append(", ").append(Html.text(verdict.design())).append(")</small></h2>\n");
            list(h, "class=\"verdicts\"", verdict.sentences());
            if (!verdict.latencies().isEmpty()) {
                list(h, "class=\"latencies\"", verdict.latencies());
            }
            h.append("<p>").append(Html.text(verdict.warmups())).append("</p>\n<p class=\"calibration\">")
                    .append(Html.text(verdict.calibration())).append("</p>\n<div class=\"chart\"><canvas id=\"")
                    .append(Html.text(verdict.ratioChart().get("id"))).append("\"></canvas></div>\n");
        }
        for (ComparisonDocument.OpenSection open : doc.open()) {
            h.append("<h2>Latency against load: ").append(Html.text(open.heading())).append(" <small>(").append(Html.text(open.run()))
                    .append(", open workload: latency from each request's due time)</small></h2>\n");
            if (!open.capacities().isEmpty()) {
                list(h, "class=\"capacities\"", open.capacities());
            }
            h.append("<div class=\"chart\">").append(open.svg()).append("</div>\n");
            list(h, "class=\"open\"", open.lines());
        }
        runs(h, doc.runs());
        for (ComparisonDocument.FigureSection figures : doc.figures()) {
            h.append("<h2>").append(Html.text(figures.heading())).append("</h2>\n");
            if (!figures.findings().isEmpty()) {
                list(h, "class=\"findings\"", figures.findings());
            }
            tiers(h, figures.rows());
        }
        if (!doc.notCompared().isEmpty()) {
            h.append("<h2>Not compared</h2>\n");
            list(h, "id=\"unlike\"", doc.notCompared());
        }
        h.append("<h2>Charts</h2>\n<div class=\"charts\"><div class=\"chart\"><canvas id=\"chart-tps\"></canvas></div>")
                .append("<div class=\"chart\"><canvas id=\"chart-p99\"></canvas></div>")
                .append("<div class=\"chart\"><canvas id=\"chart-cpu\"></canvas></div></div>\n")
                .append("<script type=\"application/json\" id=\"chart-data\">").append(Html.scriptJson(json(doc.charts())))
                .append("</script>\n");
        for (String script : List.of(Html.resource("errors.js"), ChartJs.script(), Html.resource("comparison.js"))) {
            h.append("<script>\n").append(script.replace("</script", "<\\/script")).append("\n</script>\n");
        }
        return h.append("</body>\n</html>\n").toString();
    }

    private static void list(StringBuilder h, String attributes, List<String> items) {
        h.append("<ul ").append(attributes).append(">\n");
        items.forEach(item -> h.append("<li>").append(Html.text(item)).append("</li>\n"));
        h.append("</ul>\n");
    }

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
            h.append("</td><td class=\"l\"><small>").append(String.join("<br>", row.settings().stream().map(Html::text).toList()))
                    .append("</small></td><td class=\"l\"><small>")
                    .append(String.join("<br>", row.machine().stream().map(Html::text).toList())).append("</small></td>");
            h.append("<td class=\"l\">").append(link(row.report())).append("</td><td class=\"l\">").append(link(row.log()))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
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
