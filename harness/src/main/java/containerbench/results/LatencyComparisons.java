package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Histograms;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Response times compared, paired round by round: each tier's mean and p99, and each request of a mix. */
public final class LatencyComparisons {

    private LatencyComparisons() {
    }

    /**
     * Per tier, the other's response times over the baseline's, paired round by round from the
     * blocks' latency histograms: the mean and the 99th percentile of OK responses. Tiers in which
     * the injector limited a quarter of either's blocks or more are left out (Gatling's own queueing is in the times),
     * as are blocks without histograms (results before schema 4), and tiers either failed.
     *
     * @param family the run's family ({@link Comparisons#family}): the adjusted intervals are at 1 - 0.05/family
     */
    public static List<LatencyComparison> latencies(List<BlockResult> blocks, String baseline, String other, int family) {
        Map<Tier, TierLatencies> byTier = new LinkedHashMap<>();
        Paired.byTier(blocks).forEach((tier, inTier) -> {
            if (Paired.of(inTier, baseline, other).failed()) {
                // A tier either failed states no interval: the failure is its verdict.
                return;
            }
            List<Paired.Round> mean = new ArrayList<>();
            List<Paired.Round> p99 = new ArrayList<>();
            boolean limited = Paired.of(inTier, baseline, other).injectorLimited();
            for (BlockResult[] pair : Paired.pairs(inTier, baseline, other)) {
                if (pair[0].latencyHistogram() == null || pair[1].latencyHistogram() == null || pair[0].ok() == 0
                        || pair[1].ok() == 0) {
                    continue;
                }
                Histogram b = Histograms.decode(pair[0].latencyHistogram());
                Histogram o = Histograms.decode(pair[1].latencyHistogram());
                mean.add(new Paired.Round(pair[0].launch(), b.getMean(), o.getMean()));
                // A p99 of 0 ms (all faster than a millisecond) has no ratio: counted as half a millisecond.
                p99.add(new Paired.Round(pair[0].launch(), Math.max(0.5, b.getValueAtPercentile(99)), Math.max(0.5, o.getValueAtPercentile(99))));
            }
            if (!limited && !mean.isEmpty() && mean.stream().allMatch(m -> m.base() > 0)) {
                byTier.put(tier, new TierLatencies(inTier.get(0).users(), mean, p99));
            }
        });
        List<TierLatencies> all = List.copyOf(byTier.values());
        List<PairedRatio.LaunchSpread> means = PairedRatio.LaunchSpread.byTier(all.stream().map(t -> Paired.Round.byLaunch(t.mean())).toList());
        List<PairedRatio.LaunchSpread> p99s = PairedRatio.LaunchSpread.byTier(all.stream().map(t -> Paired.Round.byLaunch(t.p99())).toList());
        List<LatencyComparison> tiers = new ArrayList<>();
        int index = 0;
        for (Map.Entry<Tier, TierLatencies> entry : byTier.entrySet()) {
            TierLatencies t = entry.getValue();
            PairedRatio.LaunchSpread mean = means.get(index);
            PairedRatio.LaunchSpread p99 = p99s.get(index++);
            tiers.add(new LatencyComparison(entry.getKey(), t.users(), baseline, other, latency(t.mean(), mean, 0.95),
                    latency(t.p99(), p99, 0.95), latency(t.mean(), mean, 1 - 0.05 / family), latency(t.p99(), p99, 1 - 0.05 / family),
                    family));
        }
        return tiers;
    }

