package containerbench.report;

import containerbench.results.Comparisons;
import containerbench.results.LatencyComparison;
import containerbench.results.LatencyComparisons;
import containerbench.results.PairedRatio;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One target against the baseline over an interleaved run's tiers, as a table a reader takes in at a
 * glance: a row per tier, a cell per figure (TPS, CPU per response, p99, failures), each the ratio
 * with its adjusted interval and what the run says of it. The words are {@link Verdicts}' rules,
 * the sentences' own: a cell and the sentence under it never disagree.
 *
 * @param caption the target's verdict over the tiers in one sentence ({@link Verdicts#overTiers}); {@code null} when no tier has one
 */
record VerdictTable(String baseline, String other, String caption, List<Row> rows) {

    /** One tier: its load ("500 users") and a cell per figure. */
    record Row(int users, String load, Cell tps, Cell cpu, Cell p99, Cell failures) {

        List<Cell> cells() {
            return List.of(tps, cpu, p99, failures);
        }

        /** The cells with a ratio, as the forest plot draws them: TPS, CPU per response, p99. */
        List<Cell> ratios() {
            return List.of(tps, cpu, p99);
        }
    }

    /** A ratio with its 95% interval and the interval adjusted for the run's family, which the verdict rests on. */
    record Estimate(double ratio, double low, double high, double adjustedLow, double adjustedHigh, int adjustedFor) {
    }

    /**
     * One figure of one tier.
     *
     * @param estimate the ratio, or {@code null} for failures and for a ratio that could not be formed
     * @param figure what the cell shows first: "0.72×", "0.02% vs 0.00%", or the unknown mark
     * @param glyph which way it went: ▲ above 1 (or more failures), ▼ below, = no difference, ○ not judged, ✕ failed
     * @param word what the run says: "lower", "more", "no difference established", "not judged", "failed"
     * @param caveat why it is not judged, or what a judged figure is of; {@code null} when nothing needs saying
     */
    record Cell(Estimate estimate, String figure, String glyph, String word, Call call, Caveat caveat) {

        /** The cell in a few characters, named: "CPU ▲ 1.49×". */
        String brief(String name) {
            return name + " " + (glyph.isEmpty() ? "" : glyph + " ") + figure;
        }
    }

    static final List<String> HEADERS = List.of("tier", "TPS", "CPU per response", "p99", "failures");

    /** One table per target against the run's baseline, in the run's order of targets. */
    static List<VerdictTable> of(RunResult run) {
        List<VerdictTable> tables = new ArrayList<>();
        String baseline = run.baseline().label();
        int family = Math.max(1, Comparisons.family(run));
        for (int o = 0; o < run.targets().size() - 1; o++) {
            String other = run.targets().get(o + 1).label();
            List<LatencyComparison> latencies = LatencyComparisons.latencies(run.blocks(), baseline, other, family);
            int o2 = o;
            int judgedTiers = (int) run.comparisons().stream().map(t -> t.comparison().get(o2)).filter(c -> !c.failed() && c.pairs() >= 2)
                    .count();
            List<Row> rows = new ArrayList<>();
            for (TierComparison tier : run.comparisons()) {
                TierComparison.Comparison c = tier.comparison().get(o);
                LatencyComparison latency = latencies.stream().filter(l -> l.users() == tier.users() && l.tier().equals(tier.tier()))
                        .findFirst().orElse(null);
                rows.add(new Row(tier.users(), Verdicts.load(tier.tier(), tier.users()), tps(c), cpu(c), p99(c, latency),
                        failures(c, judgedTiers)));
            }
            tables.add(new VerdictTable(baseline, other, Verdicts.overTiers(run, o), rows));
        }
        return tables;
    }

    /** The caveats the table's cells name, in the order they first appear. */
    Set<Caveat> caveats() {
        Set<Caveat> caveats = new LinkedHashSet<>();
        rows.forEach(row -> row.cells().stream().filter(cell -> cell.caveat() != null).forEach(cell -> caveats.add(cell.caveat())));
        return caveats;
    }

    private static Cell tps(TierComparison.Comparison c) {
        if (c.tps() == null || c.pairs() < 2) {
            return unjudged(c.tps() == null ? null : estimate(c.tps()), c.failed() ? Caveat.TIER_FAILED : Caveat.TOO_FEW);
        }
        if (c.failed()) {
            return unjudged(estimate(c.tps()), Caveat.TIER_FAILED);
        }
        if (c.injectorLimited()) {
            return unjudged(estimate(c.tps()), Caveat.INJECTOR_LIMITED);
        }
        if (!c.tpsJudged()) {
            return unjudged(estimate(c.tps()), Caveat.SLOW_BLOCKS);
        }
        return judged(estimate(c.tps()), "lower", "higher", true, c.machineFull() ? Caveat.MACHINE_FULL : null);
    }

