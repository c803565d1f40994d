package containerbench.report;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Beside a run's ratios, the magnitudes they are ratios of: each target's TPS and p99 per tier as
 * bars on linear axes from 0, so that a reader sees whether 0.7× is of 40,000 req/s or of 400, and
 * of 2 ms or of 200. One SVG per run, its rows the forest plot's tiers.
 */
final class Magnitudes {

    private static final int WIDTH = 960;
    private static final int LABELS = 96;
    private static final int GAP = 24;
    private static final int TOP = 34;
    private static final int BOTTOM = 28;
    private static final int BAR = 9;

    /** One tier: a bar per target. */
    record Tier(String load, List<Bar> bars) {
    }

    /** One target's figures at a tier; {@code null} where unknown. */
    record Bar(String target, Double tps, Long p99) {
    }

    private Magnitudes() {
    }

    static List<Tier> of(RunResult run) {
        List<Tier> tiers = new ArrayList<>();
        for (int load : run.loads()) {
            List<Bar> bars = new ArrayList<>();
            for (RunResult.Target target : run.targets()) {
                TierResult tier = run.tier(target.label(), load).orElse(null);
                bars.add(new Bar(target.label(), tier == null ? null : tier.tps(),
                        tier == null || tier.latencyMs() == null ? null : tier.latencyMs().p99()));
            }
            tiers.add(new Tier(Verdicts.load(load, run.loadUnit()), bars));
        }
        return tiers;
    }

    static String svg(List<Tier> tiers) {
        int targets = tiers.isEmpty() ? 0 : tiers.get(0).bars().size();
        int row = BAR * targets + 10;
        int height = TOP + row * tiers.size() + BOTTOM;
        int panel = (WIDTH - LABELS - GAP) / 2;
        double tpsMax = Svg.niceCeiling(Math.max(1, tiers.stream().flatMap(t -> t.bars().stream()).filter(b -> b.tps() != null)
                .mapToDouble(Bar::tps).max().orElse(1)));
        double p99Max = Svg.niceCeiling(Math.max(1, tiers.stream().flatMap(t -> t.bars().stream()).filter(b -> b.p99() != null)
                .mapToDouble(Bar::p99).max().orElse(1)));
        StringBuilder s = new StringBuilder();
        int points = 0;
        for (int p = 0; p < 2; p++) {
            int left = LABELS + p * (panel + GAP);
            double max = p == 0 ? tpsMax : p99Max;
            s.append(Svg.text(left + panel / 2.0, 16, "middle", 13, "#222", p == 0 ? "TPS (OK responses per second)" : "p99 (ms)"));
            for (int i = 0; i <= 5; i++) {
                double x = left + panel * i / 5.0;
                s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#e3e3e3\"/>", x, x, TOP - 6,
                        TOP + row * tiers.size()));
                s.append(Svg.text(i == 5 ? left + panel : x, height - BOTTOM + 14, i == 5 ? "end" : "middle", 11, "#444",
                        String.format(Locale.ROOT, "%,.0f", max * i / 5)));
            }
            for (int r = 0; r < tiers.size(); r++) {
                List<Bar> bars = tiers.get(r).bars();
                for (int b = 0; b < bars.size(); b++) {
                    Bar bar = bars.get(b);
                    Double value = p == 0 ? bar.tps() : bar.p99() == null ? null : bar.p99().doubleValue();
                    if (value == null) {
                        continue;
                    }
                    int y = TOP + r * row + b * BAR;
                    s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>%s</title></rect>",
                            left, y, panel * value / max, BAR - 2, Svg.colour(b), Html.text(bar.target() + " at "
                                    + tiers.get(r).load() + ": " + String.format(Locale.ROOT, p == 0 ? "%,.0f req/s" : "%.0f ms", value))));
                    points++;
                }
            }
        }
        for (int r = 0; r < tiers.size(); r++) {
            s.append(Svg.text(LABELS - 8, TOP + r * row + row / 2.0, "end", 12, "#222", tiers.get(r).load()));
        }
        List<Bar> first = tiers.isEmpty() ? List.of() : tiers.get(0).bars();
        StringBuilder legend = new StringBuilder();
        for (int b = 0; b < first.size(); b++) {
            legend.append(String.format(Locale.ROOT, "<tspan fill=\"%s\">■ %s</tspan> ", Svg.colour(b),
                    Html.text(first.get(b).target())));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\">%s</text>", WIDTH / 2.0,
                height - 2, legend.toString().trim()));
        return String.format(Locale.ROOT, "<svg class=\"chart magnitudes\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\""
                + " data-points=\"%d\" role=\"img\" aria-label=\"TPS and p99 per target and tier\">", WIDTH, height, points) + s + "</svg>";
    }

}
