package containerbench.report;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.util.ArrayList;
import java.util.List;

/**
 * One figure of a run, named as the exports and the history name it: each target's TPS, CPU per
 * response and p99 per tier, then with several targets each one's TPS and CPU ratio to the
 * baseline per tier, with its adjusted interval.
 *
 * @param ratio the ratio with its intervals, or {@code null} for a target's own figure
 * @param note why a ratio was not judged, or what limited it; {@code null} for none
 */
public record Figure(String name, String unit, boolean biggerIsBetter, double value, TierComparison.Ratio ratio, String note) {

    /** Every figure of {@code run}, in the order above. */
    public static List<Figure> of(RunResult run) {
        List<Figure> figures = new ArrayList<>();
        for (TierResult tier : run.tiers() == null ? List.<TierResult>of() : run.tiers()) {
            String name = tier.target() + " " + tier.name();
            figures.add(new Figure(name + " TPS", "req/s", true, tier.tps(), null, null));
            if (tier.resources() != null && tier.resources().targetCpuMicrosPerRequest() != null) {
                figures.add(new Figure(name + " CPU per response", "us", false, tier.resources().targetCpuMicrosPerRequest(), null, null));
            }
            if (tier.ok() > 0 && tier.latencyMs() != null) {
                figures.add(new Figure(name + " p99", "ms", false, tier.latencyMs().p99(), null, null));
            }
        }
        for (TierComparison tier : run.comparisons() == null ? List.<TierComparison>of() : run.comparisons()) {
            for (TierComparison.Comparison c : tier.comparison()) {
                String name = c.other() + " against " + c.baseline() + " " + tier.tier();
                if (c.tps() != null) {
                    figures.add(new Figure(name + " TPS ratio", "x", true, c.tps().ratio(), c.tps(), tpsNote(c)));
                }
                if (c.cpu() != null) {
                    figures.add(new Figure(name + " CPU per response ratio", "x", false, c.cpu().ratio(), c.cpu(),
                            c.failed() ? "a target failed the tier: not judged" : null));
                }
            }
        }
        return List.copyOf(figures);
    }

    /** Why a TPS ratio was not judged, or that it is container and injector together; {@code null} when judged alone. */
    static String tpsNote(TierComparison.Comparison c) {
        if (c.failed()) {
            return "a target failed the tier: not judged";
        }
        if (c.injectorLimited()) {
            return "Gatling limited the load: not judged";
        }
        return c.machineFull() ? "the machine was full: container and injector together" : null;
    }
}
