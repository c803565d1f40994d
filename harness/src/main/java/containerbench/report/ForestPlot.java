package containerbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A verdict table drawn as a forest plot, one panel per figure (TPS, CPU per response, p99), a row
 * per tier: the ratio as a dot, its 95% interval as a thick bar, its adjusted interval as a thin
 * line, 1 as a dashed rule. Each panel's log axis is fitted to its own intervals, so an A/A interval
 * of ±2% is as visible as one of ±20%; ratios that are not judged are drawn grey and hollow, not
 * dropped (a p99 where Gatling limited the load or a target failed has no ratio, and no row's dot).
 * An SVG as wide as the column it sits in, made here from numbers and escaped labels.
 */
final class ForestPlot {

    private static final int WIDTH = 960;
    private static final int ROW = 26;
    private static final int TOP = 34;
    private static final int BOTTOM = 40;
    private static final int LABELS = 96;
    private static final int GAP = 24;
    private static final List<String> PANELS = List.of("TPS", "CPU per response", "p99 response time");
    /** Okabe and Ito's blue and vermilion, as the verdict cells ({@code page.css}). */
    static final String BETTER = Svg.PALETTE[0];
    static final String WORSE = Svg.PALETTE[1];

    /** Ratios a fitted axis may mark: round figures, dense near 1, where most ratios of this field live. */
    private static final double[] TICKS = {0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.97, 0.98, 0.99, 1,
        1.01, 1.02, 1.03, 1.05, 1.1, 1.15, 1.2, 1.3, 1.5, 1.7, 2, 3, 5, 10, 20, 50, 100};

    private ForestPlot() {
    }

    static String svg(VerdictTable table) {
        int height = TOP + ROW * table.rows().size() + BOTTOM;
        int panelWidth = (WIDTH - LABELS - GAP * (PANELS.size() - 1)) / PANELS.size();
        StringBuilder s = new StringBuilder();
        int points = 0;
        for (int r = 0; r < table.rows().size(); r++) {
            s.append(Svg.text(LABELS - 8, rowY(r) + 4, "end", 12, "#222", table.rows().get(r).load()));
        }
        for (int p = 0; p < PANELS.size(); p++) {
            int left = LABELS + p * (panelWidth + GAP);
            int panel = p;
            List<VerdictTable.Cell> cells = table.rows().stream().map(row -> row.ratios().get(panel)).toList();
            Axis axis = Axis.fitted(cells);
            s.append(Svg.text(left + panelWidth / 2, 16, "middle", 13, "#222", PANELS.get(p)));
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#ddd\"/>",
                    left, TOP - 10, panelWidth, ROW * table.rows().size() + 8));
            for (double tick : axis.ticks()) {
                double x = left + axis.position(tick) * panelWidth;
                s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"%s\"%s/>", x, x, TOP - 10,
                        TOP - 2 + ROW * table.rows().size(), tick == 1 ? "#333" : "#e3e3e3", tick == 1 ? " stroke-dasharray=\"4 3\"" : ""));
                // A label at the panel's edge ends there, into the gap, rather than past the picture.
                boolean edge = x > left + panelWidth - 14;
                s.append(Svg.text(edge ? left + panelWidth : x, height - BOTTOM + 14, edge ? "end" : "middle", 11, "#444", tickLabel(tick)));
            }
            for (int r = 0; r < cells.size(); r++) {
                VerdictTable.Cell cell = cells.get(r);
                if (cell.estimate() != null) {
                    s.append(interval(cell, axis, left, panelWidth, rowY(r)));
                    points++;
                }
            }
        }
        s.append(Svg.text(WIDTH / 2.0, height - 4, "middle", 11, "#666", table.other() + " over " + table.baseline()
                + ": dot the ratio, thick bar its 95% interval, thin line the adjusted one; grey: not judged; log scale"));
        return String.format(Locale.ROOT, "<svg class=\"chart forest\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\""
                + " data-points=\"%d\" role=\"img\" aria-label=\"%s\">", WIDTH, height, points,
                Html.text("ratios of " + table.other() + " to " + table.baseline() + " per tier")) + s + "</svg>";
    }

    /**
     * One ratio: its adjusted interval as a thin line, its 95% one as a thick bar, the ratio as a dot,
     * hollow where it is not judged. What lies beyond the axis is drawn to its edge, an arrowhead there.
     */
    private static String interval(VerdictTable.Cell cell, Axis axis, int left, int width, int y) {
        VerdictTable.Estimate e = cell.estimate();
        String colour = switch (cell.call()) {
            case BETTER -> BETTER;
            case WORSE -> WORSE;
            case NO_DIFFERENCE -> "#333";
            default -> "#aaa";
        };
        boolean hollow = cell.call() == Call.NOT_JUDGED || cell.call() == Call.FAILED;
        double adjLow = left + axis.position(e.adjustedLow()) * width;
        double adjHigh = left + axis.position(e.adjustedHigh()) * width;
        double low = left + axis.position(e.low()) * width;
        double high = left + axis.position(e.high()) * width;
        double dot = left + axis.position(e.ratio()) * width;
        String title = cell.figure() + " (95% " + Verdicts.interval(e.low(), e.high()) + "; adjusted for " + e.adjustedFor() + ": "
                + Verdicts.interval(e.adjustedLow(), e.adjustedHigh()) + "), " + cell.word()
                + (cell.caveat() == null ? "" : ": " + cell.caveat().brief());
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "<g><title>%s</title>"
                + "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.5\"/>"
                + "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"7\" stroke-opacity=\"0.35\"/>"
                + "<circle cx=\"%.1f\" cy=\"%d\" r=\"4.5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>", Html.text(title), adjLow,
                adjHigh, y, y, colour, low, high, y, y, colour, dot, y, hollow ? "#fff" : colour, colour));
        if (e.adjustedLow() < axis.low()) {
            s.append(arrow(left, y, -1, colour));
        }
        if (e.adjustedHigh() > axis.high()) {
            s.append(arrow(left + width, y, 1, colour));
        }
        return s.append("</g>").toString();
    }

    /** An arrowhead at {@code x} pointing left ({@code -1}) or right: the interval goes on beyond the axis. */
    private static String arrow(double x, int y, int direction, String colour) {
        return String.format(Locale.ROOT, "<path d=\"M%.1f %d l%d -4 v8 z\" fill=\"%s\"/>", x, y, -6 * direction, colour);
    }

    private static int rowY(int row) {
        return TOP + ROW * row + ROW / 2 - 4;
    }


    private static String tickLabel(double tick) {
        return String.format(Locale.ROOT, "%.2f", tick).replaceAll("0+$", "").replaceAll("\\.$", "") + "×";
    }

    /**
     * A log axis over [low, high]: 1 and the judged ratios' adjusted intervals inside it with a
     * margin, at least ±2% wide; at most about seven ticks, 1 always among them. Fitted to what is
     * judged: a failed tier's TPS of 0.01× would squash every other interval to a point. Where
     * nothing is judged, to every ratio shown.
     */
    record Axis(double low, double high, List<Double> ticks) {

        static Axis fitted(List<VerdictTable.Cell> cells) {
            List<VerdictTable.Cell> judged = cells.stream().filter(cell -> cell.estimate() != null
                    && cell.call() != Call.NOT_JUDGED && cell.call() != Call.FAILED).toList();
            double lo = 1;
            double hi = 1;
            for (VerdictTable.Cell cell : judged.isEmpty() ? cells : judged) {
                if (cell.estimate() != null) {
                    VerdictTable.Estimate e = cell.estimate();
                    lo = Math.min(lo, Math.min(e.adjustedLow(), e.ratio()));
                    hi = Math.max(hi, Math.max(e.adjustedHigh(), e.ratio()));
                }
            }
            lo = Math.max(lo, TICKS[0]);
            hi = Math.min(hi, TICKS[TICKS.length - 1]);
            double span = Math.max(Math.log(hi / lo), Math.log(1.04));
            double centre = (Math.log(hi) + Math.log(lo)) / 2;
            double low = Math.exp(centre - span * 0.56);
            double high = Math.exp(centre + span * 0.56);
            return new Axis(low, high, ticks(low, high));
        }

        /** Where a ratio falls, from 0 at the left to 1 at the right, clamped to the axis. */
        double position(double ratio) {
            double clamped = Math.max(low, Math.min(high, ratio));
            return Math.log(clamped / low) / Math.log(high / low);
        }

        private static List<Double> ticks(double low, double high) {
            double gap = Math.log(high / low) / 7;
            List<Double> ticks = new ArrayList<>(List.of(1.0));
            double last = 1;
            for (double tick : TICKS) {
                if (tick > 1 && tick < high && Math.log(tick / last) >= gap) {
                    ticks.add(tick);
                    last = tick;
                }
            }
            last = 1;
            for (int i = TICKS.length - 1; i >= 0; i--) {
                double tick = TICKS[i];
                if (tick < 1 && tick > low && Math.log(last / tick) >= gap) {
                    ticks.add(0, tick);
                    last = tick;
                }
            }
            return ticks;
        }
    }
}
