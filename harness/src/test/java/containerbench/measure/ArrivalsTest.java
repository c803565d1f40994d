package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The open schedule: an arrival over the cap fails unsent, and a late one is timed from its due time. */
class ArrivalsTest {

    private final TierRecorder block = new TierRecorder("100 req/s", "tomcat", 100, List.of(), true);

    @Test
    void anArrivalBeyondMaxInFlightFailsUnsentAndAnAnswerFreesAPlace() {
        Arrivals arrivals = new Arrivals(100, 2);
        long first = arrivals.arrive(block);
        long second = arrivals.arrive(block);
        assertNotEquals(Arrivals.NOT_SENT, first);
        assertNotEquals(Arrivals.NOT_SENT, second);
        assertEquals(Arrivals.NOT_SENT, arrivals.arrive(block), "two outstanding: the third is not sent");
        arrivals.answered(block, first, true);
        assertNotEquals(Arrivals.NOT_SENT, arrivals.arrive(block), "an answer frees a place");
        TierResult tier = TierRecorder.combined("100 req/s", "tomcat", 100, List.of(block));
        assertEquals(Map.of(TierRecorder.NOT_SENT, 1L), tier.failures());
        assertEquals(1, tier.open().notSent());
        assertEquals(100, tier.open().offeredRate());
    }

    @Test
    void aLateArrivalIsTimedFromItsDueTimeAndItsLatenessIsRecorded() throws InterruptedException {
        Arrivals arrivals = new Arrivals(100, 10);
        long onTime = arrivals.arrive(block);
        arrivals.answered(block, onTime, true);
        // Due 10 ms (and Gatling's millisecond) after the first: left 60 ms after it, about 49 ms late.
        Thread.sleep(60);
        long late = arrivals.arrive(block);
        arrivals.answered(block, late, true);
        OpenFigures open = block.open();
        assertTrue(open.latenessMs().max() >= 45, "its lateness: " + open.latenessMs());
        assertTrue(open.correctedMs().max() >= 45, "timed from when it was due, not when it left: " + open.correctedMs());
        assertTrue(open.correctedMs().p50() < 45, "the one on time is timed from when it left: " + open.correctedMs());
        assertEquals(1, open.late());
    }

    @Test
    void anArrivalAheadOfItsDueTimeIsTimedFromWhenItLeft() {
        Arrivals arrivals = new Arrivals(1, 10);
        arrivals.arrive(block);
        long before = System.nanoTime();
        // Due a second after the first, arriving at once: never credited with the time before it was sent.
        long early = arrivals.arrive(block);
        assertTrue(early <= System.nanoTime() && early >= before, "timed from now, not from its due time a second ahead");
        assertEquals(0, block.open().latenessMs().max());
    }
}
