package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Decimals;
import containerbench.measure.Histograms;
import containerbench.measure.InjectorLimit;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/** The paired comparisons of an interleaved run: per tier, every target against the baseline, round by round. */
public final class Comparisons {

    private Comparisons() {
    }

    /** @param labels the targets' labels, the baseline first */
    public static List<TierComparison> of(List<BlockResult> blocks, List<String> labels) {
        return of(blocks, labels, Map.of(), 0);
    }

    /**
     * @param labels the targets' labels, the baseline first
     * @param stoppedBy per tier, what ended it; "rounds" where not given
     * @param pilot with precision, the pairs of each tier's pilot (Stein's intervals); 0 otherwise
     */
    public static List<TierComparison> of(List<BlockResult> blocks, List<String> labels, Map<Tier, String> stoppedBy, int pilot) {
        Map<Tier, List<BlockResult>> blocksByTier = byTier(blocks);
        Map<Tier, List<Paired>> byTier = new LinkedHashMap<>();
        blocksByTier.forEach((tier, inTier) -> byTier.put(tier, labels.subList(1, labels.size()).stream()
                .map(other -> Paired.of(inTier, labels.get(0), other)).toList()));
        int family = Math.max(1, family(blocks, labels));
        List<Spreads> spreads = new ArrayList<>();
        for (int other = 0; other < labels.size() - 1; other++) {
            int index = other;
            List<Paired> ofOther = byTier.values().stream().map(paired -> paired.get(index)).toList();
            spreads.add(Spreads.of(ofOther));
        }
        List<TierComparison> tiers = new ArrayList<>();
        byTier.forEach((tier, paired) -> {
            List<TierComparison.Comparison> comparisons = new ArrayList<>();
            for (int other = 0; other < paired.size(); other++) {
                comparisons.add(paired.get(other).compare(family, pilot, spreads.get(other)));
            }
            tiers.add(new TierComparison(tier, blocksByTier.get(tier).get(0).users(), stoppedBy.getOrDefault(tier, "rounds"),
                    pilot > 0 ? pilot : null, comparisons));
        });
        return tiers;
    }

    /**
     * One other target's launch spreads of TPS and of CPU per response, each pooled over the tiers in
     * which neither it nor the baseline failed ({@link PairedRatio.LaunchSpread}): a failed tier states
     * no interval, and its blocks stray as a failing container does, not as a launch. TPS is pooled
     * apart over the tiers where it is judged and over those where it is shown only (the injector
     * limited both targets alike, or a round was left out), which stray less, or otherwise.
     */
    private record Spreads(PairedRatio.LaunchSpread judgedTps, PairedRatio.LaunchSpread shownTps, PairedRatio.LaunchSpread cpu) {

        static Spreads of(List<Paired> tiers) {
            List<Paired> served = tiers.stream().filter(p -> !p.failed()).toList();
            return new Spreads(pooled(served.stream().filter(Paired::tpsSaid).toList(), Paired::tps),
                    pooled(served.stream().filter(p -> !p.tpsSaid()).toList(), Paired::tps), pooled(served, Paired::cpu));
        }

        /** The TPS spread of a tier's kind. */
        PairedRatio.LaunchSpread tps(Paired tier) {
            return tier.tpsSaid() ? judgedTps : shownTps;
        }

        private static PairedRatio.LaunchSpread pooled(List<Paired> tiers, java.util.function.Function<Paired, List<Round>> figure) {
            return PairedRatio.LaunchSpread.pooled(tiers.stream().map(p -> Round.byLaunch(figure.apply(p))).toList());
        }
    }

    /**
     * Every interval a run states about any of its targets, the one family all of them are adjusted
     * for (Bonferroni): TPS and CPU per response per tier and target, and the response times' mean
     * and 99th percentile wherever they are compared. Adjusting per pair of targets instead let a
     * four-target run hold three families at 5% each, up to 15% of runs with a false finding.
     */
    public static int family(List<BlockResult> blocks, List<String> labels) {
        int family = 0;
        for (List<BlockResult> inTier : byTier(blocks).values()) {
            for (String other : labels.subList(1, labels.size())) {
                family += Paired.of(inTier, labels.get(0), other).intervals();
            }
        }
        for (String other : labels.subList(1, labels.size())) {
            family += 2 * (int) latencies(blocks, labels.get(0), other, 1).stream().filter(l -> l.mean().pairs() >= 2).count();
        }
        return family;
    }

    /**
     * The most intervals a run of these tiers and targets can state, known before its load: TPS, CPU
     * per response and the two response-time ratios per tier and target. What precision on demand
     * sizes the adjusted interval with.
     */
    public static int mostIntervals(int tiers, int targets) {
        return 4 * tiers * (targets - 1);
    }

