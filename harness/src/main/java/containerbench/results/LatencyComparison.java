package containerbench.results;

/**
 * One target's response times against the baseline's at one tier of an interleaved run, paired
 * round by round: the ratio of their means and of their 99th percentiles, each with its 95% interval.
 */
public record LatencyComparison(String tier, int users, String baseline, String other, PairedRatio mean, PairedRatio p99) {
}
