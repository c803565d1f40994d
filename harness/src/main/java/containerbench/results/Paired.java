package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Decimals;
import containerbench.measure.InjectorLimit;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * One tier's rounds of the baseline and one other target, as paired figures: TPS from the rounds in
 * which both answered a request OK, CPU per response from those in which both were read too.
 */
record Paired(String baseline, String other, List<Round> tps, List<Round> cpu, List<BlockResult[]> rounds) {

    static Paired of(List<BlockResult> tier, String baseline, String other) {
        Paired p = new Paired(baseline, other, new ArrayList<>(), new ArrayList<>(), pairs(tier, baseline, other));
        for (BlockResult[] pair : p.rounds) {
            // A block without an OK response in its time has no TPS to take a logarithm of: its round is
            // left out, and the failure it shows is the tier's verdict (failures()), not a ratio of -11 in the logs.
            if (pair[0].tps() > 0 && pair[1].tps() > 0) {
                p.tps.add(new Round(pair[0].launch(), pair[0].tps(), pair[1].tps()));
            }
            Double base = pair[0].cpu().chargedMicrosPerResponse();
            Double others = pair[1].cpu().chargedMicrosPerResponse();
            if (base != null && others != null && base > 0 && others > 0) {
                p.cpu.add(new Round(pair[0].launch(), base, others));
            }
        }
        return p;
    }

    /** Whether Gatling itself limited at least a quarter of either's blocks ({@link InjectorLimit#limitedTier}). */
    boolean injectorLimited() {
        return InjectorLimit.limitedTier(side(0)) || InjectorLimit.limitedTier(side(1));
    }

    /** Whether the machine was full in at least a quarter of either's blocks: its TPS is of target and injector together. */
    boolean machineFull() {
        return IntStream.of(0, 1).anyMatch(i -> InjectorLimit.atTierShare(side(i), b -> b.cpu().machineFull()));
    }

    /** The baseline's blocks (0) or the other's (1), round by round. */
    private List<BlockResult> side(int index) {
        return rounds.stream().map(pair -> pair[index]).toList();
    }

    /** The intervals the run states about this pair at this tier: none where either failed it. */
    int intervals() {
        if (failed()) {
            return 0;
        }
        return (tpsJudged() ? 1 : 0) + (cpu.size() >= 2 ? 1 : 0);
    }

    /**
     * Whether the TPS ratio is one to judge: every round in it. A round left out for a block that
     * closed without an OK response, by a target that did not fail the tier (its responses came,
     * slower than a block), would leave out exactly that target's worst rounds.
     */
    boolean tpsJudged() {
        return tps.size() >= 2 && tps.size() == rounds.size();
    }

    /** Whether the TPS ratio is said in words: judged, and the injector limited neither target's tier. */
    boolean tpsSaid() {
        return tpsJudged() && !injectorLimited();
    }

    boolean failed() {
        TierComparison.Failures f = failures();
        return f.baselineFailed() || f.otherFailed();
    }

    /** @param spreads the launch spreads fitted over the tiers: a tier either failed is in no fit, and takes its own launches' */
    TierComparison.Comparison compare(int family, int pilot, Spreads spreads) {
        boolean failed = failed();
        return new TierComparison.Comparison(baseline, other,
                tps.size() < 2 ? null : ratio(tps, family, pilot, failed ? null : spreads.tps(this)),
                cpu.size() < 2 ? null : ratio(cpu, family, pilot, failed ? null : spreads.cpu(this)), failures(), rounds.size(),
                rounds.size() - tps.size(), rounds.size() - cpu.size(), injectorLimited(), machineFull());
    }

