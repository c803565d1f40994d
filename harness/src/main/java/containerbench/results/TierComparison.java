package containerbench.results;

import java.util.List;

/**
 * One tier of an interleaved run: every target against the baseline.
 *
 * @param tier the tier's name ("500 users")
 * @param stoppedBy what ended the tier: "rounds" (the fixed number ran), "precision" (every interval
 *     reached the precision asked for) or "time cap" (its share of maxMinutes, or of the rounds laid out, was spent)
 */
public record TierComparison(String tier, int users, String stoppedBy, List<Comparison> comparison) {

    /**
     * One target against the baseline at one tier, from the rounds in which both ran: the geometric
     * mean of the per-round ratios and its 95% interval.
     *
     * @param tpsRatio the other's TPS over the baseline's; its interval in tpsRatioLow..tpsRatioHigh
     * @param cpuRatio the other's target CPU per response over the baseline's; its interval in cpuRatioLow..cpuRatioHigh,
     *     all -1 when the CPU could not be read
     * @param pairs the rounds the ratios come from
     * @param injectorLimited Gatling used nearly all its cores in a block of either: the TPS ratio measures the injector
     */
    public record Comparison(String baseline, String other, double tpsRatio, double tpsRatioLow, double tpsRatioHigh,
            double cpuRatio, double cpuRatioLow, double cpuRatioHigh, int pairs, boolean injectorLimited) {

        /** Whether the TPS interval holds 1: no difference established. */
        public boolean tpsIndistinguishable() {
            return tpsRatioLow <= 1 && 1 <= tpsRatioHigh;
        }

        public boolean cpuKnown() {
            return cpuRatio > 0;
        }

        public boolean cpuIndistinguishable() {
            return cpuRatioLow <= 1 && 1 <= cpuRatioHigh;
        }
    }
}
