package containerbench.results;

import containerbench.measure.Tier;

/**
 * One target's response times against the baseline's at one tier of an interleaved run, paired
 * round by round: the ratio of their means and of their 99th percentiles, each with its 95% interval
 * and its interval adjusted for the run's family ({@link Comparisons#family}), which a verdict of
 * "longer" or "shorter" rests on.
 */
public record LatencyComparison(Tier tier, int users, String baseline, String other, PairedRatio mean, PairedRatio p99,
        PairedRatio meanAdjusted, PairedRatio p99Adjusted, int adjustedFor) {
}
