package containerbench.report;

import containerbench.measure.OpenFigures;
import containerbench.measure.TierResult;
import containerbench.results.Capacities;
import containerbench.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An open workload's figures as sentences and as the hockey stick: each target's latency from due
 * time against the rate it achieved, and with a capacity search each one's capacity at the goal.
 */
final class OpenView {

    private OpenView() {
    }

    /** Whether the run's tiers were arrival rates. */
    static boolean open(RunResult run) {
        return run.tiers().stream().anyMatch(tier -> tier.open() != null);
    }

    /** One line per tier and target: offered and achieved rate, latency from due time, the injector's lateness. */
    static List<String> lines(RunResult run) {
        List<String> lines = new ArrayList<>();
        for (TierResult tier : run.tiers()) {
            OpenFigures open = tier.open();
            if (open == null || tier.requests() == 0) {
                continue;
            }
            OpenFigures.Corrected ms = open.correctedMs();
            lines.add(String.format(Locale.ROOT, "%s %s: achieved %.0f/s; from due time p50 %s, p99 %s, p99.9 %s, max %s ms;"
                    + " injector late p99 %.2f ms (%d left > %.0f ms late); %d unsent%s", tier.name(), tier.target(),
                    open.achievedRate(), ms == null ? "-" : ms(ms.p50()), ms == null ? "-" : ms(ms.p99()),
                    ms == null ? "-" : ms(ms.p999()), ms == null ? "-" : ms(ms.max()), open.latenessMs().p99(), open.late(),
                    OpenFigures.LATE_MS, open.notSent(), open.injectorLate()
                            ? " [INJECTOR LATE: the injector fell behind its schedule]" : ""));
        }
        return lines;
    }

