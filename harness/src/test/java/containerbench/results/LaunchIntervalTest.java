package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Each tier's interval against a known truth, simulated (no server): A/A runs of the default design
 * (six tiers, three launches of four rounds) stating the run's real family of 24 intervals (TPS, CPU
 * per response, mean and p99 response time at each tier), each figure's launch means and blocks drawn
 * as the scenario says, its spread fitted by {@link PairedRatio.LaunchSpread#byTier} and its interval
 * made by {@link PairedRatio#ofLaunches}. Per scenario: the share of 95% intervals that hold the truth
 * at each tier, and the share of runs in which any adjusted interval excludes it. docs/method.md,
 * "Each tier's interval", prints this table (run with -Dtest=LaunchIntervalTest to see it) and names
 * the two scenarios in which the design does not keep its word.
 */
class LaunchIntervalTest {

    private static final int RUNS = 2000;
    private static final int TIERS = 6;
    private static final int LAUNCHES = 3;
    private static final int ROUNDS = 4;
    private static final int FIGURES = 4;
    private static final int FAMILY = TIERS * FIGURES;

    /**
     * A machine: each launch of a figure off by {@code launch[tier]} at that tier alone and by
     * {@code shared} at every tier alike, each block by {@code block[tier]}, successive blocks of a
     * launch correlated by {@code autocorrelation}.
     */
    private record Scenario(String name, double[] launch, double[] block, double shared, double autocorrelation) {
    }

    /** How the fitted intervals did: coverage by tier in percent, the share of runs with a false adjusted finding, the median adjusted half width. */
    private record Tally(double[] coverage, double falseRunPercent, double medianHalfPercent) {

        double worst() {
            return Arrays.stream(coverage).min().orElseThrow();
        }

        @Override
        public String toString() {
            return String.format("held %s%% by tier, A/A runs with an adjusted false finding %.1f%%, median adjusted half width %.1f%%",
                    Arrays.toString(Arrays.stream(coverage).map(c -> Math.round(c * 10) / 10.0).toArray()), falseRunPercent, medianHalfPercent);
        }
    }

    @Test
    void whereTheTiersLaunchesAgreeOrDifferOnlyInTheirBlocksEveryTierKeepsItsNinetyFivePercent() {
        List<Scenario> scenarios = List.of(
                new Scenario("alike: launches 1%, blocks 7%", same(0.01), same(0.07), 0, 0),
                new Scenario("alike: launches 3%, blocks 7%", same(0.03), same(0.07), 0, 0),
                new Scenario("blocks 3% at the first tier to 10% at the last, launches 1%", same(0.01), rising(0.03, 0.10), 0, 0),
                new Scenario("a launch effect shared by every tier, 2%, against blocks of 4%", same(0), same(0.04), 0.02, 0),
                new Scenario("blocks autocorrelated 0.5, 7%, launches 1%", same(0.01), same(0.07), 0, 0.5));
        for (Scenario scenario : scenarios) {
            Tally tally = tally(scenario, 7);
            System.out.println(scenario.name() + ": " + tally);
            // 2,000 runs of four figures: a tier's coverage within 0.25 points (one standard error), a rate of 5% within 0.5.
            assertTrue(tally.worst() >= 95.0 - 0.75, scenario.name() + ": " + tally);
            assertTrue(tally.falseRunPercent() <= 5.0 + 1.0, scenario.name() + ": " + tally);
        }
    }

    @Test
    void whereOneTiersLaunchesAloneDisagreeOrOneLaunchEffectDominatesEveryTierTheIntervalsFallShortAsDocsMethodSays() {
        double[] oneNoisy = same(0.01);
        oneNoisy[0] = 0.087;
        // The figures docs/method.md quotes for these two, held to within a point or two.
        Tally noisy = tally(new Scenario("one tier's launches 8.7%, the others' 1%, blocks 7%", oneNoisy, same(0.07), 0, 0), 11);
        System.out.println("one tier's launches 8.7%, the others' 1%, blocks 7%: " + noisy);
        assertTrue(noisy.coverage()[0] >= 85 && noisy.coverage()[0] < 93, "short at the noisy tier only: " + noisy);
        assertTrue(Arrays.stream(noisy.coverage()).skip(1).allMatch(c -> c >= 95), noisy.toString());
        assertTrue(noisy.falseRunPercent() <= 13, noisy.toString());
        Tally shared = tally(new Scenario("a launch effect shared by every tier, 4%, against blocks of 4%", same(0), same(0.04), 0.04, 0), 13);
        System.out.println("a launch effect shared by every tier, 4%, against blocks of 4%: " + shared);
        assertTrue(shared.worst() >= 92.5, shared.toString());
        assertTrue(shared.falseRunPercent() <= 12.5, shared.toString());
    }

    /** A/A runs of the scenario, each figure fitted and judged as a run's are. */
    private static Tally tally(Scenario scenario, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] held = new int[TIERS];
        int falseRuns = 0;
        List<Double> halves = new ArrayList<>();
        double adjusted = 1 - 0.05 / FAMILY;
        for (int run = 0; run < RUNS; run++) {
            boolean falseFinding = false;
            for (int figure = 0; figure < FIGURES; figure++) {
                List<SortedMap<Integer, double[]>> tiers = draw(scenario, random);
                List<PairedRatio.LaunchSpread> spreads = PairedRatio.LaunchSpread.byTier(tiers);
                for (int tier = 0; tier < TIERS; tier++) {
                    List<double[]> launches = List.copyOf(tiers.get(tier).values());
                    PairedRatio plain = PairedRatio.ofLaunches(launches, spreads.get(tier), 0.95);
                    PairedRatio wide = PairedRatio.ofLaunches(launches, spreads.get(tier), adjusted);
                    held[tier] += plain.holdsOne() ? 1 : 0;
                    falseFinding |= !wide.holdsOne();
                    halves.add(wide.halfWidthPercent());
                }
            }
            falseRuns += falseFinding ? 1 : 0;
        }
        double[] coverage = Arrays.stream(held).mapToDouble(h -> 100.0 * h / (RUNS * FIGURES)).toArray();
        halves.sort(null);
        return new Tally(coverage, 100.0 * falseRuns / RUNS, halves.get(halves.size() / 2));
    }

    /** One figure's log ratios, tier by tier and launch by launch, round by round; the truth is 0. */
    private static List<SortedMap<Integer, double[]>> draw(Scenario scenario, SplittableRandom random) {
        double[] shared = new double[LAUNCHES];
        for (int launch = 0; launch < LAUNCHES; launch++) {
            shared[launch] = scenario.shared() * random.nextGaussian();
        }
        double rho = scenario.autocorrelation();
        List<SortedMap<Integer, double[]>> tiers = new ArrayList<>();
        for (int tier = 0; tier < TIERS; tier++) {
            SortedMap<Integer, double[]> launches = new TreeMap<>();
            for (int launch = 0; launch < LAUNCHES; launch++) {
                double offset = shared[launch] + scenario.launch()[tier] * random.nextGaussian();
                double[] logs = new double[ROUNDS];
                double noise = random.nextGaussian();
                for (int round = 0; round < ROUNDS; round++) {
                    noise = round == 0 ? noise : rho * noise + Math.sqrt(1 - rho * rho) * random.nextGaussian();
                    logs[round] = offset + scenario.block()[tier] * noise;
                }
                launches.put(launch, logs);
            }
            tiers.add(launches);
        }
        return tiers;
    }

    private static double[] same(double sd) {
        double[] sds = new double[TIERS];
        Arrays.fill(sds, sd);
        return sds;
    }

    private static double[] rising(double first, double last) {
        double[] sds = new double[TIERS];
        for (int tier = 0; tier < TIERS; tier++) {
            sds[tier] = first + (last - first) * tier / (TIERS - 1);
        }
        return sds;
    }
}