    /**
     * Over several launches, from the launch means and the tier's spread fitted over the run's tiers
     * (PairedRatio#ofLaunches), or this tier's own launches' where {@code spread} is null; over
     * one, from its rounds, as Stein's with precision.
     */
    static TierComparison.Ratio ratio(List<Round> rounds, int family, int pilot, PairedRatio.LaunchSpread spread) {
        double adjusted = 1 - 0.05 / family;
        java.util.SortedMap<Integer, double[]> byLaunch = Round.byLaunch(rounds);
        List<double[]> launches = List.copyOf(byLaunch.values());
        PairedRatio.LaunchSpread over = spread != null ? spread : PairedRatio.LaunchSpread.byTier(List.of(byLaunch)).get(0);
        PairedRatio plain;
        PairedRatio wide;
        if (launches.size() >= 2) {
            plain = PairedRatio.ofLaunches(launches, over, 0.95);
            wide = PairedRatio.ofLaunches(launches, over, adjusted);
        } else {
            List<Double> others = rounds.stream().map(Round::other).toList();
            List<Double> bases = rounds.stream().map(Round::base).toList();
            plain = pilot > 0 ? PairedRatio.stein(others, bases, pilot, 0.95) : PairedRatio.of(others, bases, 0.95);
            wide = pilot > 0 ? PairedRatio.stein(others, bases, pilot, adjusted) : PairedRatio.of(others, bases, adjusted);
        }
        return new TierComparison.Ratio(plain.ratio(), plain.low(), plain.high(), wide.low(), wide.high(), family,
                launches.size(), PairedRatio.Components.of(launches, over));
    }

    /**
     * Each one's failed share of the tier and its failed blocks, whether it failed the tier
     * ({@link TierComparison#FAILED_PERCENT}), and the sign test of the rounds in which their shares differed.
     */
    private TierComparison.Failures failures() {
        long baseKo = 0;
        long baseAll = 0;
        long otherKo = 0;
        long otherAll = 0;
        int worse = 0;
        int better = 0;
        int baseFailed = 0;
        int otherFailed = 0;
        boolean baseUnanswered = false;
        boolean otherUnanswered = false;
        for (BlockResult[] pair : rounds) {
            baseKo += pair[0].ko();
            baseAll += pair[0].requests();
            otherKo += pair[1].ko();
            otherAll += pair[1].requests();
            int sign = Double.compare(share(pair[1]), share(pair[0]));
            worse += sign > 0 ? 1 : 0;
            better += sign < 0 ? 1 : 0;
            baseFailed += failed(pair[0]) ? 1 : 0;
            otherFailed += failed(pair[1]) ? 1 : 0;
            baseUnanswered |= pair[0].ok() == 0;
            otherUnanswered |= pair[1].ok() == 0;
        }
        double basePercent = percent(baseKo, baseAll);
        double otherPercent = percent(otherKo, otherAll);
        return new TierComparison.Failures(basePercent, otherPercent, worse, better, Decimals.four(signTest(worse, better)),
                baseFailed, otherFailed, baseUnanswered || basePercent > TierComparison.FAILED_PERCENT,
                otherUnanswered || otherPercent > TierComparison.FAILED_PERCENT);
    }

    private static boolean failed(BlockResult block) {
        return block.ok() == 0 || 100.0 * block.ko() / block.requests() > TierComparison.FAILED_PERCENT;
    }

    private static double share(BlockResult block) {
        return block.requests() == 0 ? 1 : (double) block.ko() / block.requests();
    }

    private static double percent(long ko, long all) {
        return all == 0 ? 0 : Decimals.two(100.0 * ko / all);
    }

    /** One figure of the baseline and the other in one round, and the launch the round ran in. */
    record Round(int launch, double base, double other) {

        static double[] logs(List<Round> rounds) {
            return rounds.stream().mapToDouble(r -> Math.log(r.other / r.base)).toArray();
        }

        /** The rounds' log ratios launch by launch, by launch. */
        static java.util.SortedMap<Integer, double[]> byLaunch(List<Round> rounds) {
            Map<Integer, List<Round>> launches = new java.util.TreeMap<>();
            rounds.forEach(round -> launches.computeIfAbsent(round.launch, l -> new ArrayList<>()).add(round));
            java.util.SortedMap<Integer, double[]> logs = new java.util.TreeMap<>();
            launches.forEach((launch, ofLaunch) -> logs.put(launch, Round.logs(ofLaunch)));
            return logs;
        }
    }

