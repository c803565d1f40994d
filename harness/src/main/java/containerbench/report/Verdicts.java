package containerbench.report;

import containerbench.measure.BlockResult;
import containerbench.measure.Tier;
import containerbench.results.AaTally;
import containerbench.results.Comparisons;
import containerbench.results.LatencyComparison;
import containerbench.results.LatencyComparisons;
import containerbench.results.PairedRatio;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The answer of an interleaved run in the study's terms. First one sentence per target over the whole
 * run; then one per tier and target: each ratio to the baseline with its 95% interval and its interval
 * adjusted for every interval the run states (Bonferroni, one family per run). "Lower", "higher", "more"
 * and "less" are said only where the adjusted interval excludes 1; where only the 95% one does, the
 * difference is "not established". No TPS verdict where Gatling itself limited the load: its ratio is
 * printed, and said to be the injector's. Where target and Gatling filled the machine together, the TPS
 * verdict is given and said to be of the two together.
 */
final class Verdicts {

    private Verdicts() {
    }

    /**
     * What the page says of the run beside its verdict tables, whose captions say each target over
     * its tiers ({@link #overTiers}): what the intervals are of, an A/A run's check. How the injector
     * shared the machine is said apart, in figures ({@link MachineShare}), its meaning once per page.
     */
    static List<String> about(RunResult run) {
        return saidOf(launchesJudged(run), selfCheck(run));
    }

    /** What the intervals are of, where any target has a verdict to say it of; {@code null} where none has. */
    private static String launchesJudged(RunResult run) {
        return perTarget(run).isEmpty() ? null : launches(run);
    }

    /** The sentences that are there. */
    private static List<String> saidOf(String... sentences) {
        return Stream.of(sentences).filter(sentence -> sentence != null).toList();
    }

    /**
     * Per target, the run's verdict over its tiers: first where either failed (then nothing else is
     * judged at that tier), then where it was lower, higher, or no different.
     */
    static List<String> perTarget(RunResult run) {
        return IntStream.range(0, run.targets().size() - 1).mapToObj(o -> overTiers(run, o)).filter(s -> s != null)
                .toList();
    }

    /** The verdict of the run's other target {@code index} (0 the first after the baseline) over its tiers; {@code null} when no tier has one. */
    static String overTiers(RunResult run, int index) {
        // A tier of one pair has no interval, and so no verdict; a failure needs none.
        List<TierComparison.Comparison> all = run.comparisons().stream().map(t -> t.comparison().get(index))
                .filter(c -> c.pairs() >= 2 || c.failed()).toList();
        if (all.isEmpty()) {
            return null;
        }
        TierComparison.Comparison first = all.get(0);
        List<String> failures = new ArrayList<>();
        String otherFailed = failedAt(run, index, f -> f.otherFailed());
        if (otherFailed != null) {
            failures.add("failed at " + otherFailed);
        }
        String baselineFailed = failedAt(run, index, f -> f.baselineFailed());
        if (baselineFailed != null) {
            failures.add("the baseline failed at " + baselineFailed);
        }
        List<TierComparison.Comparison> judged = all.stream().filter(c -> !c.failed() && c.pairs() >= 2).toList();
        List<String> parts = new ArrayList<>();
        if (!judged.isEmpty()) {
            parts.add("TPS " + tps(judged));
            List<TierComparison.Ratio> cpu = judged.stream().map(TierComparison.Comparison::cpu).filter(r -> r != null).toList();
            if (!cpu.isEmpty()) {
                parts.add("CPU per response " + tally(cpu, "less", "more"));
            }
            long failedMore = judged.stream().filter(c -> failedMore(c, judged.size())).count();
            if (failedMore > 0) {
                parts.add("more failures at " + failedMore + " of " + judged.size());
            }
        }
        int family = judged.stream().flatMap(c -> Stream.of(c.tps(), c.cpu())).filter(r -> r != null)
                .mapToInt(TierComparison.Ratio::adjustedFor).max().orElse(1);
        String head = first.other() + " against " + first.baseline() + " over " + all.size() + " tier(s)";
        String lead = failures.isEmpty() ? "" : ": " + String.join("; ", failures);
        return head + lead + (parts.isEmpty() ? "" : (lead.isEmpty() ? ", " : "; elsewhere, ") + "on intervals adjusted"
                + " for the run's " + family + ": " + String.join("; ", parts)) + ".";
    }