    /** A capacity search's findings: each target's capacity with its interval, and each ratio to the baseline. */
    static List<String> capacities(RunResult run) {
        RunResult.CapacitySearch search = run.capacity();
        if (search == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        String goal = String.format(Locale.ROOT, "p99 <= %s ms from due time, failures <= %s%%", ms(search.slo().p99Ms()),
                ms(search.slo().maxFailurePercent()));
        if (search.capacities().isEmpty() && run.injection() != null && run.injection().index() != null) {
            return List.of("capacity at " + goal + ": in the merged run of every injector (this one sent its share of each rate)");
        }
        for (Capacities.Capacity capacity : search.capacities()) {
            lines.add(capacity(capacity, goal));
        }
        for (Capacities.Ratio ratio : search.ratios()) {
            if (ratio.low() == 0 && ratio.high() == null) {
                lines.add("capacity " + ratio.other() + "/" + ratio.baseline() + ": not established (neither end of the"
                        + " interval measured: a repeat kept no rate, or never missed one)");
                continue;
            }
            lines.add(String.format(Locale.ROOT, "capacity %s/%s: %.2fx (95%% interval %.2f-%s, %d repeats paired; the ends allow"
                    + " for each capacity lying anywhere up to its next step)", ratio.other(), ratio.baseline(), ratio.ratio(),
                    ratio.low(), ratio.high() == null ? "unbounded" : String.format(Locale.ROOT, "%.2f", ratio.high()),
                    ratio.pairs()) + (ratio.low() <= 1 && (ratio.high() == null || ratio.high() >= 1)
                            ? ": no difference established" : ratio.low() > 1 ? ": " + ratio.other() + " holds more"
                                    : ": " + ratio.other() + " holds less"));
        }
        return lines;
    }

    private static String capacity(Capacities.Capacity capacity, String goal) {
        String each = String.join(", ", java.util.stream.IntStream.range(0, capacity.kept().size()).mapToObj(j -> repeat(
                capacity.kept().get(j), capacity.missed().get(j), capacity.ends().get(j))).toList());
        if (capacity.rate() == 0) {
            return String.format(Locale.ROOT, "capacity of %s at %s: not established, a repeat kept not even the stair's first"
                    + " rate; each repeat kept: %s", capacity.target(), goal, each);
        }
        return String.format(Locale.ROOT, "capacity of %s at %s: %.0f req/s (95%% interval %.0f-%s over %d repeats); each repeat"
                + " kept: %s", capacity.target(), goal, capacity.rate(), capacity.low(), capacity.bounded()
                        ? String.format(Locale.ROOT, "%.0f", capacity.high()) : "unbounded, at least", capacity.kept().size(), each);
    }

    /** One repeat of the stair: "2000 (missed 2500)", "1600 or more (the injector fell behind too far to tell at the next rate)", "none (...)". */
    private static String repeat(int kept, Integer missed, Capacities.End end) {
        if (missed != null) {
            return (kept == 0 ? "none" : Integer.toString(kept)) + " (missed " + missed + ")";
        }
        String why = switch (end) {
            case INJECTOR -> kept == 0 ? "the injector fell behind at the first rate" : "the injector fell behind too far to tell at the next rate";
            case STAIR -> "kept to the stair's top";
            default -> "the run ended first";
        };
        return (kept == 0 ? "none" : kept + " or more") + " (" + why + ")";
    }

    private static String ms(double value) {
        return String.format(Locale.ROOT, value < 10 ? "%.2f" : "%.1f", value);
    }

    /**
     * The hockey stick as an SVG: per target, p50 (dashed) and p99 (solid) of the latency from due
     * time, on a logarithmic scale, against the rate achieved; the goal, if any, as a line. Points
     * whose injector was late are hollow.
     */
    static String svg(RunResult run) {
        Map<String, List<TierResult>> byTarget = new LinkedHashMap<>();
        double maxRate = 1;
        for (TierResult tier : run.tiers()) {
            if (tier.open() != null && tier.open().correctedMs() != null) {
                byTarget.computeIfAbsent(tier.target(), t -> new ArrayList<>()).add(tier);
                maxRate = Math.max(maxRate, tier.open().achievedRate());
            }
        }
        int width = 640;
        int height = 320;
        int left = 56;
        int bottom = 36;
        double low = 0.1;
        double high = 10_000;
        double xMax = Svg.niceCeiling(maxRate);
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "<svg class=\"hockey\" xmlns=\"http://www.w3.org/2000/svg\""
                + " viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"latency from due time against"
                + " achieved rate\">", width, height, width, height));
        for (double y = low; y <= high; y *= 10) {
            double py = yOf(y, low, high, height, bottom);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%s ms</text>", left, width - 8, py, py,
                    left - 4, py + 3, y < 1 ? "0.1" : String.format(Locale.ROOT, "%.0f", y)));
        }
        for (int i = 0; i <= 4; i++) {
            double rate = xMax * i / 4;
            double px = xOf(rate, xMax, width, left);
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%.0f</text>",
                    px, height - bottom + 14, rate));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">achieved rate"
                + " (req/s); p99 solid, p50 dashed, hollow: injector late</text>", (width + left) / 2, height - 6));
        if (run.capacity() != null) {
            double py = yOf(run.capacity().slo().p99Ms(), low, high, height, bottom);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#000\""
                    + " stroke-dasharray=\"2 3\"/><text x=\"%d\" y=\"%.1f\" font-size=\"10\">goal</text>", left, width - 8, py, py,
                    width - 34, py - 3));
        }
        int c = 0;
        for (Map.Entry<String, List<TierResult>> entry : byTarget.entrySet()) {
            String colour = Svg.colour(c);
            List<TierResult> tiers = new ArrayList<>(entry.getValue());
            // In the order the rates were offered: past its capacity a target's achieved rate falls back, and the line turns back with it.
            tiers.sort((a, b) -> Double.compare(a.open().offeredRate(), b.open().offeredRate()));
            for (boolean p99 : new boolean[] {true, false}) {
                StringBuilder points = new StringBuilder();
                for (TierResult tier : tiers) {
                    OpenFigures.Corrected ms = tier.open().correctedMs();
                    double px = xOf(tier.open().achievedRate(), xMax, width, left);
                    double py = yOf(p99 ? ms.p99() : ms.p50(), low, high, height, bottom);
                    points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, py));
                    s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" stroke=\"%s\" fill=\"%s\">"
                            + "<title>%s %s: %.0f/s, %s %s ms</title></circle>", px, py, colour,
                            tier.open().injectorLate() ? "none" : colour, Html.text(tier.target()), Html.text(tier.name()),
                            tier.open().achievedRate(), p99 ? "p99" : "p50", ms(p99 ? ms.p99() : ms.p50())));
                }
                s.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s points=\"%s\"/>",
                        colour, p99 ? "" : " stroke-dasharray=\"5 4\"", points.toString().trim()));
            }
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>", left + 8,
                    16 + 14 * c, colour, Html.text(entry.getKey())));
            c++;
        }
        return s.append("</svg>").toString();
    }

    private static double xOf(double rate, double xMax, int width, int left) {
        return left + (width - 8 - left) * rate / xMax;
    }

    private static double yOf(double ms, double low, double high, int height, int bottom) {
        double clamped = Math.max(low, Math.min(high, ms));
        double top = 8;
        return top + (height - bottom - top) * (1 - Math.log10(clamped / low) / Math.log10(high / low));
    }
}