    /**
     * The logarithms of each tier's per-round ratios so far, for every target against the baseline:
     * TPS, then CPU per response where it was read. What a precision pilot measures its spread from.
     */
    public static List<double[]> logRatios(List<BlockResult> tier, List<String> labels) {
        List<double[]> logs = new ArrayList<>();
        for (String other : labels.subList(1, labels.size())) {
            Paired paired = Paired.of(tier, labels.get(0), other);
            logs.add(Round.logs(paired.tps()));
            if (paired.cpu().size() >= 2) {
                logs.add(Round.logs(paired.cpu()));
            }
        }
        return logs;
    }

    /**
     * One ratio of one run as a pool of runs needs it: the mean of its per-round log ratios and that
     * mean's variance (from the pilot's spread with precision, as its interval; from the launch
     * means' spread over several launches).
     *
     * @param metric "TPS", "TPS (injector-limited)" or "CPU per response"
     * @param df the degrees of freedom the variance was estimated with
     */
    public record Estimate(int users, String other, String metric, double log, double variance, int df) {
    }

    /**
     * Every ratio of an interleaved run, tier by tier and target by target, with two pairs or more; none
     * of a tier that either failed: a failure is a run's verdict, not a ratio to pool.
     */
    public static List<Estimate> estimates(RunResult run) {
        List<String> labels = run.targets().stream().map(RunResult.Target::label).toList();
        int pilot = run.pilotPairs();
        List<Estimate> estimates = new ArrayList<>();
        Map<Tier, List<BlockResult>> byTier = byTier(run.blocks());
        for (String other : labels.subList(1, labels.size())) {
            List<Paired> tiers = byTier.values().stream().map(inTier -> Paired.of(inTier, labels.get(0), other)).toList();
            Spreads spreads = Spreads.of(tiers);
            for (Paired paired : tiers) {
                if (paired.failed()) {
                    continue;
                }
                int users = paired.rounds().get(0)[0].users();
                // Pooled apart from judged ones, and named so: the injector's ratio as much as the containers'.
                if (paired.tpsJudged()) {
                    estimate(users, other, paired.injectorLimited() ? "TPS (injector-limited)" : "TPS", paired.tps(), pilot,
                            spreads.tps(paired)).ifPresent(estimates::add);
                }
                estimate(users, other, "CPU per response", paired.cpu(), pilot, spreads.cpu()).ifPresent(estimates::add);
            }
        }
        return estimates;
    }

    private static Optional<Estimate> estimate(int users, String other, String metric, List<Round> rounds, int pilot,
            PairedRatio.LaunchSpread spread) {
        java.util.SortedMap<Integer, double[]> launches = Round.byLaunch(rounds);
        if (launches.size() >= 2) {
            double mean = launches.values().stream().mapToDouble(logs -> Arrays.stream(logs).average().orElseThrow()).average()
                    .orElseThrow();
            // A pool of runs draws each run's variance again from whole degrees of freedom: Satterthwaite's, rounded down.
            return Optional.of(new Estimate(users, other, metric, mean, spread.variance() / launches.size(),
                    Math.max(1, (int) Math.floor(spread.degrees()))));
        }
        double[] logs = Round.logs(rounds);
        int spreadFrom = pilot > 0 ? Math.min(pilot, logs.length) : logs.length;
        if (spreadFrom < 2) {
            return Optional.empty();
        }
        if (pilot > 0) {
            // As the run's own interval: the pilot's spread, widened where its pairs lean on each other.
            PilotSpread ofPilot = PilotSpread.of(Arrays.copyOf(logs, spreadFrom));
            return Optional.of(new Estimate(users, other, metric, Arrays.stream(logs).average().orElseThrow(),
                    ofPilot.variance() / logs.length, ofPilot.degrees()));
        }
        double sd = PairedRatio.sd(logs);
        return Optional.of(new Estimate(users, other, metric, Arrays.stream(logs).average().orElseThrow(),
                sd * sd / logs.length, logs.length - 1));
    }

    /** One figure of the baseline and the other in one round, and the launch the round ran in. */
    private record Round(int launch, double base, double other) {

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
     * One tier's rounds of the baseline and one other target, as paired figures: TPS from the rounds in
     * which both answered a request OK, CPU per response from those in which both were read too.
     */
    private record Paired(String baseline, String other, List<Round> tps, List<Round> cpu, List<BlockResult[]> rounds) {

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