    /**
     * One other target's launch spreads of TPS and of CPU per response at each tier, each fitted over
     * the tiers in which neither it nor the baseline failed ({@link PairedRatio.LaunchSpread#byTier}):
     * a failed tier states no interval, and its blocks stray as a failing container does, not as a
     * launch. TPS is fitted apart over the tiers where it is judged and over those where it is shown
     * only (the injector limited both targets alike, or a round was left out), which stray less, or otherwise.
     */
    record Spreads(Map<Paired, PairedRatio.LaunchSpread> tps, Map<Paired, PairedRatio.LaunchSpread> cpu) {

        static Spreads of(List<Paired> tiers) {
            List<Paired> served = tiers.stream().filter(p -> !p.failed()).toList();
            Map<Paired, PairedRatio.LaunchSpread> tps = new java.util.IdentityHashMap<>();
            tps.putAll(fitted(served.stream().filter(Paired::tpsSaid).toList(), Paired::tps));
            tps.putAll(fitted(served.stream().filter(p -> !p.tpsSaid()).toList(), Paired::tps));
            return new Spreads(tps, fitted(served, Paired::cpu));
        }

        /** The TPS spread of a tier; {@code null} for a tier either failed. */
        PairedRatio.LaunchSpread tps(Paired tier) {
            return tps.get(tier);
        }

        /** The CPU spread of a tier; {@code null} for a tier either failed. */
        PairedRatio.LaunchSpread cpu(Paired tier) {
            return cpu.get(tier);
        }

        private static Map<Paired, PairedRatio.LaunchSpread> fitted(List<Paired> tiers,
                java.util.function.Function<Paired, List<Round>> figure) {
            List<PairedRatio.LaunchSpread> spreads = PairedRatio.LaunchSpread.byTier(tiers.stream()
                    .map(p -> Round.byLaunch(figure.apply(p))).toList());
            Map<Paired, PairedRatio.LaunchSpread> byTier = new java.util.IdentityHashMap<>();
            for (int i = 0; i < tiers.size(); i++) {
                byTier.put(tiers.get(i), spreads.get(i));
            }
            return byTier;
        }
    }

    /** The blocks tier by tier, in the order the tiers ran. */
    static Map<Tier, List<BlockResult>> byTier(List<BlockResult> blocks) {
        Map<Tier, List<BlockResult>> byTier = new LinkedHashMap<>();
        blocks.forEach(block -> byTier.computeIfAbsent(block.tier(), tier -> new ArrayList<>()).add(block));
        return byTier;
    }

    /** Launch by launch and round by round, the baseline's block and the other's, in the rounds in which both ran. */
    static List<BlockResult[]> pairs(List<BlockResult> tier, String baseline, String other) {
        Map<List<Integer>, BlockResult[]> byRound = new java.util.TreeMap<>(java.util.Comparator.<List<Integer>>comparingInt(k -> k.get(0))
                .thenComparingInt(k -> k.get(1)));
        for (BlockResult block : tier) {
            if (block.target().equals(baseline) || block.target().equals(other)) {
                BlockResult[] pair = byRound.computeIfAbsent(List.of(block.launch(), block.round()), k -> new BlockResult[2]);
                pair[block.target().equals(baseline) ? 0 : 1] = block;
            }
        }
        return byRound.values().stream().filter(pair -> pair[0] != null && pair[1] != null).toList();
    }

    /** The exact two-sided p of a sign test: {@code a} rounds one way and {@code b} the other, each way equally likely. */
    static double signTest(int a, int b) {
        int n = a + b;
        if (n == 0) {
            return 1;
        }
        return Math.min(1, 2 * BinomialDistribution.of(n, 0.5).cumulativeProbability(Math.min(a, b)));
    }
}
