package containerbench.report;

import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The pull request's question, "did the change make it slower?", answered from one interleaved run
 * whose baseline is the base's build and whose other target is the change's: a regression only
 * where the adjusted interval excludes one beyond the threshold, so that noise within the interval,
 * or a slowdown smaller than the threshold, does not fail the build. CPU per response is the
 * container's own; a TPS ratio only where the run judged it (not where Gatling limited the load).
 * A change that fails a tier its base passes is a regression whatever its ratios.
 *
 * @param threshold the slowdown tolerated, as a fraction (0.05 for 5%)
 */
public record RegressionCheck(double threshold) {

    /** What one figure of one tier says. */
    public enum Verdict { REGRESSION, IMPROVEMENT, WITHIN, NOT_JUDGED }

    /** @param why the ratio and its adjusted interval, or why it was not judged */
    public record Finding(String tier, String figure, Verdict verdict, String why) {
    }

    /** Every finding of the run's first other target against its baseline, tier by tier. */
    public List<Finding> findings(RunResult run) {
        if (run.comparisons() == null || run.comparisons().isEmpty()) {
            throw new IllegalArgumentException(run.runId() + " compares no targets: a regression check needs the base's build"
                    + " and the change's as two targets of one run");
        }
        List<Finding> findings = new ArrayList<>();
        for (TierComparison tier : run.comparisons()) {
            TierComparison.Comparison c = tier.comparison().get(0);
            if (c.failures() != null && c.failures().otherFailed() && !c.failures().baselineFailed()) {
                findings.add(new Finding(tier.tier().toString(), "failures", Verdict.REGRESSION, String.format(Locale.ROOT,
                        "%s failed %.2f%% of its requests, %s %.2f%%", c.other(), c.failures().otherPercent(), c.baseline(),
                        c.failures().baselinePercent())));
                continue;
            }
            if (c.cpu() != null) {
                findings.add(judge(tier.tier().toString(), "CPU per response", c.cpu(), false, c.failed() ? "a target failed the tier" : null));
            }
            if (c.tps() != null) {
                String note = !c.tpsJudged() ? "not judged by the run" : c.injectorLimited() ? "Gatling limited the load" : null;
                findings.add(judge(tier.tier().toString(), "TPS", c.tps(), true, note));
            }
        }
        return List.copyOf(findings);
    }

    /** Whether any finding is a regression: what fails the pull request. */
    public boolean regressed(RunResult run) {
        return findings(run).stream().anyMatch(finding -> finding.verdict() == Verdict.REGRESSION);
    }

    private Finding judge(String tier, String figure, TierComparison.Ratio ratio, boolean biggerIsBetter, String notJudged) {
        String interval = String.format(Locale.ROOT, "%.3f× (adjusted %.3f-%.3f)", ratio.ratio(), ratio.adjustedLow(), ratio.adjustedHigh());
        if (notJudged != null) {
            return new Finding(tier, figure, Verdict.NOT_JUDGED, interval + ": " + notJudged);
        }
        // Worse is more CPU per response, or less TPS: beyond the threshold, the whole adjusted interval.
        boolean worse = biggerIsBetter ? ratio.adjustedHigh() < 1 - threshold : ratio.adjustedLow() > 1 + threshold;
        boolean better = biggerIsBetter ? ratio.adjustedLow() > 1 + threshold : ratio.adjustedHigh() < 1 - threshold;
        return new Finding(tier, figure, worse ? Verdict.REGRESSION : better ? Verdict.IMPROVEMENT : Verdict.WITHIN, interval);
    }
}