    /**
     * Whether the other failed more often than the baseline, round by round, at a tier of two rounds
     * or more that neither failed, one of {@code tiers} such tiers (sign test, Bonferroni over them).
     */
    static boolean failedMore(TierComparison.Comparison c, int tiers) {
        return signed(c, tiers) && c.failures().otherWorse() > c.failures().otherBetter();
    }

    /** Whether the other failed less often than the baseline, by the same test. */
    static boolean failedFewer(TierComparison.Comparison c, int tiers) {
        return signed(c, tiers) && c.failures().otherBetter() > c.failures().otherWorse();
    }

    private static boolean signed(TierComparison.Comparison c, int tiers) {
        return tiers > 0 && c.pairs() >= 2 && !c.failed() && c.failures().p() < 0.05 / tiers;
    }

    /** What the run's intervals are of: several launches of each target, or the blocks of one. */
    static String launches(RunResult run) {
        if (run.interleaving() == null || run.targets().size() < 2) {
            return null;
        }
        int launches = run.interleaving().launchCount();
        if (launches < 2) {
            return "One launch of each target, a quick look: every interval here is of these JVMs' blocks, and says nothing of how"
                    + " another launch of the same containers would read (two launches of one container can differ by a few percent"
                    + " for a whole tier); the default of three launches gives intervals that do.";
        }
        int tiers = run.comparisons().size();
        return "Over " + launches + " launches of each target (fresh JVMs): every interval is from how far its launch means strayed"
                + " from each other, each tier's block part its own and the launch parts fitted over the " + tiers
                + (tiers == 1 ? " tier" : " tiers") + " of its figure, never below the tier's own launches' spread (Student's t on"
                + " Satterthwaite's degrees of freedom, down to " + (launches - 1) + " where launches strayed alike at every tier).";
    }

    /** The loads at which the failure {@code which} holds for the other target at {@code index}: "2000 users", or {@code null}. */
    private static String failedAt(RunResult run, int index, java.util.function.Predicate<TierComparison.Failures> which) {
        List<String> loads = run.comparisons().stream().filter(t -> which.test(t.comparison().get(index).failures()))
                .map(t -> load(t.tier(), t.users())).toList();
        return loads.isEmpty() ? null : String.join(", ", loads);
    }

    /** The TPS tally over the tiers the injector did not limit, and how many it did. */
    private static String tps(List<TierComparison.Comparison> all) {
        List<TierComparison.Ratio> judged = all.stream().filter(c -> c.tpsJudged() && !c.injectorLimited())
                .map(TierComparison.Comparison::tps).toList();
        long slow = all.stream().filter(c -> !c.tpsJudged()).count();
        long limited = all.size() - judged.size() - slow;
        List<String> notJudged = new ArrayList<>();
        if (limited > 0) {
            notJudged.add("not judged at " + limited + " (Gatling itself limited the load)");
        }
        if (slow > 0) {
            notJudged.add("not judged at " + slow + " (a block without an OK response within it)");
        }
        if (judged.isEmpty()) {
            return String.join(", ", notJudged);
        }
        return tally(judged, "lower", "higher") + (notJudged.isEmpty() ? "" : ", " + String.join(", ", notJudged));
    }