    private static Cell cpu(TierComparison.Comparison c) {
        if (!c.cpuKnown() || c.pairs() < 2) {
            return unjudged(c.cpuKnown() ? estimate(c.cpu()) : null, c.failed() ? Caveat.TIER_FAILED : Caveat.TOO_FEW);
        }
        if (c.failed()) {
            return unjudged(estimate(c.cpu()), Caveat.TIER_FAILED);
        }
        return judged(estimate(c.cpu()), "less", "more", false, null);
    }

    private static Cell p99(TierComparison.Comparison c, LatencyComparison latency) {
        if (c.failed()) {
            return unjudged(null, Caveat.TIER_FAILED);
        }
        if (latency == null) {
            return unjudged(null, c.injectorLimited() ? Caveat.INJECTOR_LIMITED : Caveat.NO_LATENCIES);
        }
        PairedRatio p99 = latency.p99();
        PairedRatio adjusted = latency.p99Adjusted();
        Estimate estimate = new Estimate(p99.ratio(), p99.low(), p99.high(), adjusted.low(), adjusted.high(), latency.adjustedFor());
        if (p99.pairs() < 2) {
            return unjudged(estimate, Caveat.TOO_FEW);
        }
        return judged(estimate, "shorter", "longer", false, null);
    }

    /**
     * Failures: "failed" where either target failed the tier (the tier's verdict), else more or fewer
     * by the sign test over the rounds, as the run-level sentence counts them ({@link Verdicts#failedMore}).
     */
    private static Cell failures(TierComparison.Comparison c, int judgedTiers) {
        TierComparison.Failures f = c.failures();
        String figure = String.format(Locale.ROOT, "%.2f%% vs %.2f%%", f.otherPercent(), f.baselinePercent());
        if (f.otherFailed() || f.baselineFailed()) {
            String who = f.otherFailed() && f.baselineFailed() ? "both failed" : f.otherFailed() ? "failed" : "the baseline failed";
            return new Cell(null, figure, "✕", who + String.format(Locale.ROOT, " (blocks failed: %s %d, %s %d of %d)", c.other(),
                    f.otherFailedBlocks(), c.baseline(), f.baselineFailedBlocks(), c.pairs()), Call.FAILED, null);
        }
        // Counted by rounds, not by the shares, which round to 0.00% below 0.005%.
        if (f.otherWorse() + f.otherBetter() == 0 && f.otherPercent() == 0 && f.baselinePercent() == 0) {
            return new Cell(null, figure, "", "none failed", Call.NONE, null);
        }
        if (c.pairs() < 2) {
            return new Cell(null, figure, "○", "not judged", Call.NOT_JUDGED, Caveat.TOO_FEW);
        }
        if (Verdicts.failedMore(c, judgedTiers)) {
            return new Cell(null, figure, "▲", "more", Call.WORSE, null);
        }
        if (Verdicts.failedFewer(c, judgedTiers)) {
            return new Cell(null, figure, "▼", "fewer", Call.BETTER, null);
        }
        return new Cell(null, figure, "=", "no difference established", Call.NO_DIFFERENCE, null);
    }

    private static Estimate estimate(TierComparison.Ratio r) {
        return new Estimate(r.ratio(), r.low(), r.high(), r.adjustedLow(), r.adjustedHigh(), r.adjustedFor());
    }

    static Cell unjudged(Estimate estimate, Caveat why) {
        return new Cell(estimate, estimate == null ? MarkdownView.UNKNOWN : Verdicts.times(estimate.ratio()), "○", "not judged",
                Call.NOT_JUDGED, why);
    }

    /** By the adjusted interval: above or below 1 where it excludes 1, else no difference established. */
    static Cell judged(Estimate e, String below, String above, boolean higherIsBetter, Caveat caveat) {
        if (e.adjustedHigh() < 1) {
            return new Cell(e, Verdicts.times(e.ratio()), "▼", below, higherIsBetter ? Call.WORSE : Call.BETTER, caveat);
        }
        if (e.adjustedLow() > 1) {
            return new Cell(e, Verdicts.times(e.ratio()), "▲", above, higherIsBetter ? Call.BETTER : Call.WORSE, caveat);
        }
        return new Cell(e, Verdicts.times(e.ratio()), "=", "no difference established", Call.NO_DIFFERENCE, caveat);
    }
}