        /** @param spreads the launch spreads pooled over the tiers: a tier either failed is in no pool, and takes its own launches' */
        TierComparison.Comparison compare(int family, int pilot, Spreads spreads) {
            boolean failed = failed();
            return new TierComparison.Comparison(baseline, other,
                    tps.size() < 2 ? null : ratio(tps, family, pilot, failed ? null : spreads.tps(this)),
                    cpu.size() < 2 ? null : ratio(cpu, family, pilot, failed ? null : spreads.cpu()), failures(), rounds.size(),
                    rounds.size() - tps.size(), rounds.size() - cpu.size(), injectorLimited(), machineFull());
        }

        /**
         * Over several launches, from the launch means and the spread pooled over the tiers
         * (PairedRatio#ofLaunches), or this tier's own launches' where {@code spread} is null; over
         * one, from its rounds, as Stein's with precision.
         */
        private static TierComparison.Ratio ratio(List<Round> rounds, int family, int pilot, PairedRatio.LaunchSpread spread) {
            double adjusted = 1 - 0.05 / family;
            java.util.SortedMap<Integer, double[]> byLaunch = Round.byLaunch(rounds);
            List<double[]> launches = List.copyOf(byLaunch.values());
            PairedRatio.LaunchSpread over = spread != null ? spread : PairedRatio.LaunchSpread.pooled(List.of(byLaunch));
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
    }

    /** The exact two-sided p of a sign test: {@code a} rounds one way and {@code b} the other, each way equally likely. */
    static double signTest(int a, int b) {
        int n = a + b;
        if (n == 0) {
            return 1;
        }
        return Math.min(1, 2 * BinomialDistribution.of(n, 0.5).cumulativeProbability(Math.min(a, b)));
    }

    /**
     * Per tier, the other's response times over the baseline's, paired round by round from the
     * blocks' latency histograms: the mean and the 99th percentile of OK responses. Tiers in which
     * the injector limited a quarter of either's blocks or more are left out (Gatling's own queueing is in the times),
     * as are blocks without histograms (results before schema 4), and tiers either failed.
     *
     * @param family the run's family ({@link #family}): the adjusted intervals are at 1 - 0.05/family
     */
    public static List<LatencyComparison> latencies(List<BlockResult> blocks, String baseline, String other, int family) {
        Map<Tier, TierLatencies> byTier = new LinkedHashMap<>();
        byTier(blocks).forEach((tier, inTier) -> {
            if (Paired.of(inTier, baseline, other).failed()) {
                // A tier either failed states no interval: the failure is its verdict.
                return;
            }
            List<Round> mean = new ArrayList<>();
            List<Round> p99 = new ArrayList<>();
            boolean limited = Paired.of(inTier, baseline, other).injectorLimited();
            for (BlockResult[] pair : pairs(inTier, baseline, other)) {
                if (pair[0].latencyHistogram() == null || pair[1].latencyHistogram() == null || pair[0].ok() == 0
                        || pair[1].ok() == 0) {
                    continue;
                }
                Histogram b = Histograms.decode(pair[0].latencyHistogram());
                Histogram o = Histograms.decode(pair[1].latencyHistogram());
                mean.add(new Round(pair[0].launch(), b.getMean(), o.getMean()));
                // A p99 of 0 ms (all faster than a millisecond) has no ratio: counted as half a millisecond.
                p99.add(new Round(pair[0].launch(), Math.max(0.5, b.getValueAtPercentile(99)), Math.max(0.5, o.getValueAtPercentile(99))));
            }
            if (!limited && !mean.isEmpty() && mean.stream().allMatch(m -> m.base() > 0)) {
                byTier.put(tier, new TierLatencies(inTier.get(0).users(), mean, p99));
            }
        });
        List<LatencyComparison> tiers = new ArrayList<>();
        byTier.forEach((tier, t) -> tiers.add(new LatencyComparison(tier, t.users(), baseline, other,
                latency(t.mean(), 0.95), latency(t.p99(), 0.95), latency(t.mean(), 1 - 0.05 / family),
                latency(t.p99(), 1 - 0.05 / family), family)));
        return tiers;
    }

