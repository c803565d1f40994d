package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A tier's kernel TCP counters are its own blocks', not what ran between them. */
class TierResourcesTest {

    /** One reading a second from 0 s to 20 s; the counters rise by 1 overflow and 10 connects a second, and by 1000 in second 10. */
    private static List<ServerSampler.Sample> samples() {
        List<ServerSampler.Sample> all = new ArrayList<>();
        long overflows = 0;
        long opens = 0;
        for (int second = 0; second <= 20; second++) {
            if (second > 0) {
                overflows += second == 10 ? 1000 : 1;
                opens += second == 10 ? 1000 : 10;
            }
            all.add(new ServerSampler.Sample(second * 1000L, 1.0, 1L, 1L, 1L, 1.0, 1.0, 1.0, new TcpCounters(overflows, 0, 0, 0, opens)));
        }
        return all;
    }

    @Test
    void anInterleavedTierCountsItsOwnBlocksAndNotTheBurstBetweenThem() {
        // Blocks 2-4 s and 14-16 s: the burst in second 10, another target's, is not theirs.
        TcpCounters own = TierResources.tcpDelta(samples(), List.of(new long[] {2000, 4000}, new long[] {14_000, 16_000}));
        assertEquals(4, own.listenOverflows());
        assertEquals(40L, own.activeOpens());
        TcpCounters whole = TierResources.tcpDelta(samples(), List.<long[]>of(new long[] {2000, 16_000}));
        assertEquals(1013, whole.listenOverflows(), "from the first block's start to the last's end, the burst in");
    }

    @Test
    void aWindowWithoutAReadingBeforeItIsUnknown() {
        assertNull(TierResources.tcpDelta(samples(), List.<long[]>of(new long[] {-500, 3000})));
    }
}
