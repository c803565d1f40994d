package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockJvm;
import containerbench.measure.BlockResult;
import containerbench.measure.LaunchFigures;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FootprintsTest {

    private static final List<String> LABELS = List.of("tomcat", "jetty");

    @Test
    void aStartUpRatioIsOneRatioALaunchWithStudentsTOverTheirLogarithms() {
        // Start-ups of 100, 100, 100 ms against 80, 90, 100: ratios 0.8, 0.9, 1.0, logs -0.2231, -0.1054, 0; mean -0.1095,
        // sd 0.1116; t(0.975, 2 df) = 4.3027, half width 0.2773: exp(-0.1095 -/+ 0.2773) = 0.6792-1.1827 around 0.8963.
        List<LaunchFigures> launches = List.of(startUp("tomcat", 0, 100), startUp("jetty", 0, 80), startUp("tomcat", 1, 100),
                startUp("jetty", 1, 90), startUp("tomcat", 2, 100), startUp("jetty", 2, 100));
        Footprints.Comparison jetty = Footprints.of(launches, List.of(), LABELS, 1).get(0);
        assertEquals(new Footprints.Figure(100.0, 90.0, new TierComparison.Ratio(0.8963, 0.6792, 1.1827, 0.6792, 1.1827, 1, 3, null)),
                jetty.startUp(), "the medians over launches, and the ratio over them");
        assertEquals(1, Footprints.intervals(launches, List.of(), LABELS), "one interval: no memory or block read");
        // Adjusted for two intervals: 97.5%, t(0.9875, 2 df) = 6.2053, half width 0.3998: exp(-0.1095 -/+ 0.3998).
        TierComparison.Ratio adjusted = Footprints.of(launches, List.of(), LABELS, 2).get(0).startUp().ratio();
        assertEquals(0.6008, adjusted.adjustedLow());
        assertEquals(1.337, adjusted.adjustedHigh());
        assertNull(jetty.heapAtRest(), "a figure read on neither side is not there");
        assertNull(jetty.disk());
    }

    @Test
    void onlyLaunchesReadOnBothSidesArePairedAndOneLaunchGivesNoInterval() {
        List<LaunchFigures> launches = List.of(startUp("tomcat", 0, 100), startUp("jetty", 0, 50), startUp("tomcat", 1, 100),
                unknown("jetty", 1), startUp("tomcat", 2, 200), startUp("jetty", 2, 100));
        TierComparison.Ratio ratio = Footprints.of(launches, List.of(), LABELS, 1).get(0).startUp().ratio();
        assertEquals(2, ratio.launches(), "the launch whose start-up is unknown left out");
        assertEquals(0.5, ratio.ratio());
        Footprints.Figure one = Footprints.of(List.of(startUp("tomcat", 0, 100), startUp("jetty", 0, 50)), List.of(), LABELS, 1).get(0)
                .startUp();
        assertEquals(new Footprints.Figure(100.0, 50.0, null), one, "one launch: both figures, no ratio to judge");
        assertEquals(0, Footprints.intervals(List.of(startUp("tomcat", 0, 100), startUp("jetty", 0, 50)), List.of(), LABELS));
        assertTrue(Footprints.of(List.of(unknown("tomcat", 0), unknown("jetty", 0)), List.of(), LABELS, 1).isEmpty(),
                "targets started elsewhere: nothing to compare");
    }

    @Test
    void aTiersGarbageIsItsBytesOverItsOkResponsesAndItsPausesOverItsTime() {
        List<BlockResult> blocks = List.of(block(0, 0, "tomcat", 1000, jvm(2_000_000L, 10)), block(0, 1, "tomcat", 3000, jvm(4_000_000L, 0)));
        assertEquals(1500.0, Footprints.bytesPerResponse(blocks), "6 MB over 4000 responses");
        assertEquals(0.25, Footprints.pausePercent(blocks), "10 ms stopped in 4000 ms");
        List<BlockResult> unread = List.of(blocks.get(0), block(0, 1, "tomcat", 3000, null));
        assertNull(Footprints.bytesPerResponse(unread), "a block unread leaves its launch's figure unknown, not lower");
        assertNull(Footprints.pausePercent(unread));
        assertNull(Footprints.bytesPerResponse(List.of(block(0, 0, "tomcat", 1000, jvm(null, 0)))), "a JVM that does not count allocation");
    }

    @Test
    void bytesPerResponseArePairedRoundByRoundAndAPauseShareOfNothingIsNoRatio() {
        List<BlockResult> blocks = new ArrayList<>();
        // Jetty allocates 2x, 2.2x, 1.8x, 2x tomcat's per response, round by round over two launches; neither is stopped.
        double[] others = {2.0, 2.2, 1.8, 2.0};
        for (int i = 0; i < 4; i++) {
            blocks.add(block(i / 2, i % 2, "tomcat", 1000, jvm(1_000_000L, 0)));
            blocks.add(block(i / 2, i % 2, "jetty", 1000, jvm((long) (others[i] * 1_000_000), 0)));
        }
        Footprints.TierCost tier = Footprints.of(List.of(), blocks, LABELS, 1).get(0).tiers().get(0);
        TierComparison.Ratio bytes = tier.bytesPerResponse().ratio();
        // The geometric mean of the four ratios: (2 x 2.2 x 1.8 x 2)^(1/4) = 15.84^(1/4) = 1.9950.
        assertEquals(1.995, bytes.ratio());
        assertEquals(2, bytes.launches());
        assertTrue(bytes.low() < 1.995 && 1.995 < bytes.high() && bytes.adjustedLow() > 1, bytes.toString());
        assertEquals(new Footprints.Figure(0.0, 0.0, null), tier.pausePercent(), "no collection on either side: shares of 0 have no ratio");
        assertEquals(1, Footprints.intervals(List.of(), blocks, LABELS), "bytes per response alone");
    }

    private static LaunchFigures startUp(String target, int launch, long millis) {
        return new LaunchFigures(target, launch, millis, millis / 2, millis - 1, null, null, null, null);
    }

    private static LaunchFigures unknown(String target, int launch) {
        return new LaunchFigures(target, launch, null, null, null, null, null, null, "started elsewhere");
    }

    private static BlockJvm jvm(Long bytes, long pauseMillis) {
        return new BlockJvm(bytes, pauseMillis, pauseMillis > 0 ? 1 : 0, 2000);
    }

    private static BlockResult block(int launch, int round, String target, long ok, BlockJvm jvm) {
        return new BlockResult(Tier.users(100), 100, round, target, 0, 2000, ok, ok, 0, ok / 2.0, BlockCpu.unknown(), false, null, null,
                launch).withJvm(jvm);
    }
}
