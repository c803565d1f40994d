package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonsTest {

    @Test
    void theRatioIsTheGeometricMeanOfThePairsWithAStudentTIntervalOnTheirLogarithms() {
        // Ratios 0.8, 0.9, 1.0: logs -0.2231, -0.1054, 0; mean -0.1095, sd 0.1116;
        // t(0.975, 2 df) = 4.3027, half width 4.3027 * 0.1116 / sqrt(3) = 0.2773: exp(-0.1095 -/+ 0.2773).
        PairedRatio ratio = PairedRatio.of(List.of(80.0, 90.0, 100.0), List.of(100.0, 100.0, 100.0));
        assertEquals(new PairedRatio(0.8963, 0.6792, 1.1827, 3), ratio);
        assertEquals(31.96, ratio.halfWidthPercent(), 0.01, "exp(0.2773) - 1");
    }

    @Test
    void identicalPairsGiveAnIntervalOfNoWidthAndOnePairNone() {
        assertEquals(new PairedRatio(0.5, 0.5, 0.5, 2), PairedRatio.of(List.of(50.0, 60.0), List.of(100.0, 120.0)));
        assertEquals(new PairedRatio(2.0, 2.0, 2.0, 1), PairedRatio.of(List.of(2.0), List.of(1.0)));
    }

    @Test
    void eachTargetIsPairedWithTheBaselineRoundByRound() {
        List<BlockResult> blocks = List.of(
                block(0, "tomcat", 1000, 20), block(0, "undertow", 800, 26),
                block(1, "undertow", 900, 27), block(1, "tomcat", 1000, 20),
                block(2, "tomcat", 1000, 20), block(2, "undertow", 1000, 28));
        TierComparison tier = Comparisons.of(blocks, List.of("tomcat", "undertow")).get(0);
        assertEquals(Tier.users(100), tier.tier());
        TierComparison.Comparison c = tier.comparison().get(0);
        assertEquals("tomcat", c.baseline());
        assertEquals("undertow", c.other());
        assertEquals(3, c.pairs());
        // The run states two intervals about undertow (TPS and CPU at one tier): the adjusted one has
        // 97.5% confidence, t(0.9875, 2 df) = 6.2053, half width 0.3998: exp(-0.1095 -/+ 0.3998).
        assertEquals(new TierComparison.Ratio(0.8963, 0.6792, 1.1827, 0.6008, 1.337, 2, 1, new PairedRatio.Components(11.16, null)), c.tps(),
                "one launch: the blocks' spread, sd 0.1116, and no launch part");
        assertTrue(c.tps().holdsOne(), "0.68 to 1.18 holds 1");
        assertTrue(c.cpu().ratio() > 1.3 && c.cpu().adjustedLow() > 1 && !c.cpu().adjustedHoldsOne(), c.toString());
        assertFalse(c.injectorLimited());
        assertEquals(new TierComparison.Failures(0, 0, 0, 0, 1, 0, 0, false, false), c.failures());
        assertFalse(c.failed());
    }

    @Test
    void aBlockWithoutAnOkResponseFailsTheTierAndLeavesTheTpsRatioInsteadOfWeighingMinusEleven() {
        List<BlockResult> blocks = List.of(
                block(0, "tomcat", 1000, 20), limited(block(0, "tomcat#2", 1000, 20)),
                failed(block(1, "tomcat#2", 0, -1)), block(1, "tomcat", 1000, 20),
                block(2, "tomcat", 1000, 20), block(2, "tomcat#2", 900, 20));
        TierComparison.Comparison c = Comparisons.of(blocks, List.of("tomcat", "tomcat#2")).get(0).comparison().get(0);
        assertTrue(c.injectorLimited());
        assertEquals(3, c.pairs(), "the failed round is paired");
        assertEquals(1, c.tpsDropped(), "and left out of the TPS ratio: no logarithm of half a response");
        assertEquals(new TierComparison.Ratio(0.9487, 0.4858, 1.8528, 0.4858, 1.8528, 1, 1, new PairedRatio.Components(7.45, null)), c.tps(),
                "rounds 0 and 2: sqrt(1 x 0.9), t(0.975, 1 df) = 12.706; a failed tier's intervals are not the run's family (1)");
        assertEquals(1, c.cpuDropped(), "the failed block has no CPU per response");
        assertEquals(new TierComparison.Failures(0, 3.06, 1, 0, 1, 0, 1, false, true), c.failures(),
                "300 of 9800 requests, all in one block; one round of one: no sign test can tell");
        assertTrue(c.failed());
    }

    @Test
    void theCpuRatioChargesEachTargetItsWaitWhereItWasRead() {
        List<BlockResult> blocks = new java.util.ArrayList<>();
        for (int round = 0; round < 4; round++) {
            // tomcat spends 20 in its blocks and 2 more while it waits; undertow 20 and 8: 28 over 22.
            blocks.add(charged(block(round, "tomcat", 1000, 20), 22.0));
            blocks.add(charged(block(round, "undertow", 1000, 20 + round % 2 * 0.2), 28.0));
        }
        TierComparison.Comparison c = Comparisons.of(blocks, List.of("tomcat", "undertow")).get(0).comparison().get(0);
        assertEquals(1.2727, c.cpu().ratio(), "28/22, the blocks' own 20 against 20 would say 1.00");
        List<BlockResult> older = blocks.stream().map(b -> charged(b, null)).toList();
        assertEquals(1.005, Comparisons.of(older, List.of("tomcat", "undertow")).get(0).comparison().get(0).cpu().ratio(), 0.0001,
                "no wait read (results before schema 11): the blocks' own");
    }

    @Test
    void aTiersTpsIsWithheldWhereGatlingLimitedAQuarterOfEithersBlocksAndJudgedOnAFullMachine() {
        List<BlockResult> blocks = new java.util.ArrayList<>();
        for (int round = 0; round < 8; round++) {
            BlockResult undertow = block(round, "undertow", 800 + round, 26);
            blocks.add(block(round, "tomcat", 1000 - round, 20));
            blocks.add(round == 3 ? limited(undertow) : undertow);
        }
        TierComparison.Comparison one = Comparisons.of(blocks, List.of("tomcat", "undertow")).get(0).comparison().get(0);
        assertFalse(one.injectorLimited(), "one block of eight: a pause of Gatling's, not the tier");
        assertTrue(one.machineFull(), "every block at 98% busy");
        assertTrue(one.tpsJudged() && one.tps().adjustedHigh() < 1, one.toString());
        blocks.set(5, limited(blocks.get(5)));
        assertTrue(Comparisons.of(blocks, List.of("tomcat", "undertow")).get(0).comparison().get(0).injectorLimited(),
                "two of eight: a quarter");
    }

    @Test
    void overSeveralLaunchesEachFiguresLaunchSpreadIsFittedOverTheTiersAndAFailedTierIsLeftOut() {
        List<BlockResult> blocks = new java.util.ArrayList<>();
        double[][] others = {{1.00, 1.02, 0.98}, {0.90, 0.92, 0.88}, {0.5, 0.9, 0.7}};
        int[] users = {100, 500, 2000};
        for (int launch = 0; launch < 3; launch++) {
            for (int tier = 0; tier < 3; tier++) {
                blocks.add(launched(users[tier], launch, "tomcat", 1000));
                BlockResult other = launched(users[tier], launch, "undertow", 1000 * others[tier][launch]);
                // At 2000 users undertow refuses most of its requests: a failed tier, in no fit.
                blocks.add(tier == 2 ? withKo(other, 20_000) : other);
            }
        }
        List<TierComparison> tiers = Comparisons.of(blocks, List.of("tomcat", "undertow"));
        // One block per launch: no block part. The two-way table of the launch means at 100 and 500 users:
        // the launches' own mean square 8.9166e-4, the rest 2.4717e-6, on 2 and 2 degrees of freedom. The
        // second launch is high and the third low at both tiers: the shared part (8.9166e-4 - 2.4717e-6) / 2
        // = 4.4459e-4 and the per-tier part 2.4717e-6 make 4.4707e-4, on Satterthwaite's 2.01 degrees of
        // freedom, not 4; t(0.975, 2.01 df) = 4.2800 x sqrt(4.4707e-4 / 3). (By hand in numpy and scipy.)
        PairedRatio.LaunchSpread spread = tiers.get(0).comparison().get(0).tps().spread().pooled();
        assertEquals(2.0110, spread.degrees(), 1e-4);
        assertEquals(2, spread.tiers(), "the failed tier's launches stray as a failing container does, and are left out");
        assertEquals(4.4707e-4, spread.variance(), 1e-8);
        assertEquals(PairedRatio.LaunchSpread.Source.MODEL, spread.source());
        TierComparison.Ratio at100 = tiers.get(0).comparison().get(0).tps();
        assertEquals(List.of(0.9999, 0.949, 1.0535, 3), List.of(at100.ratio(), at100.low(), at100.high(), at100.launches()));
        // At 500 users the launch means spread 4.9401e-4 themselves, more than the model's: that one, on the model's 2.01.
        TierComparison.Ratio at500 = tiers.get(1).comparison().get(0).tps();
        assertEquals(List.of(0.8999, 0.8518, 0.9507), List.of(at500.ratio(), at500.low(), at500.high()));
        assertEquals(PairedRatio.LaunchSpread.Source.OWN, at500.spread().pooled().source());
        assertTrue(tiers.get(2).comparison().get(0).failed());
        PairedRatio.LaunchSpread failed = tiers.get(2).comparison().get(0).tps().spread().pooled();
        assertEquals(List.of(2.0, PairedRatio.LaunchSpread.Source.OWN), List.of(failed.degrees(), failed.source()),
                "a failed tier's figures: from its own launches");
    }

    @Test
    void launchesThatStrayTierByTierGiveTheFitMoreDegreesOfFreedomThanLaunchesThatStrayAlike() {
        // Three tiers: the second launch high at the first tier, low at the second, high at the third.
        double[][] ratios = {{1.00, 1.02, 0.98}, {0.90, 0.91, 0.89}, {1.10, 1.08, 1.12}};
        List<java.util.SortedMap<Integer, double[]>> tiers = new java.util.ArrayList<>();
        for (double[] tier : ratios) {
            java.util.SortedMap<Integer, double[]> launches = new java.util.TreeMap<>();
            for (int launch = 0; launch < 3; launch++) {
                launches.put(launch, new double[] {Math.log(tier[launch])});
            }
            tiers.add(launches);
        }
        List<PairedRatio.LaunchSpread> spreads = PairedRatio.LaunchSpread.byTier(tiers);
        assertEquals(3.9925e-4, spreads.get(1).variance(), 1e-8,
                "the launches' own mean square 5.6e-5 is under the rest's 4.0e-4: no shared part, the per-tier part is the rest's");
        assertEquals(4, spreads.get(1).degrees(), 1e-9, "(tiers - 1) x (launches - 1)");
        assertEquals(4.0012e-4, spreads.get(0).variance(), 1e-8, "the first tier's own launch means spread a little more");
        assertEquals(PairedRatio.LaunchSpread.Source.OWN, spreads.get(0).source());
        tiers.get(2).remove(2);
        List<PairedRatio.LaunchSpread> unequal = PairedRatio.LaunchSpread.byTier(tiers);
        assertEquals(List.of(2.0, 2.0, 1.0), unequal.stream().map(PairedRatio.LaunchSpread::degrees).toList(),
                "tiers without the same launches: each on its own launches");
        assertTrue(unequal.stream().allMatch(s -> s.source() == PairedRatio.LaunchSpread.Source.OWN));
    }

    @Test
    void whatAnIntervalsWidthCostsIsTheLaunchesThatWouldBringItToFivePercent() {
        // A launch mean's variance of 0.003 on 2.2 degrees of freedom at three launches, adjusted for 8: the fewest
        // launches whose t (its degrees growing by 1.1 a launch) x sqrt(0.003 / launches) is within ln(1.05).
        PairedRatio.LaunchSpread spread = new PairedRatio.LaunchSpread(0.003, 2.2, 2, PairedRatio.LaunchSpread.Source.MODEL);
        int launches = spread.launchesFor(5, 3, 8);
        java.util.function.IntToDoubleFunction half = n -> PairedRatio.quantile(2.2 * (n - 1) / 2, 1 - 0.05 / 8) * Math.sqrt(0.003 / n);
        assertTrue(half.applyAsDouble(launches) <= Math.log(1.05) && half.applyAsDouble(launches - 1) > Math.log(1.05),
                launches + " launches");
        assertEquals(14, launches, "by hand in scipy: 13 give ±5.05%, 14 give ±4.80%");
        assertEquals(null, new PairedRatio.LaunchSpread(0.5, 2, 2, PairedRatio.LaunchSpread.Source.MODEL).launchesFor(5, 3, 8),
                "a spread no hundred launches would tame");
    }

    @Test
    void aTierWhoseLaunchesSpreadMoreThanTheModelSaysTakesItsOwnSpread() {
        // Six tiers of three launches of four rounds; blocks scatter 2% at every tier (the same pattern), launches
        // agree within 0.3% but at the first tier, where they are 0.85, 1.00 and 1.15.
        List<java.util.SortedMap<Integer, double[]>> tiers = new java.util.ArrayList<>();
        double[] pattern = {0.02, -0.02, 0.01, -0.01};
        for (int tier = 0; tier < 6; tier++) {
            java.util.SortedMap<Integer, double[]> launches = new java.util.TreeMap<>();
            for (int launch = 0; launch < 3; launch++) {
                double offset = tier == 0 ? Math.log(0.85 + 0.15 * launch) : 0.003 * (launch - 1) * (tier % 2 == 0 ? 1 : -1);
                double[] logs = new double[4];
                for (int round = 0; round < 4; round++) {
                    logs[round] = offset + pattern[(round + launch) % 4];
                }
                launches.put(launch, logs);
            }
            tiers.add(launches);
        }
        List<PairedRatio.LaunchSpread> spreads = PairedRatio.LaunchSpread.byTier(tiers);
        PairedRatio.LaunchSpread noisy = spreads.get(0);
        assertEquals(PairedRatio.LaunchSpread.Source.OWN, noisy.source(), noisy.toString());
        double[] means = {Math.log(0.85), 0, Math.log(1.15)};
        double mean = java.util.Arrays.stream(means).average().orElseThrow();
        double own = java.util.Arrays.stream(means).map(m -> (m - mean) * (m - mean)).sum() / 2;
        assertEquals(own, noisy.variance(), 1e-12, "its own launch means' variance");
        for (PairedRatio.LaunchSpread quiet : spreads.subList(1, 6)) {
            // The per-tier launch part is fitted over all six, the noisy one's included: a sixth of its squares.
            assertEquals(PairedRatio.LaunchSpread.Source.MODEL, quiet.source(), quiet.toString());
            assertTrue(quiet.variance() < own / 4, "the quiet tiers take the model's, well under the noisy one's own: " + quiet);
            assertEquals(noisy.degrees(), quiet.degrees(), 1e-9, "all on the model's degrees of freedom");
        }
        assertTrue(noisy.degrees() > 2, "more than its own launches' 2: " + noisy);
    }

    @Test
    void aTargetThatFailsHalfItsBlocksFailsTheTierAndOneUnderTheThresholdDoesNot() {
        List<BlockResult> halfFailed = new java.util.ArrayList<>();
        List<BlockResult> slightly = new java.util.ArrayList<>();
        for (int round = 0; round < 12; round++) {
            halfFailed.add(block(round, "tomcat", 1000, 20));
            slightly.add(block(round, "tomcat", 1000, 20));
            BlockResult other = block(round, "wildfly", 800, 30);
            // Half its blocks refuse 60% of their requests; it still answers some in each.
            halfFailed.add(round % 2 == 0 ? withKo(other, 3000) : other);
            slightly.add(round == 0 ? withKo(other, 100) : other);
        }
        TierComparison tier = Comparisons.of(halfFailed, List.of("tomcat", "wildfly")).get(0);
        TierComparison.Comparison c = tier.comparison().get(0);
        assertTrue(c.failures().otherFailed(), c.failures().toString());
        assertFalse(c.failures().baselineFailed());
        assertEquals(6, c.failures().otherFailedBlocks());
        assertEquals(0.0313, c.failures().p(), "6 rounds worse, none better: 2 x 0.5^6");
        assertEquals(0, c.tpsDropped(), "every block answered some: every round stays in the ratio");
        TierComparison.Comparison under = Comparisons.of(slightly, List.of("tomcat", "wildfly")).get(0).comparison().get(0);
        assertFalse(under.failed(), "100 of 48,100 requests: under 1% and every block answered: " + under.failures());
        assertEquals(1, under.failures().otherFailedBlocks(), "one block failed 2.4% of its requests, the tier 0.21%");
        assertEquals(2, under.tps().adjustedFor(), "its TPS and CPU intervals are the run's family");
    }

    @Test
    void aTargetWhoseResponsesCameAfterItsBlocksIsNeitherFailedNorJudgedOnTps() {
        // Round 1's other block closed with no OK response in it (tps 0), yet every request came back OK later.
        List<BlockResult> blocks = List.of(block(0, "tomcat", 1000, 20), block(0, "tomcat#2", 900, 21), block(1, "tomcat#2", 0, 30)
                .withOutcomes(800, 800, 0), block(1, "tomcat", 1000, 20), block(2, "tomcat", 1000, 20), block(2, "tomcat#2", 950, 22));
        assertTrue(blocks.get(2).tps() == 0 && blocks.get(2).ok() == 800, "no OK response within the block, 800 after it");
        TierComparison.Comparison c = Comparisons.of(blocks, List.of("tomcat", "tomcat#2")).get(0).comparison().get(0);
        assertFalse(c.failed(), "every request answered OK: " + c.failures());
        assertEquals(1, c.tpsDropped());
        assertFalse(c.tpsJudged(), "leaving out its slowest round would favour it");
        assertEquals(1, c.cpu().adjustedFor(), "the TPS ratio is in no family: only CPU is stated");
        List<BlockResult> allSlow = List.of(block(0, "tomcat", 1000, 20), block(0, "tomcat#2", 0, 21).withOutcomes(800, 800, 0),
                block(1, "tomcat#2", 0, 30).withOutcomes(800, 800, 0), block(1, "tomcat", 1000, 20));
        TierComparison.Comparison none = Comparisons.of(allSlow, List.of("tomcat", "tomcat#2")).get(0).comparison().get(0);
        assertEquals(null, none.tps(), "no round answered within its blocks");
        assertFalse(none.tpsJudged());
    }

    @Test
    void failuresAreComparedRoundByRoundWithAnExactSignTest() {
        assertEquals(0.0625, Paired.signTest(5, 0), 1e-12, "2 x 0.5^5");
        assertEquals(0.0063, Paired.signTest(11, 1), 1e-4, "2 x P(X <= 1), X ~ Binomial(12, 0.5)");
        assertEquals(1, Paired.signTest(0, 0));
        assertEquals(1, Paired.signTest(3, 3));
    }

    @Test
    void responseTimesArePairedRoundByRoundFromTheBlocksHistograms() {
        List<BlockResult> blocks = List.of(
                timed(block(0, "tomcat", 1000, 20), 2, 8), timed(block(0, "undertow", 800, 26), 3, 12),
                timed(block(1, "undertow", 900, 27), 3, 12), timed(block(1, "tomcat", 1000, 20), 2, 8));
        LatencyComparison tier = LatencyComparisons.latencies(blocks, "tomcat", "undertow",
                Comparisons.family(blocks, List.of("tomcat", "undertow"))).get(0);
        // Each block: 98 responses at the first time, 2 at the second; means 2.12 and 3.18, p99 8 and 12.
        assertEquals(new PairedRatio(1.5, 1.5, 1.5, 2), tier.mean(), "3.18 / 2.12 in both rounds");
        assertEquals(new PairedRatio(1.5, 1.5, 1.5, 2), tier.p99(), "12 / 8 in both rounds");
        assertEquals(List.of(), LatencyComparisons.latencies(List.of(block(0, "tomcat", 1000, 20), block(0, "undertow", 800, 26)),
                "tomcat", "undertow", 2), "no histograms (results before schema 4): no response-time ratio");
    }

    @Test
    void everyIntervalOfTheRunIsInOneFamilyResponseTimesIncluded() {
        List<BlockResult> blocks = List.of(
                timed(block(0, "tomcat", 1000, 20), 2, 8), timed(block(0, "undertow", 800, 26), 3, 12),
                timed(block(1, "undertow", 900, 27), 3, 13), timed(block(1, "tomcat", 1000, 20), 2, 8),
                timed(block(2, "tomcat", 1000, 21), 2, 8), timed(block(2, "undertow", 850, 26), 3, 11));
        TierComparison.Comparison c = Comparisons.of(blocks, List.of("tomcat", "undertow")).get(0).comparison().get(0);
        assertEquals(4, c.tps().adjustedFor(), "TPS, CPU, the mean and the p99 of the response times");
        assertEquals(4, c.cpu().adjustedFor());
        LatencyComparison latency = LatencyComparisons.latencies(blocks, "tomcat", "undertow",
                Comparisons.family(blocks, List.of("tomcat", "undertow"))).get(0);
        assertEquals(4, latency.adjustedFor());
        // p99 ratios 1.5, 1.625, 1.375: logs 0.4055, 0.4855, 0.3185, sd 0.0835; t(0.99375, 2 df) = 8.860.
        assertEquals(PairedRatio.of(List.of(12.0, 13.0, 11.0), List.of(8.0, 8.0, 8.0), 1 - 0.05 / 4), latency.p99Adjusted());
        assertTrue(latency.p99Adjusted().low() < latency.p99().low() && latency.p99().low() > 1,
                "the adjusted interval is the wider one: " + latency);
    }

    @Test
    void eachRequestOfAMixIsPairedBlockByBlockInAFamilyOfItsOwn() {
        // "version" alike on both, "write" 1.5 times as long on undertow in every round, at two tiers.
        List<BlockResult> blocks = new ArrayList<>();
        for (int users : List.of(100, 500)) {
            for (int round = 0; round < 3; round++) {
                double spread = 1 + 0.02 * round;
                blocks.add(mixed(launched(users, 0, "tomcat", 1000), round, 2.0 * spread, 10.0 * spread));
                blocks.add(mixed(launched(users, 0, "undertow", 1000), round, 2.0 * spread, 15.0 * spread));
            }
        }
        List<RequestComparison> requests = LatencyComparisons.requests(blocks, List.of("tomcat", "undertow"));
        assertEquals(List.of("100 users version", "100 users write", "500 users version", "500 users write"),
                requests.stream().map(r -> r.tier() + " " + r.request()).toList());
        RequestComparison write = requests.get(1);
        assertEquals(1.5, write.mean().ratio(), 1e-9);
        assertEquals(3, write.mean().pairs());
        assertEquals(4, write.adjustedFor(), "every per-request interval of the run, and none of the tiers'");
        assertTrue(write.meanAdjusted().low() > 1, "longer, on the adjusted interval: " + write.meanAdjusted());
        assertEquals(1.0, requests.get(0).mean().ratio(), 1e-9);
        assertEquals(4, Comparisons.of(blocks, List.of("tomcat", "undertow")).get(0).comparison().get(0).tps().adjustedFor(),
                "the tiers' family stays TPS and CPU at two tiers (no histograms here): the requests widen none of it");
        List<BlockResult> limited = blocks.stream().map(b -> b.tier().equals(Tier.users(500)) ? limited(b) : b).toList();
        assertEquals(List.of("100 users version", "100 users write"), LatencyComparisons.requests(limited, List.of("tomcat", "undertow"))
                .stream().map(r -> r.tier() + " " + r.request()).toList(), "a tier Gatling limited is left out, as its response times are");
        assertEquals(List.of(), LatencyComparisons.requests(List.of(block(0, "tomcat", 1000, 20), block(0, "undertow", 900, 20)),
                List.of("tomcat", "undertow")), "one request (or results before schema 12): none");
        assertEquals(0, write.leftOut());
        // Undertow's writes all failed in one round at 100 users: that round has no ratio, and says so.
        List<BlockResult> failing = blocks.stream().map(b -> b.tier().equals(Tier.users(100)) && b.round() == 1 && b.target().equals("undertow")
                ? b.withRequests(List.of(b.byRequest().get(0), new BlockResult.Request("write", 0, b.ok() / 2, null))) : b).toList();
        RequestComparison left = LatencyComparisons.requests(failing, List.of("tomcat", "undertow")).get(1);
        assertEquals("write", left.request());
        assertEquals(1, left.leftOut(), "shown from the other rounds, not judged");
        assertEquals(2, left.mean().pairs());
    }

    /** The block in round {@code round} with a mix of two requests, "version" and "write", of these mean times. */
    private static BlockResult mixed(BlockResult b, int round, double versionMs, double writeMs) {
        return new BlockResult(b.tier(), b.users(), round, b.target(), b.startMillis(), b.endMillis(), b.requests(), b.ok(), b.ko(),
                b.tps(), b.cpu(), b.injectorLimited(), b.latencyHistogram(), b.open(), b.launch())
                .withRequests(List.of(new BlockResult.Request("version", b.ok() / 2, 0, versionMs),
                        new BlockResult.Request("write", b.ok() / 2, 0, writeMs)));
    }

    @Test
    void aRunIsPairedWithAnotherBaselineFromTheSameBlocks() {
        List<BlockResult> blocks = List.of(
                block(0, "tomcat", 1000, 20), block(0, "undertow", 800, 26), block(0, "jetty", 900, 22),
                block(1, "jetty", 900, 22), block(1, "undertow", 800, 26), block(1, "tomcat", 1000, 20));
        List<RunResult.Target> targets = java.util.stream.Stream.of("tomcat", "undertow", "jetty").map(label -> new RunResult.Target(
                label, label, "1", new RunResult.Target.Started(true, "http://127.0.0.1:1", null), new RunResult.Target.Jvm("17", ""),
                new RunResult.Target.Knobs(java.util.Map.of(), java.util.Map.of(), null), null, null)).toList();
        RunResult run = RunResult.builder().runId("r").targets(targets).blocks(blocks)
                .comparisons(Comparisons.of(blocks, List.of("tomcat", "undertow", "jetty"))).build();
        RunResult rebased = Comparisons.rebased(run, "undertow");
        assertEquals(List.of("undertow", "tomcat", "jetty"), rebased.targets().stream().map(RunResult.Target::label).toList());
        TierComparison.Comparison jetty = rebased.comparisons().get(0).comparison().get(1);
        assertEquals("undertow", jetty.baseline());
        assertEquals(new TierComparison.Ratio(1.125, 1.125, 1.125, 1.125, 1.125, 4, 1, new PairedRatio.Components(0, null)), jetty.tps(),
                "900 / 800 in both rounds; one family for the run: TPS and CPU of both targets after the baseline");
        assertEquals("undertow", rebased.container(), "the run's container is its baseline's");
        assertThrows(IllegalArgumentException.class, () -> Comparisons.rebased(run, "wildfly"));
    }

    /** The block with 98 responses of {@code usual} ms and 2 of {@code slow} ms. */
    private static BlockResult timed(BlockResult b, long usual, long slow) {
        org.HdrHistogram.Histogram histogram = containerbench.measure.Histograms.empty();
        histogram.recordValueWithCount(usual, 98);
        histogram.recordValueWithCount(slow, 2);
        return b.withLatencies(containerbench.measure.Histograms.encode(histogram), null);
    }

    private static BlockResult block(int round, String target, double tps, double cpu) {
        long ok = (long) (tps * 5);
        return new BlockResult(Tier.users(100), 100, round, target, 0, 5000, ok, ok, 0, tps, cpu(cpu), false, null, null);
    }

    /** A block of one round in a launch, at a tier of {@code users}, its CPU per response 20. */
    private static BlockResult launched(int users, int launch, String target, double tps) {
        long ok = (long) (tps * 5);
        return new BlockResult(Tier.users(users), users, 0, target, 0, 5000, ok, ok, 0, tps, cpu(20), false, null, null, launch);
    }

    /** The block with every request failed. */
    private static BlockResult failed(BlockResult b) {
        return new BlockResult(b.tier(), b.users(), b.round(), b.target(), b.startMillis(), b.endMillis(), 300, 0, 300, 0,
                b.cpu(), b.injectorLimited(), b.latencyHistogram(), b.open(), b.launch());
    }

    /** The block with {@code ko} more requests, all failed. */
    private static BlockResult withKo(BlockResult b, long ko) {
        return new BlockResult(b.tier(), b.users(), b.round(), b.target(), b.startMillis(), b.endMillis(), b.requests() + ko, b.ok(),
                ko, b.tps(), b.cpu(), b.injectorLimited(), b.latencyHistogram(), b.open(), b.launch());
    }

    /** A block's CPU figures with the target's CPU per response {@code micros} (null below 0), nothing charged for its wait. */
    private static BlockCpu cpu(double micros) {
        return new BlockCpu(micros < 0 ? null : micros, null, 90.0, 25.0, 98.0, 0.0, 3.0);
    }

    /** The block with its CPU per response from the end of its target's previous block; {@code null} unread. */
    private static BlockResult charged(BlockResult b, Double withWaits) {
        BlockCpu c = b.cpu();
        return new BlockResult(b.tier(), b.users(), b.round(), b.target(), b.startMillis(), b.endMillis(), b.requests(), b.ok(), b.ko(),
                b.tps(), new BlockCpu(c.targetMicrosPerResponse(), withWaits, c.injectorPercent(), c.injectorBusiestThreadPercent(),
                        c.machineBusyPercent(), c.machineStealPercent(), c.waitingPercent()), b.injectorLimited(), b.latencyHistogram(),
                b.open(), b.launch());
    }

    private static BlockResult limited(BlockResult b) {
        return b.withInjectorLimited(true);
    }
}