    /**
     * Per tier, target and request of a mix, the request's mean response time against the baseline's,
     * paired round by round from the blocks' own figures of it. Left out as the tier's response times
     * are: tiers either failed, tiers Gatling limited, and rounds in which either block had no OK
     * response to that request. The adjusted intervals are of the family of every such ratio with two
     * pairs or more, apart from {@link #family}: a mix of fifty requests would otherwise widen every
     * TPS and CPU interval of the run fifty-fold in count.
     *
     * @param labels the targets' labels, the baseline first
     */
    public static List<RequestComparison> requests(List<BlockResult> blocks, List<String> labels) {
        record Found(Tier tier, int users, String other, String request, List<Round> rounds, int leftOut) {
        }
        List<Found> found = new ArrayList<>();
        String baseline = labels.get(0);
        for (String other : labels.subList(1, labels.size())) {
            byTier(blocks).forEach((tier, inTier) -> {
                Paired paired = Paired.of(inTier, baseline, other);
                List<BlockResult[]> pairs = paired.rounds().stream().filter(p -> p[0].byRequest() != null && p[1].byRequest() != null)
                        .toList();
                if (paired.failed() || paired.injectorLimited() || pairs.isEmpty()) {
                    return;
                }
                for (BlockResult.Request first : pairs.get(0)[0].byRequest()) {
                    List<Round> rounds = new ArrayList<>();
                    int leftOut = 0;
                    for (BlockResult[] pair : pairs) {
                        Double base = named(pair[0], first.name()).meanMs();
                        Double others = named(pair[1], first.name()).meanMs();
                        // A round without an OK response to it on either side, or all of one side's under a millisecond (a
                        // mean of 0), has no ratio: left out, and the request is then shown, not judged, as a tier's TPS is.
                        if (base != null && others != null && base > 0 && others > 0) {
                            rounds.add(new Round(pair[0].launch(), base, others));
                        } else {
                            leftOut++;
                        }
                    }
                    if (!rounds.isEmpty()) {
                        found.add(new Found(tier, inTier.get(0).users(), other, first.name(), rounds, leftOut));
                    }
                }
            });
        }
        int family = Math.max(1, (int) found.stream().filter(f -> f.rounds().size() >= 2).count());
        return found.stream().map(f -> new RequestComparison(f.tier(), f.users(), baseline, f.other(), f.request(),
                latency(f.rounds(), 0.95), latency(f.rounds(), 1 - 0.05 / family), family, f.leftOut())).toList();
    }

    /** A block's figures of the request named {@code name}: the mix's requests are matched by name, not by place. */
    private static BlockResult.Request named(BlockResult block, String name) {
        return block.byRequest().stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(block.target() + "'s block has no request '" + name + "'"));
    }

    /** One tier's paired response times, round by round: the means and the 99th percentiles. */
    private record TierLatencies(int users, List<Round> mean, List<Round> p99) {
    }

    /**
     * A response-time ratio: over several launches from this tier's launch means alone, over one from
     * its rounds. Not pooled over the tiers as TPS and CPU are: the times' spread differs too much
     * from tier to tier (a light tier's p99 moves in whole milliseconds, 0 or ±69% in its logarithm),
     * so at three launches these intervals are wide (t on 2 degrees of freedom).
     */
    private static PairedRatio latency(List<Round> rounds, double confidence) {
        java.util.SortedMap<Integer, double[]> launches = Round.byLaunch(rounds);
        return launches.size() >= 2 ? PairedRatio.ofLaunches(List.copyOf(launches.values()), PairedRatio.LaunchSpread.pooled(
                List.of(launches)), confidence)
                : PairedRatio.of(rounds.stream().map(Round::other).toList(), rounds.stream().map(Round::base).toList(), confidence);
    }

    /**
     * The run as if {@code label} had been its baseline: its targets with that one first, and every
     * comparison paired with it, from the same blocks.
     *
     * @throws IllegalArgumentException when the run has no target of that label
     */
    public static RunResult rebased(RunResult run, String label) {
        List<RunResult.Target> targets = new ArrayList<>(run.targets());
        RunResult.Target baseline = targets.stream().filter(t -> t.label().equals(label)).findFirst().orElseThrow(() ->
                new IllegalArgumentException(run.runId() + " has no target " + label + "; its targets are "
                        + String.join(", ", targets.stream().map(RunResult.Target::label).toList())));
        targets.remove(baseline);
        targets.add(0, baseline);
        Map<Tier, String> stoppedBy = new LinkedHashMap<>();
        run.comparisons().forEach(tier -> stoppedBy.put(tier.tier(), tier.stoppedBy()));
        return run.toBuilder().targets(targets).comparisons(of(run.blocks(), targets.stream().map(RunResult.Target::label)
                .toList(), stoppedBy, run.pilotPairs())).build();
    }

    private static Map<Tier, List<BlockResult>> byTier(List<BlockResult> blocks) {
        Map<Tier, List<BlockResult>> byTier = new LinkedHashMap<>();
        blocks.forEach(block -> byTier.computeIfAbsent(block.tier(), tier -> new ArrayList<>()).add(block));
        return byTier;
    }

    /** Launch by launch and round by round, the baseline's block and the other's, in the rounds in which both ran. */
    private static List<BlockResult[]> pairs(List<BlockResult> tier, String baseline, String other) {
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
}