    /** "lower at 2 of 2 tiers (0.66-0.70×)", "no difference established at 2 of 2 tiers". */
    private static String tally(List<TierComparison.Ratio> ratios, String below, String above) {
        List<TierComparison.Ratio> low = ratios.stream().filter(r -> r.adjustedHigh() < 1).toList();
        List<TierComparison.Ratio> high = ratios.stream().filter(r -> r.adjustedLow() > 1).toList();
        List<String> parts = new ArrayList<>();
        if (!low.isEmpty()) {
            parts.add(below + " at " + low.size() + " of " + ratios.size() + " tiers (" + span(low) + ")");
        }
        if (!high.isEmpty()) {
            parts.add(above + " at " + high.size() + " of " + ratios.size() + " tiers (" + span(high) + ")");
        }
        int none = ratios.size() - low.size() - high.size();
        if (none > 0) {
            parts.add("no difference established at " + none + " of " + ratios.size());
        }
        return parts.isEmpty() ? "not judged" : String.join(", ", parts);
    }

    private static String span(List<TierComparison.Ratio> ratios) {
        double min = ratios.stream().mapToDouble(TierComparison.Ratio::ratio).min().orElseThrow();
        double max = ratios.stream().mapToDouble(TierComparison.Ratio::ratio).max().orElseThrow();
        return min == max ? times(min) : String.format(Locale.ROOT, "%.2f-%.2f×", min, max);
    }

    /**
     * An A/A run's check of the method ({@link AaTally}): with every target alike, about 95% of the
     * 95% intervals and at least 95% of the run's adjusted ones should hold 1. {@code null} when the targets differ.
     */
    static String selfCheck(RunResult run) {
        if (!AaTally.isAa(run)) {
            return null;
        }
        AaTally tally = AaTally.of(List.of(run));
        return String.format(Locale.ROOT, "A/A check: %d of %d 95%% intervals hold 1 (%.0f%%; about 95%% expected), %d of %d adjusted ones"
                + " (at least 95%% expected).", tally.held(), tally.intervals(), tally.heldPercent(), tally.adjustedHeld(),
                tally.intervals());
    }

    static List<String> sentences(RunResult run) {
        List<String> sentences = new ArrayList<>();
        Double precision = run.interleaving() == null ? null : run.interleaving().precision();
        for (TierComparison tier : run.comparisons()) {
            for (TierComparison.Comparison c : tier.comparison()) {
                String sentence = sentence(load(tier.tier(), tier.users()), c);
                if (precision != null) {
                    sentence = sentence.substring(0, sentence.length() - 1) + ("precision".equals(tier.stoppedBy())
                            ? "; the rounds for ±" + precision + "% ran." : "; stopped by the " + tier.stoppedBy()
                                    + " before the rounds for ±" + precision + "%.");
                }
                sentences.add(sentence);
            }
        }
        return sentences;
    }