    /**
     * Per tier, target and request of a mix, the request's mean response time against the baseline's,
     * paired round by round from the blocks' own figures of it. Left out as the tier's response times
     * are: tiers either failed, tiers Gatling limited, and rounds in which either block had no OK
     * response to that request. The adjusted intervals are of the family of every such ratio with two
     * pairs or more, apart from {@link Comparisons#family}: a mix of fifty requests would otherwise widen every
     * TPS and CPU interval of the run fifty-fold in count.
     *
     * @param labels the targets' labels, the baseline first
     */
    public static List<RequestComparison> requests(List<BlockResult> blocks, List<String> labels) {
        record Found(Tier tier, int users, String other, String request, List<Paired.Round> rounds, int leftOut) {
        }
        List<Found> found = new ArrayList<>();
        String baseline = labels.get(0);
        for (String other : labels.subList(1, labels.size())) {
            Paired.byTier(blocks).forEach((tier, inTier) -> {
                Paired paired = Paired.of(inTier, baseline, other);
                List<BlockResult[]> pairs = paired.rounds().stream().filter(p -> p[0].byRequest() != null && p[1].byRequest() != null)
                        .toList();
                if (paired.failed() || paired.injectorLimited() || pairs.isEmpty()) {
                    return;
                }
                for (BlockResult.Request first : pairs.get(0)[0].byRequest()) {
                    List<Paired.Round> rounds = new ArrayList<>();
                    int leftOut = 0;
                    for (BlockResult[] pair : pairs) {
                        Double base = named(pair[0], first.name()).meanMs();
                        Double others = named(pair[1], first.name()).meanMs();
                        // A round without an OK response to it on either side, or all of one side's under a millisecond (a
                        // mean of 0), has no ratio: left out, and the request is then shown, not judged, as a tier's TPS is.
                        if (base != null && others != null && base > 0 && others > 0) {
                            rounds.add(new Paired.Round(pair[0].launch(), base, others));
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
        // Each request of each target fitted over its tiers, as a tier's response times are.
        Map<Found, PairedRatio.LaunchSpread> spreads = new java.util.IdentityHashMap<>();
        Map<List<String>, List<Found>> byRequest = new LinkedHashMap<>();
        found.forEach(f -> byRequest.computeIfAbsent(List.of(f.other(), f.request()), k -> new ArrayList<>()).add(f));
        byRequest.values().forEach(ofRequest -> {
            List<PairedRatio.LaunchSpread> fitted = PairedRatio.LaunchSpread.byTier(ofRequest.stream()
                    .map(f -> Paired.Round.byLaunch(f.rounds())).toList());
            for (int i = 0; i < ofRequest.size(); i++) {
                spreads.put(ofRequest.get(i), fitted.get(i));
            }
        });
        return found.stream().map(f -> new RequestComparison(f.tier(), f.users(), baseline, f.other(), f.request(),
                latency(f.rounds(), spreads.get(f), 0.95), latency(f.rounds(), spreads.get(f), 1 - 0.05 / family), family,
                f.leftOut())).toList();
    }

    /** A block's figures of the request named {@code name}: the mix's requests are matched by name, not by place. */
    private static BlockResult.Request named(BlockResult block, String name) {
        return block.byRequest().stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(block.target() + "'s block has no request '" + name + "'"));
    }

    /** One tier's paired response times, round by round: the means and the 99th percentiles. */
    private record TierLatencies(int users, List<Paired.Round> mean, List<Paired.Round> p99) {
    }

    /**
     * A response-time ratio: over several launches from the launch means and the tier's spread fitted
     * over the tiers as TPS's and CPU's are ({@link PairedRatio.LaunchSpread#byTier}: a light tier's
     * p99, which moves in whole milliseconds, keeps its own block part and, where its launches
     * disagree, its own launches), over one from its rounds.
     *
     * @param spread the tier's spread; {@code null} with one launch
     */
    private static PairedRatio latency(List<Paired.Round> rounds, PairedRatio.LaunchSpread spread, double confidence) {
        java.util.SortedMap<Integer, double[]> launches = Paired.Round.byLaunch(rounds);
        return launches.size() >= 2 ? PairedRatio.ofLaunches(List.copyOf(launches.values()), spread, confidence)
                : PairedRatio.of(rounds.stream().map(Paired.Round::other).toList(), rounds.stream().map(Paired.Round::base).toList(), confidence);
    }
}
