package containerbench.report;

import containerbench.measure.Histograms;
import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Response times as this field reads them: each tier's percentile distribution per target, from the
 * histogram the results keep, on HdrHistogram's "nines" axis (90%, 99%, 99.9% equally spaced), so the
 * tail a p99 row hides is drawn. One small panel per tier, the targets as lines.
 */
final class LatencyCurves {

    /** The deepest percentile drawn: 99.999%, and never beyond what a tier's count of responses can say. */
    private static final double MAX_NINES = 5;
    private static final double STEP = 0.05;
    private static final int WIDTH = 420;
    private static final int HEIGHT = 250;
    private static final int LEFT = 48;
    private static final int BOTTOM = 34;
    private static final int TOP = 24;

    /**
     * One tier: a curve per target that kept its histogram.
     *
     * @param fromDueTime the times are an open workload's, from each request's due time (corrected for
     *     the injector's coordinated omission), not Gatling's from when it sent
     */
    record Panel(String load, boolean fromDueTime, List<Curve> curves) {
    }

    /** One target's percentiles: at each point, the nines (log10 of 1 / (1 - percentile)) and the response time in ms. */
    record Curve(String target, List<Point> points) {
    }

    record Point(double nines, double ms) {
    }

    private LatencyCurves() {
    }

    /**
     * A panel per tier of the run, in the order of its loads; none where no target kept a histogram.
     * An open tier's curves are its latency from due time where the results keep it.
     */
    static List<Panel> of(RunResult run) {
        List<Panel> panels = new ArrayList<>();
        for (int load : run.loads()) {
            List<Curve> curves = new ArrayList<>();
            List<TierResult> tiers = run.targets().stream().map(target -> run.tier(target.label(), load).orElse(null))
                    .filter(tier -> tier != null).toList();
            // From due time only where every target kept it: one panel never mixes the two clocks.
            boolean corrected = tiers.stream().allMatch(tier -> tier.open() != null && tier.open().correctedHistogram() != null);
            for (TierResult tier : tiers) {
                if (corrected) {
                    curves.add(new Curve(tier.target(), points(Histograms.decode(tier.open().correctedHistogram()), 1000)));
                } else if (tier.latencyMs() != null && tier.latencyMs().histogram() != null) {
                    curves.add(new Curve(tier.target(), points(Histograms.decode(tier.latencyMs().histogram()), 1)));
                }
            }
            if (!curves.isEmpty()) {
                panels.add(new Panel(Verdicts.load(load, run.loadUnit()), corrected, curves));
            }
        }
        return panels;
    }

    /**
     * Percentiles every {@link #STEP} nines, up to what the count allows (1,000 responses say nothing
     * of 99.99%), in ms of a histogram recorded in units of {@code 1 / perMs} ms.
     */
    static List<Point> points(Histogram histogram, double perMs) {
        List<Point> points = new ArrayList<>();
        double deepest = Math.min(MAX_NINES, Math.log10(Math.max(1, histogram.getTotalCount())));
        // Counted in steps, not summed: 20 additions of 0.05 miss 1.0 by an ulp, and p90 would read p90.0000001.
        for (int step = 0; step * STEP <= deepest + 1e-9; step++) {
            double nines = step * STEP;
            double percentile = 100 * (1 - Math.pow(10, -nines));
            points.add(new Point(nines, histogram.getValueAtPercentile(percentile) / perMs));
        }
        return points;
    }

    static String svg(Panel panel) {
        double top = 1;
        double nines = 1;
        for (Curve curve : panel.curves()) {
            for (Point point : curve.points()) {
                top = Math.max(top, point.ms());
                nines = Math.max(nines, point.nines());
            }
        }
        double yMax = Svg.niceCeiling(top);
        double xMax = Math.ceil(nines);
        StringBuilder s = new StringBuilder();
        int plotWidth = WIDTH - LEFT - 10;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        // Five steps of a 1, 2 or 5 ceiling are round: 50 ms in tens, 200 in forties.
        for (int i = 0; i <= 5; i++) {
            double ms = yMax * i / 5;
            double y = TOP + plotHeight * (1 - ms / yMax);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e3e3e3\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#444\">%s</text>", LEFT, WIDTH - 10, y, y,
                    LEFT - 4, y + 4, ms(ms)));
        }
        for (int n = 0; n <= xMax; n++) {
            double x = LEFT + plotWidth * n / xMax;
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#e3e3e3\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"%s\" fill=\"#444\">%s</text>", x, x, TOP,
                    TOP + plotHeight, x, HEIGHT - BOTTOM + 14, n == xMax ? "end" : "middle", percentile(n)));
        }
        int points = 0;
        for (int c = 0; c < panel.curves().size(); c++) {
            Curve curve = panel.curves().get(c);
            String colour = Svg.colour(c);
            StringBuilder line = new StringBuilder();
            for (Point point : curve.points()) {
                line.append(String.format(Locale.ROOT, "%.1f,%.1f ", LEFT + plotWidth * point.nines() / xMax,
                        TOP + plotHeight * (1 - point.ms() / yMax)));
                points++;
            }
            s.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"><title>%s</title>"
                    + "</polyline>", colour, c % 2 == 1 ? " stroke-dasharray=\"6 3\"" : "", line.toString().trim(),
                    Html.text(curve.target())));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>", LEFT + 8,
                    TOP + 14 + 14 * c, colour, Html.text(curve.target())));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"16\" font-size=\"13\" fill=\"#222\">%s</text>", LEFT,
                Html.text(panel.load() + ": response time (ms" + (panel.fromDueTime() ? " from due time" : "") + ") by percentile")));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"#666\">percentile"
                + " (nines)</text>", LEFT + plotWidth / 2, HEIGHT - 4));
        return String.format(Locale.ROOT, "<svg class=\"chart curve\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\""
                + " data-points=\"%d\" role=\"img\" aria-label=\"%s\">", WIDTH, HEIGHT, points,
                Html.text("response time by percentile at " + panel.load())) + s + "</svg>";
    }

    /** "0%", "90%", "99%", "99.9%": the percentile n nines deep. */
    static String percentile(int nines) {
        if (nines < 2) {
            return nines == 0 ? "0%" : "90%";
        }
        return "99" + (nines > 2 ? "." + "9".repeat(nines - 2) : "") + "%";
    }

    private static String ms(double ms) {
        return ms >= 10 || ms == 0 ? String.format(Locale.ROOT, "%.0f", ms) : String.format(Locale.ROOT, "%.1f", ms);
    }
}