    /**
     * Where each tier's ratios were measured: the client, each target's achieved rate and CPU (its
     * share of a core and per response, medians of its blocks), and how busy the machine was with
     * the injector's share of it (means over the tier's blocks). A CPU per response ratio moves with
     * these (docs/method.md, "Whose verdict is it"), so every verdict names them. "at 100 users, the
     * load sent by gatling: tomcat 37,487 req/s at 99% of a core (26.3 µs a response), undertow
     * 27,322 req/s at 115% (42.1 µs); the machine 98% busy, 0% stolen, the injector using 39% of it."
     */
    static List<String> operatingPoints(RunResult run) {
        List<String> sentences = new ArrayList<>();
        String client = run.plan() == null ? "gatling" : run.plan().sentBy().spelled();
        int cpus = run.environment() == null ? 0 : run.environment().logicalCpus();
        for (TierComparison tier : run.comparisons()) {
            List<BlockResult> blocks = run.blocks().stream().filter(b -> b.tier().equals(tier.tier())).toList();
            List<String> targets = new ArrayList<>();
            for (RunResult.Target target : run.targets()) {
                List<BlockResult> own = blocks.stream().filter(b -> b.target().equals(target.label())).toList();
                double tps = median(own.stream().map(BlockResult::tps).toList());
                double micros = median(own.stream().map(b -> b.cpu().targetMicrosPerResponse()).filter(m -> m != null).toList());
                targets.add(String.format(Locale.ROOT, "%s %,.0f req/s", target.label(), tps) + (Double.isNaN(micros) ? ""
                        : String.format(Locale.ROOT, " at %.0f%%%s (%.1f µs%s)", micros * tps / 1e4, targets.isEmpty() ? " of a core" : "",
                                micros, targets.isEmpty() ? " a response" : "")));
            }
            double busy = mean(blocks.stream().map(b -> b.cpu().machineBusyPercent()).filter(p -> p != null).toList());
            double steal = mean(blocks.stream().map(b -> b.cpu().machineStealPercent()).filter(p -> p != null).toList());
            double injector = mean(blocks.stream().map(b -> b.cpu().injectorPercent()).filter(p -> p != null).toList());
            String machine = Double.isNaN(busy) ? "" : String.format(Locale.ROOT, "; the machine %.0f%% busy, %.0f%% stolen", busy,
                    Double.isNaN(steal) ? 0 : steal) + (Double.isNaN(injector) || cpus == 0 ? ""
                            : String.format(Locale.ROOT, ", the injector using %.0f%% of it", injector / cpus));
            sentences.add("at " + load(tier.tier(), tier.users()) + ", the load sent by " + client + ": " + String.join(", ", targets)
                    + machine + ".");
        }
        return sentences;
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /**
     * Each target's response times against the baseline's, one sentence per tier and target, from
     * the blocks' latency histograms: the ratio of the means and of the 99th percentiles with their
     * 95% intervals and those adjusted for the run's family, "longer" or "shorter" only where the
     * adjusted one excludes 1. None where Gatling itself limited a quarter of either's blocks, or the blocks keep no latencies.
     */
    static List<String> latencies(RunResult run) {
        List<String> sentences = new ArrayList<>();
        String baseline = run.baseline().label();
        int family = Math.max(1, Comparisons.family(run));
        for (RunResult.Target other : run.targets().subList(1, run.targets().size())) {
            for (LatencyComparison tier : LatencyComparisons.latencies(run.blocks(), baseline, other.label(), family)) {
                sentences.add(other.label() + "'s response times against " + baseline + "'s at " + load(tier.tier(), tier.users()) + ": mean "
                        + ratio(tier.mean(), tier.meanAdjusted(), tier.adjustedFor()) + ", p99 "
                        + ratio(tier.p99(), tier.p99Adjusted(), tier.adjustedFor()) + ", " + tier.mean().pairs() + " pairs.");
            }
        }
        return sentences;
    }

    private static String ratio(PairedRatio ratio, PairedRatio adjusted, int family) {
        if (ratio.pairs() < 2) {
            return times(ratio.ratio()) + " (one pair, no interval)";
        }
        String figures = times(ratio.ratio()) + " (95% CI " + interval(ratio.low(), ratio.high()) + "; adjusted for " + family + ": "
                + interval(adjusted.low(), adjusted.high()) + ")";
        if (!adjusted.holdsOne()) {
            return figures + ", " + (adjusted.high() < 1 ? "shorter" : "longer");
        }
        return figures + (ratio.holdsOne() ? ", not distinguishable" : ", not established once adjusted");
    }

    /** How long each target warmed up, and whether an auto warm-up found it steady: "undertow 45 s, steady". */
    static String warmups(RunResult run) {
        return "warm-up: " + String.join("; ", run.settling().stream().map(s -> s.target() + " " + s.seconds() + " s"
                + (s.settled() == null ? "" : s.settled() ? ", steady" : ", not steady at the cap")).toList());
    }

    /** A tier's load as the sentences name it: "500 users", or an open tier's "2000 req/s". */
    static String load(Tier tier, int users) {
        return load(users, tier.unit());
    }

    /** A load as the views name it: "500 users", "2000 req/s". */
    static String load(int load, Tier.Unit unit) {
        return load + " " + unit.word();
    }

    static String sentence(String load, TierComparison.Comparison c) {
        String head = c.other() + " against " + c.baseline() + " at " + load;
        if (c.failed()) {
            return failedSentence(head, c);
        }
        if (c.pairs() < 2) {
            return head + ": " + c.pairs() + " pair(s), too few for an interval.";
        }
        StringBuilder s = new StringBuilder(head).append(", ").append(c.pairs()).append(" pairs")
                .append(c.tps() != null && c.tps().launches() > 1 ? " over " + c.tps().launches() + " launches" : "").append(": TPS ");
        if (c.tps() == null) {
            s.append("not known: fewer than two rounds in which both answered within their blocks");
        } else if (c.injectorLimited()) {
            s.append(times(c.tps().ratio()) + " (95% CI " + interval(c.tps().low(), c.tps().high())
                    + "), not judged: Gatling itself limited the load (its CPU at its cores, or a thread at a full core, in a quarter"
                    + " of the blocks or more)");
        } else if (!c.tpsJudged()) {
            s.append(times(c.tps().ratio()) + " from the " + (c.pairs() - c.tpsDropped()) + " rounds in which both answered within"
                    + " their blocks, not judged: " + c.tpsDropped() + " round(s) had a block without an OK response within it"
                    + " (responses slower than a block), and leaving them out would favour the slower target");
        } else {
            s.append(judged(c.tps(), "lower", "higher")).append(c.machineFull() ? " (container and injector together: the machine was full)" : "");
        }
        s.append("; CPU per response ").append(c.cpuKnown() ? judged(c.cpu(), "less", "more") : "not known");
        if (c.cpuDropped() > 0 && c.cpuKnown()) {
            s.append(" (").append(c.cpuDropped()).append(" round(s) left out: a target's CPU could not be read)");
        }
        TierComparison.Failures f = c.failures();
        if (f.baselinePercent() > 0 || f.otherPercent() > 0) {
            s.append(String.format(Locale.ROOT, "; failed %.2f%% of requests against %.2f%%, a larger share in %d rounds and a smaller in %d"
                    + " (sign test p%s)", f.otherPercent(), f.baselinePercent(), f.otherWorse(), f.otherBetter(), p(f.p())));
        }
        return s.append('.').toString();
    }

    /**
     * A tier that either failed: the failure first, as the verdict, then the ratios as figures only.
     * "undertow against tomcat at 2000 users, 12 pairs: FAILED: undertow failed 48.21% of its requests, 6 of 12
     * blocks, against tomcat's 0.00% and 0 (...); no ratio judged: TPS 0.52×, CPU per response 1.10×."
     */
    private static String failedSentence(String head, TierComparison.Comparison c) {
        TierComparison.Failures f = c.failures();
        String who = f.otherFailed() && f.baselineFailed() ? "both FAILED: " : f.otherFailed() ? "FAILED: " : "the baseline FAILED: ";
        StringBuilder s = new StringBuilder(head).append(", ").append(c.pairs()).append(" pairs: ").append(who);
        s.append(String.format(Locale.ROOT, "%s failed %.2f%% of its requests, %d of %d blocks, against %s's %.2f%% and %d (a larger share in %d"
                + " rounds and a smaller in %d, sign test p%s); no ratio judged", c.other(), f.otherPercent(), f.otherFailedBlocks(),
                c.pairs(), c.baseline(), f.baselinePercent(), f.baselineFailedBlocks(), f.otherWorse(), f.otherBetter(), p(f.p())));
        List<String> figures = new ArrayList<>();
        if (c.tps() != null) {
            figures.add("TPS " + times(c.tps().ratio()) + (c.tpsDropped() > 0 ? " from the " + (c.pairs() - c.tpsDropped())
                    + " rounds in which both answered" : ""));
        }
        if (c.cpuKnown()) {
            figures.add("CPU per response " + times(c.cpu().ratio()));
        }
        return s.append(figures.isEmpty() ? "" : ": " + String.join(", ", figures)).append('.').toString();
    }

    private static String p(double p) {
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "=%.3f", p);
    }

