package containerbench.results;

import containerbench.measure.Tier;

/**
 * One request of a mix, one target's mean response time against the baseline's at one tier of an
 * interleaved run, paired block by block, with its 95% interval and its interval adjusted for the
 * run's per-request intervals: a family of their own, so that a mix of many requests widens its own
 * intervals and not the tier verdicts'.
 *
 * @param leftOut the rounds without a ratio (no OK response to the request on a side, or a mean of 0 ms): with any,
 *     the ratio is shown and not judged, as leaving them out would favour the slower target
 */
public record RequestComparison(Tier tier, int users, String baseline, String other, String request, PairedRatio mean,
        PairedRatio meanAdjusted, int adjustedFor, int leftOut) {
}
