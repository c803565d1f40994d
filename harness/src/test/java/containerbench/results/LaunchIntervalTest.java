package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The verdict's intervals against a known truth, simulated (no server): runs whose every launch of a
 * target is off by its own few percent for a whole tier (sd 1-3%), as two launches of one container
 * are on this machine, and whose blocks scatter 6-10% around that. Each run goes through
 * {@link Comparisons#of} as a real run's blocks do: six tiers, TPS and CPU per response, the adjusted
 * intervals of the run's family. The default design, three launches of four rounds with each figure's
 * launch spread pooled over the tiers, keeps its 95% also where a launch is off by the same amount at
 * every tier (Satterthwaite's degrees of freedom then fall towards launches - 1) and where the blocks
 * scatter 6% at one tier and 10% at another (the pool assumes one spread); from the blocks of one
 * launch the intervals do not, which is what the project's A/A runs showed (75 of 88 held 1).
 */
class LaunchIntervalTest {

    private static final int RUNS = 4000;
    private static final int TIERS = 6;
    private static final double CPU_RATIO = 1.3;
    private static final double TPS_RATIO = 0.8;

    private record Design(int launches, int rounds) {
    }

    /**
     * What the simulated machine does: each launch off by {@code launchSd} (the same offset at every
     * tier where {@code shared}), each block by its tier's sd, from {@code lowBlockSd} at the first tier
     * to {@code highBlockSd} at the last.
     */
    private record Machine(double launchSd, double lowBlockSd, double highBlockSd, boolean shared) {

        double blockSd(int tier) {
            return lowBlockSd + (highBlockSd - lowBlockSd) * tier / (TIERS - 1);
        }

        @Override
        public String toString() {
            return String.format("launch sd %.0f%%%s, block sd %.0f-%.0f%%", 100 * launchSd, shared ? " at every tier" : " per tier",
                    100 * lowBlockSd, 100 * highBlockSd);
        }
    }

    /** How many of the 95% intervals held the truth, in how many A/A runs an adjusted interval excluded 1, and their mean half width. */
    private record Tally(int intervals, int held, int runs, int falseRuns, double adjustedHalfPercent) {

        double heldPercent() {
            return 100.0 * held / intervals;
        }

        double falseRunPercent() {
            return 100.0 * falseRuns / runs;
        }
    }

    @Test
    void overThreeLaunchesTheIntervalsKeepTheirNinetyFivePercentAndFromOneLaunchTheyDoNot() {
        Design launches = new Design(3, 4);
        Design one = new Design(1, 12);
        // Block sd 7-9% from tier to tier is what this machine showed (7.3-9.3%, BENCHMARKS.md "Launch to launch");
        // 6-10% is a harder case for the pool's one spread.
        List<Machine> machines = List.of(new Machine(0.01, 0.06, 0.06, false), new Machine(0.03, 0.10, 0.10, false),
                new Machine(0.01, 0.07, 0.09, true), new Machine(0.03, 0.07, 0.09, true), new Machine(0.03, 0.06, 0.10, true),
                new Machine(0.01, 0.06, 0.10, true));
        List<String> figures = new ArrayList<>();
        for (Machine machine : machines) {
            Tally coverage = tally(launches, machine, false, 7);
            Tally aa = tally(launches, machine, true, 11);
            Tally oneCoverage = tally(one, machine, false, 7);
            Tally oneAa = tally(one, machine, true, 11);
            String what = String.format("%s: 3 launches x 4 rounds held %.1f%%, A/A runs with a false verdict %.1f%%, adjusted"
                    + " half width %.1f%%; 1 launch x 12 rounds held %.1f%%, false %.1f%%, adjusted half width %.1f%%", machine,
                    coverage.heldPercent(), aa.falseRunPercent(), aa.adjustedHalfPercent(), oneCoverage.heldPercent(),
                    oneAa.falseRunPercent(), oneAa.adjustedHalfPercent());
            System.out.println(what);
            figures.add(what);
            assertEquals(95.0, coverage.heldPercent(), 1.5, what);
            // Bonferroni over the run's 12 intervals bounds it by 5%; 4,000 runs read a rate of 5% within
            // 0.34 points (one standard error): within two of the bound.
            assertTrue(aa.falseRunPercent() <= 5.0 + 0.7, what);
            if (machine.launchSd() >= 0.03) {
                assertTrue(oneCoverage.heldPercent() < 90, "one launch's intervals know nothing of the next: " + what);
            }
        }
        assertEquals(machines.size(), figures.size());
    }

    /** Simulated runs of a design, each through Comparisons.of; the truth is 1 for A/A runs. */
    private static Tally tally(Design design, Machine machine, boolean aa, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double cpuTruth = aa ? 1 : CPU_RATIO;
        double tpsTruth = aa ? 1 : TPS_RATIO;
        int intervals = 0;
        int held = 0;
        int falseRuns = 0;
        double halves = 0;
        for (int run = 0; run < RUNS; run++) {
            List<BlockResult> blocks = new ArrayList<>();
            for (int launch = 0; launch < design.launches(); launch++) {
                // Each target's launch is off by its own amount for a whole tier, in TPS and in CPU; where shared, for all of them.
                double[] offsets = offsets(random, machine.launchSd());
                for (int tier = 0; tier < TIERS; tier++) {
                    double[] offset = machine.shared() ? offsets : offsets(random, machine.launchSd());
                    double blockSd = machine.blockSd(tier);
                    for (int round = 0; round < design.rounds(); round++) {
                        for (int target = 0; target < 2; target++) {
                            double tps = 10_000 * (target == 1 ? tpsTruth : 1) * Math.exp(offset[target] + blockSd * random.nextGaussian());
                            double cpu = 50 * (target == 1 ? cpuTruth : 1) * Math.exp(offset[2 + target] + blockSd * random.nextGaussian());
                            long ok = Math.round(tps * 2);
                            blocks.add(new BlockResult(Tier.users((tier + 1) * 100), (tier + 1) * 100, round, target == 0 ? "a" : "b", 0,
                                    2000, ok, ok, 0, tps, new BlockCpu(cpu, null, 50.0, 20.0, 90.0, 0.0, 1.0), false, null, null, launch));
                        }
                    }
                }
            }
            boolean falseVerdict = false;
            for (TierComparison tier : Comparisons.of(blocks, List.of("a", "b"))) {
                TierComparison.Comparison c = tier.comparison().get(0);
                for (TierComparison.Ratio ratio : List.of(c.tps(), c.cpu())) {
                    double truth = ratio == c.tps() ? tpsTruth : cpuTruth;
                    intervals++;
                    held += ratio.low() <= truth && truth <= ratio.high() ? 1 : 0;
                    falseVerdict |= !ratio.adjustedHoldsOne();
                    halves += 100 * (Math.sqrt(ratio.adjustedHigh() / ratio.adjustedLow()) - 1);
                }
            }
            falseRuns += falseVerdict ? 1 : 0;
        }
        return new Tally(intervals, held, RUNS, falseRuns, halves / intervals);
    }

    /** Two targets' launch offsets in TPS, then in CPU. */
    private static double[] offsets(SplittableRandom random, double sd) {
        return new double[] {sd * random.nextGaussian(), sd * random.nextGaussian(), sd * random.nextGaussian(), sd * random.nextGaussian()};
    }
}
