package containerbench.results;

import containerbench.measure.Tier;
import java.util.List;

/**
 * One tier of an interleaved run: every target against the baseline.
 *
 * @param tier the tier (named "500 users" in the results file)
 * @param stoppedBy what ended the tier: "rounds" (the fixed number ran), "precision" (the rounds the
 *     pilot asked for ran) or "time cap" (its share of maxMinutes was spent first)
 * @param pilotPairs with precision, the pairs of the pilot whose spread the intervals use (Stein's
 *     two-stage procedure); {@code null} when every pair's spread is used
 */
public record TierComparison(Tier tier, int users, String stoppedBy, Integer pilotPairs, List<Comparison> comparison) {

    /**
     * One target against the baseline at one tier, from every round: the geometric mean of the
     * per-round ratios with its 95% interval, and the same interval widened for every interval the run
     * states about any of its targets (Bonferroni), which is what a verdict rests on.
     *
     * @param tps the other's TPS over the baseline's, from the rounds in which both answered a request OK
     *     within their blocks; {@code null} when fewer than two such rounds ran, and judged only when no round
     *     was left out ({@link #tpsJudged})
     * @param cpu the other's target CPU per response over the baseline's, from the rounds where both
     *     were read; {@code null} when fewer than two rounds could be read
     * @param failures how often each failed, round by round, and whether either failed the tier: then
     *     no ratio of the tier is judged, and the failure is the verdict
     * @param pairs the rounds in which both ran a block
     * @param tpsDropped of those, the rounds left out of the TPS ratio: a block of either without an OK response
     * @param cpuDropped of those, the rounds left out of the CPU ratio: either's CPU could not be read
     * @param injectorLimited Gatling itself limited at least a quarter of either's blocks
     *     ({@link containerbench.measure.InjectorLimit}): the TPS ratio measures the injector, and is not judged
     * @param machineFull the machine's cores were full in at least a quarter of either's blocks, with Gatling
     *     sharing them: the TPS ratio is of target and injector together on this machine, nearer 1 than
     *     the containers' own, and is judged as such (schema 11; false before)
     */
    public record Comparison(String baseline, String other, Ratio tps, Ratio cpu, Failures failures, int pairs,
            int tpsDropped, int cpuDropped, boolean injectorLimited, boolean machineFull) {

        public boolean cpuKnown() {
            return cpu != null;
        }

        /**
         * Whether the TPS ratio is judged at all: from two rounds or more, none left out, and neither
         * target failed the tier. The injector's limit is judged apart ({@code injectorLimited}).
         */
        public boolean tpsJudged() {
            return tps != null && tpsDropped == 0 && !failed();
        }

        /** Whether either target failed the tier: its ratios are then shown, not judged. */
        public boolean failed() {
            return failures.baselineFailed() || failures.otherFailed();
        }
    }

    /**
     * A paired ratio with its 95% interval and its adjusted one.
     *
     * @param adjustedFor how many intervals the run states about any of its targets (tiers x targets x TPS, CPU and response times):
     *     the adjusted interval has 1 - 0.05/adjustedFor confidence, so that all of them hold together 95% of the time
     * @param launches the launches of each target (fresh JVMs) the ratio comes from: over two or more, the
     *     interval is from the variation between launches ({@link PairedRatio#ofLaunches}); over one, from
     *     the blocks of these JVMs alone, and says nothing of how another launch would read
     * @param spread how far the ratio moved from block to block and from launch to launch; {@code null} where unknown
     */
    public record Ratio(double ratio, double low, double high, double adjustedLow, double adjustedHigh, int adjustedFor,
            int launches, PairedRatio.Components spread) {

        /** A ratio of one launch, its spread not given. */
        public Ratio(double ratio, double low, double high, double adjustedLow, double adjustedHigh, int adjustedFor) {
            this(ratio, low, high, adjustedLow, adjustedHigh, adjustedFor, 1, null);
        }

        /** Whether the 95% interval holds 1. */
        public boolean holdsOne() {
            return low <= 1 && 1 <= high;
        }

        /** Whether the adjusted interval holds 1: what a verdict of "more" or "less" needs to exclude. */
        public boolean adjustedHoldsOne() {
            return adjustedLow <= 1 && 1 <= adjustedHigh;
        }
    }

    /**
     * A target fails a tier when more than this share of its requests there failed, or a block of it
     * had no OK response at all: a container that refuses connections under load must come out of a
     * verdict as failed at that load, never as a ratio (the second study's WildFly at high concurrency).
     * One percent, the share Gatling's users most often assert; a block fails by the same share.
     */
    public static final double FAILED_PERCENT = 1;

    /**
     * Failed requests of both, and a sign test over the rounds: in how many the other failed a larger
     * share of its requests than the baseline, in how many a smaller, and the exact two-sided p of that
     * split (1 when neither failed). Rounds, not requests, are the unit: failures come in bursts.
     *
     * @param baselineFailedBlocks the baseline's blocks that failed more than {@link #FAILED_PERCENT} of
     *     their requests or answered none OK; likewise {@code otherFailedBlocks}
     * @param baselineFailed whether the baseline failed the tier ({@link #FAILED_PERCENT}); likewise {@code otherFailed}
     */
    public record Failures(double baselinePercent, double otherPercent, int otherWorse, int otherBetter, double p,
            int baselineFailedBlocks, int otherFailedBlocks, boolean baselineFailed, boolean otherFailed) {
    }
}