    /** "0.69× (95% CI 0.68-0.71; adjusted 0.67-0.72): lower", or why no verdict. */
    private static String judged(TierComparison.Ratio r, String below, String above) {
        String figures = times(r.ratio()) + " (95% CI " + interval(r.low(), r.high()) + "; adjusted for " + r.adjustedFor() + ": "
                + interval(r.adjustedLow(), r.adjustedHigh()) + ")";
        if (r.launches() > 1 && r.spread() != null && r.spread().launchPercent() != null) {
            figures += String.format(Locale.ROOT, " (sd %.1f%% launch to launch, %.1f%% block to block%s%s)", r.spread().launchPercent(),
                    r.spread().blockPercent(), r.spread().pooled() == null ? "" : degrees(r.spread().pooled()), cost(r));
        }
        if (!r.adjustedHoldsOne()) {
            return figures + ", " + (r.adjustedHigh() < 1 ? below : above);
        }
        return figures + (r.holdsOne() ? ", not distinguishable" : ", not established once adjusted");
    }

    /**
     * Where the adjusted interval is wider than ±5%: what its width costs, "; about 7 launches would
     * make it ±5%", from the spread the run measured (PairedRatio.LaunchSpread#launchesFor).
     */
    private static String cost(TierComparison.Ratio r) {
        containerbench.results.PairedRatio.LaunchSpread spread = r.spread().pooled();
        double half = 100 * (Math.sqrt(r.adjustedHigh() / r.adjustedLow()) - 1);
        if (spread == null || spread.source() == null || !(half > 5)) {
            return "";
        }
        Integer launches = spread.launchesFor(5, r.launches(), r.adjustedFor());
        return launches == null ? "; more than 100 launches would make it ±5%"
                : String.format(Locale.ROOT, "; adjusted ±%.0f%%: about %d launches would make it ±5%%", half, launches);
    }

