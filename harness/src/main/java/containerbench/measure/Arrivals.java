package containerbench.measure;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * The schedule of an open step, kept by the harness beside Gatling's: arrival n is due
 * {@code n / rate} seconds after the schedule's origin, whenever Gatling gets round to starting it.
 * Gatling lays its users out on that same even schedule and starts each by the millisecond,
 * truncated, so that none leaves more than a millisecond early: the origin is the earliest that any
 * arrival so far implies, plus that millisecond. A first arrival that Gatling started late does not
 * shift the schedule, and one started early by the truncation is timed from when it left. A request
 * is timed from its due time, so that one which waited behind a stalled target or a busy injector
 * counts every millisecond of the wait (wrk2's correction of coordinated omission); how late it left
 * is recorded apart, to tell the injector's delay from the target's. At most {@code maxInFlight}
 * requests are outstanding: an arrival beyond that fails unsent.
 */
public final class Arrivals {

    private final double rate;
    private final int maxInFlight;
    private final AtomicLong arrived = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final LongAccumulator origin = new LongAccumulator(Math::min, Long.MAX_VALUE);

    public Arrivals(double rate, int maxInFlight) {
        this.rate = rate;
        this.maxInFlight = maxInFlight;
    }

    public double rate() {
        return rate;
    }

    /**
     * The next arrival, now: the instant it is timed from ({@link System#nanoTime}: its due time, or
     * now if earlier), its lateness recorded in {@code block}, and a place among the outstanding
     * requests; {@link #NOT_SENT} (recorded as a failure) when there is none.
     */
    public long arrive(TierRecorder block) {
        long now = System.nanoTime();
        long offset = (long) (arrived.getAndIncrement() * 1e9 / rate);
        origin.accumulate(now - offset);
        long due = origin.get() + TRUNCATED_NANOS + offset;
        block.arrived(now - due);
        if (inFlight.incrementAndGet() > maxInFlight) {
            inFlight.decrementAndGet();
            block.notSent(System.currentTimeMillis());
            return NOT_SENT;
        }
        // Timed from its due time, or from when it left if that was earlier (Gatling's truncation): a
        // request that left early is not credited with the time before it was sent.
        return Math.min(due, now);
    }

    /** How early Gatling may start a user: it schedules each by the millisecond, truncated. */
    private static final long TRUNCATED_NANOS = 1_000_000;

    /** What {@link #arrive} gives an arrival that may not be sent. */
    public static final long NOT_SENT = Long.MIN_VALUE;

    /** Whether no request of it is outstanding. */
    public boolean idle() {
        return inFlight.get() == 0;
    }

    /** A sent request's answer (or failure) is in: its time from its due time is recorded in {@code block}. */
    public void answered(TierRecorder block, long due, boolean ok) {
        inFlight.decrementAndGet();
        if (ok) {
            block.corrected(System.nanoTime() - due);
        }
    }
}
