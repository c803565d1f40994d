package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A tier's figures, and with a mix of requests each request's, whose parts add up to the whole. */
class TierRecorderTest {

    @Test
    void theBlocksOfOneTargetShareTheirRequestsFiguresAndEachIsCountedOnce() {
        List<TierRecorder> parts = TierRecorder.parts(List.of("version", "read heap"), "tomcat", 10);
        TierRecorder first = new TierRecorder("10 users tomcat", "tomcat", 10, parts);
        TierRecorder second = new TierRecorder("10 users tomcat", "tomcat", 10, parts);
        for (int i = 0; i < 30; i++) {
            first.ok(1_000 + i, 2, 0);
        }
        first.ok(1_050, 5, 1);
        second.ok(3_000, 4, 1);
        second.ko(3_010, 9, "HTTP 500", 1);
        TierResult tier = TierRecorder.combined("10 users", "tomcat", 10, List.of(first, second));
        assertEquals(33, tier.requests());
        assertEquals(List.of("version", "read heap"), tier.byRequest().stream().map(TierResult::name).toList());
        TierResult version = tier.byRequest().get(0);
        TierResult readHeap = tier.byRequest().get(1);
        assertEquals(30, version.ok(), "shared by both blocks, counted once");
        assertEquals(2, readHeap.ok());
        assertEquals(1, readHeap.ko());
        assertEquals(Map.of("HTTP 500", 1L), readHeap.failures());
        assertEquals(tier.seconds(), readHeap.seconds(), "a request's TPS is over the tier's time");
        assertEquals(tier.tps() * 2 / 32, readHeap.tps(), 0.01, "its OK responses over the tier's time");
        assertEquals(5, readHeap.latencyMs().max());
    }

    @Test
    void aMeasuredBlockCountsEachRequestOfTheMixInItAloneBesideTheSharedFigures() {
        List<TierRecorder> parts = TierRecorder.parts(List.of("version", "read heap"), "tomcat", 10);
        TierRecorder first = TierRecorder.ofBlock("10 users tomcat", "tomcat", 10, parts, false);
        TierRecorder second = TierRecorder.ofBlock("10 users tomcat", "tomcat", 10, parts, false);
        first.ok(1_000, 2, 0);
        first.ok(1_001, 3, 0);
        first.ko(1_002, 9, "HTTP 500", 1);
        second.ok(3_000, 4, 1);
        assertEquals(List.of(new BlockResult.Request("version", 2, 0, 2.5), new BlockResult.Request("read heap", 0, 1, null)),
                first.requestsInBlock(), "the first block's own: a mean of 2 and 3 ms, no OK response to time");
        assertEquals(List.of(new BlockResult.Request("version", 0, 0, null), new BlockResult.Request("read heap", 1, 0, 4.0)),
                second.requestsInBlock());
        assertEquals(3, parts.stream().mapToLong(part -> part.counts().ok()).sum(), "the tier's shared figures count both blocks");
        assertNull(TierRecorder.ofBlock("10 users tomcat", "tomcat", 10, List.of(), false).requestsInBlock(), "one request: none");
    }

    @Test
    void oneRequestHasNoBreakdown() {
        assertEquals(List.of(), TierRecorder.parts(List.of("login"), "tomcat", 10));
        TierRecorder block = new TierRecorder("10 users", "tomcat", 10, List.of());
        block.ok(1_000, 2, 0);
        assertNull(TierRecorder.combined("10 users", "tomcat", 10, List.of(block)).byRequest());
    }
}