    /** "; t on 8.3 degrees of freedom", and whether the tier's own launch means gave the variance, spreading more than the tiers' model. */
    private static String degrees(containerbench.results.PairedRatio.LaunchSpread spread) {
        String own = spread.source() == containerbench.results.PairedRatio.LaunchSpread.Source.OWN && spread.tiers() > 1
                ? "; its own launches' spread, wider than the tiers' model" : "";
        return String.format(Locale.ROOT, "%s; t on %.1f degrees of freedom", own, spread.degrees());
    }

    static String times(double ratio) {
        return String.format(Locale.ROOT, "%.2f×", ratio);
    }

    /**
     * An interval printed with the decimals that keep its relation to 1: two, or more where two would
     * round an end onto 1 or across it ("0.86-1.00" for an interval that excludes 1 prints 0.86-0.998).
     */
    static String interval(double low, double high) {
        boolean holds = low <= 1 && 1 <= high;
        for (int decimals = 2; decimals < 4; decimals++) {
            String text = String.format(Locale.ROOT, "%." + decimals + "f-%." + decimals + "f", low, high);
            double shownLow = Double.parseDouble(String.format(Locale.ROOT, "%." + decimals + "f", low));
            double shownHigh = Double.parseDouble(String.format(Locale.ROOT, "%." + decimals + "f", high));
            if ((shownLow <= 1 && 1 <= shownHigh) == holds && shownLow != 1 && shownHigh != 1) {
                return text;
            }
        }
        return String.format(Locale.ROOT, "%.4f-%.4f", low, high);
    }
}
