package containerbench.report;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Each target's CPU per response against the rate it achieved, tier by tier: how its cost falls as
 * the load rises (fixed costs per wake-up spread over more requests) and where it turns. Two
 * containers compared at one closed tier stand at different points of their curves; an open run's
 * rates set them at the same points. Drawn for runs of several tiers whose CPU per response was read.
 */
final class EfficiencyCurve {

    private EfficiencyCurve() {
    }

    /** The curve as SVG, or {@code ""} where fewer than two tiers of a target have a CPU per response. */
    static String svg(RunResult run) {
        Map<String, List<TierResult>> byTarget = new LinkedHashMap<>();
        double maxRate = 1;
        double maxMicros = 1;
        for (TierResult tier : run.tiers()) {
            Double micros = micros(tier);
            if (micros != null && tier.tps() > 0) {
                byTarget.computeIfAbsent(tier.target(), t -> new ArrayList<>()).add(tier);
                maxRate = Math.max(maxRate, tier.tps());
                maxMicros = Math.max(maxMicros, micros);
            }
        }
        if (byTarget.values().stream().noneMatch(tiers -> tiers.size() > 1)) {
            return "";
        }
        int width = 640;
        int height = 280;
        int left = 56;
        int bottom = 36;
        double xMax = Svg.niceCeiling(maxRate);
        double yMax = Svg.niceCeiling(maxMicros);
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "<svg class=\"efficiency\" xmlns=\"http://www.w3.org/2000/svg\""
                + " viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"CPU per response against achieved"
                + " rate\">", width, height, width, height));
        for (int i = 0; i <= 4; i++) {
            double micros = yMax * i / 4;
            double py = y(micros, yMax, height, bottom);
            double rate = xMax * i / 4;
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%.0f µs</text>"
                    + "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%.0f</text>", left, width - 8, py, py,
                    left - 4, py + 3, micros, x(rate, xMax, width, left), height - bottom + 14, rate));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">achieved rate"
                + " (req/s); the target's CPU per response, each tier a point</text>", (width + left) / 2, height - 6));
        int c = 0;
        for (Map.Entry<String, List<TierResult>> entry : byTarget.entrySet()) {
            String colour = Svg.colour(c);
            List<TierResult> tiers = new ArrayList<>(entry.getValue());
            tiers.sort((a, b) -> Double.compare(a.tps(), b.tps()));
            StringBuilder points = new StringBuilder();
            for (TierResult tier : tiers) {
                double px = x(tier.tps(), xMax, width, left);
                double py = y(micros(tier), yMax, height, bottom);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, py));
                s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s %s: %.0f/s,"
                        + " %.1f µs a response</title></circle>", px, py, colour, Html.text(tier.target()), Html.text(tier.name()),
                        tier.tps(), micros(tier)));
            }
            s.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/>",
                    colour, points.toString().trim()));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>", width - 120,
                    16 + 14 * c, colour, Html.text(entry.getKey())));
            c++;
        }
        return s.append("</svg>").toString();
    }

    private static Double micros(TierResult tier) {
        return tier.resources() == null || tier.resources().targetCpuMicrosPerRequest() == null
                || tier.resources().targetCpuMicrosPerRequest() <= 0 ? null
                : tier.resources().targetCpuMicrosPerRequest();
    }

    private static double x(double rate, double xMax, int width, int left) {
        return left + (width - 8 - left) * rate / xMax;
    }

    private static double y(double micros, double yMax, int height, int bottom) {
        double top = 8;
        return top + (height - bottom - top) * (1 - micros / yMax);
    }
}
