package containerbench.report;

import containerbench.results.ChangePoints;
import containerbench.results.StoredRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The history as one self-contained HTML page: per series, what its runs share, its runs, its
 * change points in a table, and a chart per figure (the ratios first, with their adjusted intervals
 * as bars and 1 as a line), each change point a dashed line (red where the figure got worse, green
 * where better) and each change of the environment a grey dotted one, labelled.
 */
public final class HistoryPage {

    private static final int WIDTH = 460;
    private static final int HEIGHT = 222;
    private static final int LEFT = 56;
    private static final int RIGHT = 12;
    private static final int TOP = 38;
    /** About as many characters of the 11-pixel title as fit the chart's width on one line. */
    private static final int TITLE_CHARACTERS = 72;
    private static final int BOTTOM = 34;
    private static final String WORSE = "#C0392B";
    private static final String BETTER = "#1E8449";
    private static final String MARK = "#7F7F7F";

    private HistoryPage() {
    }

    public static String render(History history, ChangePoints detector) {
        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>container-bench history</title><style>" + Html.resource("page.css")
                + " .charts{display:flex;flex-wrap:wrap;gap:8px} .charts svg{border:1px solid #ddd;background:#fff}</style>"
                + "</head><body><h1>History</h1>\n");
        page.append("<p>").append(history.tracks().stream().mapToInt(track -> track.runs().size()).sum())
                .append(" runs in ").append(history.tracks().size()).append(" series of runs alike. Change points: E-divisive means,"
                        + " each with a Student's t-test between the runs either side, kept at p &lt; ")
                .append(plain(detector.maxP())).append(" and ")
                .append(Math.round(detector.minMagnitude() * 100)).append("% or more, at least ").append(detector.minSegment())
                .append(" runs a side (docs/versions.md).</p>\n");
        for (String problem : history.problems()) {
            page.append("<p class=\"warning\">Left out: ").append(Html.text(problem)).append("</p>\n");
        }
        int index = 0;
        for (History.Track track : history.tracks()) {
            page.append(track(track, ++index));
        }
        return page.append("</body></html>\n").toString();
    }

    private static String track(History.Track track, int index) {
        StringBuilder html = new StringBuilder("<section id=\"series-" + index + "\"><h2>Series " + index + ": "
                + Html.text(track.configuration().get("targets")) + " (" + track.runs().size() + " runs)</h2>\n<table>");
        track.configuration().forEach((aspect, value) -> html.append("<tr><th>").append(Html.text(aspect)).append("</th><td>")
                .append(Html.text(value)).append("</td></tr>"));
        html.append("</table>\n<h3>Change points</h3>\n");
        List<String> rows = new ArrayList<>();
        for (History.Line line : track.lines()) {
            for (History.Change change : line.changes()) {
                rows.add("<tr><td>" + Html.text(line.figure()) + "</td><td>" + Html.text(runName(track.runs().get(change.run())))
                        + "</td><td style=\"color:" + (change.worse() ? WORSE : BETTER) + "\">" + percent(change.magnitude())
                        + (change.worse() ? " worse" : " better") + "</td><td>" + String.format(Locale.ROOT, "%.2g", change.p()) + "</td></tr>");
            }
        }
        html.append(rows.isEmpty() ? "<p>None found.</p>\n"
                : "<table><tr><th>figure</th><th>from run</th><th>change</th><th>p</th></tr>" + String.join("", rows) + "</table>\n");
        if (!track.marks().isEmpty()) {
            html.append("<h3>Changes of the environment</h3>\n<ul>");
            track.marks().forEach(mark -> html.append("<li>").append(Html.text(runName(track.runs().get(mark.run())))).append(": ")
                    .append(Html.text(mark.what())).append("</li>"));
            html.append("</ul>\n");
        }
        html.append("<h3>Runs</h3>\n<ol start=\"0\">");
        track.runs().forEach(run -> html.append("<li>").append(Html.text(runName(run))).append("</li>"));
        html.append("</ol>\n<div class=\"charts\">\n");
        track.lines().stream().filter(History.Line::ratio).forEach(line -> html.append(chart(line, track)));
        track.lines().stream().filter(line -> !line.ratio()).forEach(line -> html.append(chart(line, track)));
        return html.append("</div></section>\n").toString();
    }

    /** One figure over the series' runs. */
    static String chart(History.Line line, History.Track track) {
        int runs = track.runs().size();
        double max = 0;
        double min = Double.MAX_VALUE;
        for (History.Point point : line.points()) {
            max = Math.max(max, point.high() == null ? point.value() : Math.max(point.value(), point.high()));
            min = Math.min(min, point.low() == null ? point.value() : Math.min(point.value(), point.low()));
        }
        if (line.ratio()) {
            max = Math.max(max, 1);
            min = Math.min(min, 1);
        }
        double top = max + (max - min) * 0.1 + max * 0.01;
        double bottom = Math.max(0, min - (max - min) * 0.1 - min * 0.01);
        double plotWidth = WIDTH - LEFT - RIGHT;
        double plotHeight = HEIGHT - TOP - BOTTOM;
        java.util.function.DoubleUnaryOperator y = value -> TOP + plotHeight * (top - value) / (top - bottom);
        java.util.function.IntToDoubleFunction x = run -> LEFT + (runs == 1 ? plotWidth / 2 : plotWidth * run / (runs - 1.0));
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">", WIDTH, HEIGHT,
                Html.text(line.figure())));
        svg.append("<title>").append(Html.text(line.figure())).append("</title>");
        // A long figure name (a target's version or WAR in it) on two lines, broken at a space.
        String title = line.figure();
        int cut = title.length() <= TITLE_CHARACTERS ? -1 : title.lastIndexOf(' ', TITLE_CHARACTERS);
        svg.append(Svg.text(8, 14, "start", 11, "#222", cut < 0 ? title : title.substring(0, cut)));
        if (cut >= 0) {
            svg.append(Svg.text(8, 27, "start", 11, "#222", title.substring(cut + 1)));
        }
        svg.append(Svg.text(WIDTH - RIGHT, HEIGHT - 4, "end", 9, "#555", line.unit() + ", " + (line.biggerIsBetter() ? "bigger" : "smaller")
                + " is better"));
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\"/>", LEFT, TOP + plotHeight,
                WIDTH - RIGHT, TOP + plotHeight));
        for (double tick : new double[] {bottom, (bottom + top) / 2, top}) {
            svg.append(Svg.text(LEFT - 4, y.applyAsDouble(tick) + 4, "end", 10, "#555", number(tick)));
        }
        for (int r = 0; r < runs; r++) {
            svg.append(Svg.text(x.applyAsDouble(r), HEIGHT - BOTTOM + 14, "middle", 9, "#555", Integer.toString(r)));
        }
        svg.append(Svg.text(LEFT + plotWidth / 2, HEIGHT - 4, "middle", 10, "#555", "run"));
        if (line.ratio()) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#444\" stroke-dasharray=\"2 2\"/>",
                    LEFT, y.applyAsDouble(1), WIDTH - RIGHT, y.applyAsDouble(1)));
        }
        java.util.Map<Integer, Integer> marksAt = new java.util.HashMap<>();
        for (History.Mark mark : track.marks()) {
            double at = (x.applyAsDouble(mark.run() - 1) + x.applyAsDouble(mark.run())) / 2;
            svg.append(String.format(Locale.ROOT, "<line class=\"environment\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
                    + " stroke-dasharray=\"1 3\"><title>%s</title></line>", at, TOP, at, TOP + plotHeight, MARK, Html.text(mark.what())));
            // Several changes at one run are labelled one under the other, right of the line or, past the middle, left of it.
            int below = marksAt.merge(mark.run(), 1, Integer::sum) - 1;
            boolean left = at > LEFT + plotWidth / 2;
            svg.append(Svg.text(left ? at - 3 : at + 3, TOP + 10 + 11 * below, left ? "end" : "start", 9, MARK, mark.what()));
        }
        for (History.Change change : line.changes()) {
            double at = (x.applyAsDouble(change.run() - 1) + x.applyAsDouble(change.run())) / 2;
            String colour = change.worse() ? WORSE : BETTER;
            svg.append(String.format(Locale.ROOT, "<line class=\"change-point\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
                    + " stroke-width=\"2\" stroke-dasharray=\"5 3\"/>", at, TOP, at, TOP + plotHeight, colour));
            svg.append(Svg.text(at + 3, TOP + plotHeight - 4, "start", 10, colour, percent(change.magnitude())));
        }
        StringBuilder path = new StringBuilder();
        for (History.Point point : line.points()) {
            double px = x.applyAsDouble(point.run());
            if (point.low() != null) {
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-opacity=\"0.5\""
                        + " stroke-width=\"3\"/>", px, y.applyAsDouble(point.low()), px, y.applyAsDouble(point.high()), Svg.colour(0)));
            }
            path.append(path.isEmpty() ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", px, y.applyAsDouble(point.value())));
        }
        svg.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"").append(Svg.colour(0)).append("\" stroke-width=\"1.5\"/>");
        for (History.Point point : line.points()) {
            svg.append(String.format(Locale.ROOT, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>run %d: %s%s</title></circle>",
                    x.applyAsDouble(point.run()), y.applyAsDouble(point.value()), Svg.colour(0), point.run(), number(point.value()),
                    point.low() == null ? "" : " (" + number(point.low()) + "-" + number(point.high()) + ")"));
        }
        return svg.append("</svg>\n").toString();
    }

    /** A p-value as written by hand: 0.0005, not 5.0E-4. */
    public static String plain(double p) {
        return java.math.BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
    }

    private static String runName(StoredRun run) {
        return run.run().runId() + " (" + run.run().startedAt().substring(0, Math.min(16, run.run().startedAt().length())).replace('T', ' ')
                + ")";
    }

    private static String percent(double magnitude) {
        return String.format(Locale.ROOT, "%+.1f%%", 100 * magnitude);
    }

    private static String number(double value) {
        return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.3g", value);
    }
}
