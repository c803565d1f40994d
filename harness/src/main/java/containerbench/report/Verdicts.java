package containerbench.report;

import containerbench.results.Comparisons;
import containerbench.results.LatencyComparison;
import containerbench.results.PairedRatio;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer of an interleaved run in the study's terms, one sentence per tier and target: the
 * ratio to the baseline with its interval when the interval excludes 1, "not distinguishable" when
 * it holds 1, and no TPS verdict where the injector limited the load.
 */
final class Verdicts {

    private Verdicts() {
    }

    static List<String> sentences(RunResult run) {
        List<String> sentences = new ArrayList<>();
        Double precision = run.interleaving() == null ? null : run.interleaving().precision();
        for (TierComparison tier : run.comparisons()) {
            for (TierComparison.Comparison c : tier.comparison()) {
                String sentence = sentence(tier.users(), c);
                if (precision != null) {
                    sentence = sentence.substring(0, sentence.length() - 1) + ("precision".equals(tier.stoppedBy())
                            ? "; precision of ±" + precision + "% reached." : "; stopped by the " + tier.stoppedBy()
                                    + " before ±" + precision + "%.");
                }
                sentences.add(sentence);
            }
        }
        return sentences;
    }

    /**
     * Each target's response times against the baseline's, one sentence per tier and target, from
     * the blocks' latency histograms: the ratio of the means and of the 99th percentiles with their
     * intervals. None where the injector limited a block, or the blocks keep no latencies.
     */
    static List<String> latencies(RunResult run) {
        List<String> sentences = new ArrayList<>();
        String baseline = run.baseline().label();
        for (RunResult.Target other : run.targets().subList(1, run.targets().size())) {
            for (LatencyComparison tier : Comparisons.latencies(run.blocks(), baseline, other.label())) {
                sentences.add(other.label() + "'s response times against " + baseline + "'s at " + tier.users() + " users: mean "
                        + ratio(tier.mean()) + ", p99 " + ratio(tier.p99()) + ", " + tier.mean().pairs() + " pairs.");
            }
        }
        return sentences;
    }

    private static String ratio(PairedRatio ratio) {
        if (ratio.pairs() < 2) {
            return times(ratio.ratio()) + " (one pair, no interval)";
        }
        boolean holdsOne = ratio.low() <= 1 && 1 <= ratio.high();
        return times(ratio.ratio()) + (holdsOne ? " (not distinguishable: " + interval(ratio.low(), ratio.high()) + " holds 1)"
                : " (95% CI " + interval(ratio.low(), ratio.high()) + ")");
    }

    /** How long each target warmed up, and whether an auto warm-up found it steady: "undertow 45 s, steady". */
    static String warmups(RunResult run) {
        return "warm-up: " + String.join("; ", run.settling().stream().map(s -> s.target() + " " + s.seconds() + " s"
                + (s.settled() == null ? "" : s.settled() ? ", steady" : ", not steady at the cap")).toList());
    }

    static String sentence(int users, TierComparison.Comparison c) {
        StringBuilder s = new StringBuilder();
        String at = " at " + users + " users";
        if (c.pairs() < 2) {
            return c.other() + " against " + c.baseline() + at + ": " + c.pairs() + " pair(s), too few for an interval.";
        }
        if (c.injectorLimited()) {
            s.append(c.other()).append(" against ").append(c.baseline()).append(at)
                    .append(": no TPS verdict, the injector limited the load (Gatling used nearly all its cores)");
        } else if (c.tpsIndistinguishable()) {
            s.append(c.other()).append(" and ").append(c.baseline()).append(" are not distinguishable in TPS").append(at)
                    .append(": the interval ").append(interval(c.tpsRatioLow(), c.tpsRatioHigh())).append(" holds 1 (")
                    .append(c.pairs()).append(" pairs)");
        } else {
            s.append(c.other()).append(" serves ").append(times(c.tpsRatio())).append(" ").append(c.baseline()).append("'s TPS")
                    .append(at).append(" (95% CI ").append(interval(c.tpsRatioLow(), c.tpsRatioHigh())).append(", ")
                    .append(c.pairs()).append(" pairs)");
        }
        if (!c.cpuKnown()) {
            s.append("; its CPU per response is not known");
        } else if (c.cpuIndistinguishable()) {
            s.append("; its CPU per response is not distinguishable (").append(interval(c.cpuRatioLow(), c.cpuRatioHigh()))
                    .append(" holds 1)");
        } else {
            s.append(c.injectorLimited() || c.tpsIndistinguishable() ? "; it spends " : " and spends ")
                    .append(times(c.cpuRatio())).append(" its CPU per response (95% CI ")
                    .append(interval(c.cpuRatioLow(), c.cpuRatioHigh())).append(")");
        }
        return s.append('.').toString();
    }

    private static String times(double ratio) {
        return String.format("%.2f×", ratio);
    }

    private static String interval(double low, double high) {
        return String.format("%.2f-%.2f", low, high);
    }
}
