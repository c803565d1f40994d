package containerbench.report;

import containerbench.measure.LaunchFigures;
import containerbench.results.Footprints;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What each target costs besides CPU per response, against the baseline ({@link Footprints}): a row
 * per figure, the baseline's and the other's median over launches, the ratio with its adjusted
 * interval and its word, "more" or "less" only where that interval excludes 1. As lines for the
 * console, a Markdown table for summary.md and an HTML table for the page, from one row model.
 *
 * @param why what could not be read and why, per target and launch ("wildfly: its JVM could not be attached to"); empty when all was
 * @param family how many intervals these figures state, every one adjusted for all of them (a family apart from the load's)
 */
record FootprintView(String baseline, String other, List<Row> rows, List<String> why, int family) {

    /**
     * One figure: both sides' medians as printed, the ratio, and the verdict.
     *
     * @param ratio "0.61× (0.52-0.72)", the adjusted interval; or the ratio alone, or "-" with too few launches
     * @param word "less", "more", "=" (no difference established) or "" where nothing is judged
     */
    record Row(String figure, String baseline, String other, String ratio, String word) {
    }

    static final List<String> HEADERS = List.of("figure", "baseline", "other", "ratio (adjusted interval)", "verdict");

    /** Every other target's view; empty for a run without these figures (one target, or results before schema 21). */
    static List<FootprintView> of(RunResult run) {
        List<FootprintView> views = new ArrayList<>();
        for (Footprints.Comparison c : run.footprint()) {
            List<Row> rows = new ArrayList<>();
            add(rows, "start-up to first answer", c.startUp(), FootprintView::millis, "slower", "faster");
            add(rows, "heap at rest, after a GC", c.heapAtRest(), FootprintView::mebibytes, "more", "less");
            add(rows, "RSS at rest", c.rssAtRest(), FootprintView::mebibytes, "more", "less");
            Footprints.Figure disk = c.disk();
            if (disk != null) {
                rows.add(new Row("size on disk", mebibytes(disk.baseline()), mebibytes(disk.other()),
                        disk.baseline() != null && disk.other() != null && disk.baseline() > 0 ? Verdicts.times(disk.other() / disk.baseline()) : "-",
                        ""));
            }
            for (Footprints.TierCost tier : c.tiers()) {
                String load = Verdicts.load(tier.tier(), tier.users()) + (tier.failed() ? " (a target failed it: not judged)" : "");
                add(rows, "allocated per response at " + load, tier.bytesPerResponse(), FootprintView::kibibytes, "more", "less");
                add(rows, "GC pause share at " + load, tier.pausePercent(), FootprintView::percent, "more", "less");
            }
            List<String> why = run.launchFigures().stream().filter(f -> f.unknown() != null
                    && (f.target().equals(c.baseline()) || f.target().equals(c.other())))
                    .map(f -> f.target() + ", launch " + (f.launch() + 1) + ": " + f.unknown()).distinct().toList();
            views.add(new FootprintView(c.baseline(), c.other(), rows, why, Footprints.intervals(run.footprint())));
        }
        return views;
    }

    /**
     * Each launch of a run with nothing to compare them with (one target) in a line: "tomcat, launch 1: started in 2026 ms
     * (its JVM 1966 ms), 10.8 MiB of heap and 160.2 MiB RSS at rest after a GC, 7.8 MiB on disk".
     */
    static List<String> alone(RunResult run) {
        if (!run.footprint().isEmpty()) {
            return List.of();
        }
        return run.launchFigures().stream().map(f -> f.target() + ", launch " + (f.launch() + 1) + ": " + (f.startMillis() == null
                ? "start-up not timed" : "started in " + millis(f.startMillis().doubleValue()) + (f.jvmMillis() == null ? ""
                : " (its JVM " + millis(f.jvmMillis().doubleValue()) + ")")) + ", " + (f.heapAtRestBytes() == null ? "memory at rest not read"
                : mebibytes(f.heapAtRestBytes().doubleValue()) + " of heap and " + mebibytes(f.rssAtRestBytes() == null ? null
                : f.rssAtRestBytes().doubleValue()) + " RSS at rest after a GC") + (f.diskBytes() == null ? ""
                : ", " + mebibytes(f.diskBytes().doubleValue()) + " on disk") + (f.unknown() == null ? "" : " (" + f.unknown() + ")")).toList();
    }

    private static void add(List<Row> rows, String name, Footprints.Figure f, java.util.function.Function<Double, String> unit,
            String above, String below) {
        if (f == null) {
            return;
        }
        TierComparison.Ratio r = f.ratio();
        String ratio;
        String word;
        if (r == null) {
            ratio = f.baseline() != null && f.other() != null && f.baseline() > 0 ? Verdicts.times(f.other() / f.baseline())
                    + " (no interval)" : "-";
            word = "";
        } else {
            ratio = Verdicts.times(r.ratio()) + " (" + Verdicts.interval(r.adjustedLow(), r.adjustedHigh()) + ")";
            word = !r.adjustedHoldsOne() ? (r.adjustedHigh() < 1 ? below : above) : r.holdsOne() ? "=" : "= (not established once adjusted)";
        }
        rows.add(new Row(name, unit.apply(f.baseline()), unit.apply(f.other()), ratio, word));
    }

    private static String millis(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.0f ms", value);
    }

    private static String mebibytes(Double bytes) {
        return bytes == null ? "-" : String.format(Locale.ROOT, "%.1f MiB", bytes / 1024 / 1024);
    }

    private static String kibibytes(Double bytes) {
        return bytes == null ? "-" : String.format(Locale.ROOT, "%.1f KiB", bytes / 1024);
    }

    private static String percent(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.2f%%", value);
    }

    /** The console's lines: a heading, a row per figure, and what could not be read. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("  " + other + " against " + baseline + " besides CPU per response (medians over launches; ratio with its interval"
                + " over launches, adjusted for these figures' " + family + "):");
        int width = rows.stream().mapToInt(r -> r.figure().length()).max().orElse(6);
        for (Row r : rows) {
            lines.add(String.format(Locale.ROOT, "    %-" + width + "s  %12s  %12s  %s%s", r.figure(), r.baseline(), r.other(), r.ratio(),
                    r.word().isEmpty() ? "" : "  " + r.word()));
        }
        why.forEach(w -> lines.add("    not read: " + w));
        return lines;
    }

    void markdown(StringBuilder m) {
        m.append("\n**").append(other).append(" against ").append(baseline)
                .append(" besides CPU per response** (medians over launches; ratio with its interval over launches, adjusted for these figures' ")
                .append(family).append(")\n\n");
        m.append("| ").append(String.join(" | ", headers())).append(" |\n");
        m.append("|---|---:|---:|---|---|\n");
        for (Row r : rows) {
            m.append("| ").append(String.join(" | ", r.figure(), r.baseline(), r.other(), r.ratio(), r.word())).append(" |\n");
        }
        why.forEach(w -> m.append("\nNot read: ").append(w).append('\n'));
    }

    void html(StringBuilder h) {
        h.append("<h3>").append(Html.text(other + " against " + baseline + " besides CPU per response")).append("</h3>\n");
        h.append("<p class=\"design\">").append(Html.text("Medians over launches; each ratio with its interval over launches,"
                + " adjusted for these figures' " + family + ", a family apart from the load's.")).append("</p>\n");
        h.append("<table class=\"footprint\"><thead><tr>");
        headers().forEach(header -> h.append("<th>").append(Html.text(header)).append("</th>"));
        h.append("</tr></thead><tbody>\n");
        for (Row r : rows) {
            h.append("<tr><td>").append(Html.text(r.figure())).append("</td><td>").append(Html.text(r.baseline())).append("</td><td>")
                    .append(Html.text(r.other())).append("</td><td>").append(Html.text(r.ratio())).append("</td><td>")
                    .append(Html.text(r.word())).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
        if (!why.isEmpty()) {
            h.append("<p class=\"footprint-unknown\">Not read: ").append(Html.text(String.join("; ", why))).append("</p>\n");
        }
    }

    /** The table's headers, the two sides named. */
    private List<String> headers() {
        return List.of(HEADERS.get(0), baseline, other, HEADERS.get(3), HEADERS.get(4));
    }
}
