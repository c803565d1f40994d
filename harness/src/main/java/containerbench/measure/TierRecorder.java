package containerbench.measure;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The figures of one tier, recorded from Gatling's virtual users on any thread. Gatling 3.14+
 * writes no machine-readable statistics, so the simulation keeps its own: one counter bump and one
 * histogram record per response, wait-free, on the request path.
 */
public final class TierRecorder {

    /** Reason recorded for a request that got no HTTP response at all (refused, reset, timed out). */
    public static final String NO_RESPONSE = "no response";

    private final String name;
    private final int users;
    // Response times of OK requests in ms, as Gatling measures them; up to an hour, 3 digits.
    private final Histogram latency = new ConcurrentHistogram(3_600_000L, 3);
    private final LongAdder ok = new LongAdder();
    private final LongAdder ko = new LongAdder();
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final LongAccumulator firstSent = new LongAccumulator(Math::min, Long.MAX_VALUE);
    private final LongAccumulator lastReceived = new LongAccumulator(Math::max, Long.MIN_VALUE);

    public TierRecorder(String name, int users) {
        this.name = name;
        this.users = users;
    }

    public String name() {
        return name;
    }

    public int users() {
        return users;
    }

    /** An OK response that took {@code millis}, received at {@code now} (epoch ms). */
    public void ok(long now, int millis) {
        ok.increment();
        latency.recordValue(millis);
        window(now, millis);
    }

    /** A failed request; {@code millis} is negative when there was no response to time. */
    public void ko(long now, int millis, String reason) {
        ko.increment();
        failures.computeIfAbsent(reason, r -> new LongAdder()).increment();
        window(now, Math.max(millis, 0));
    }

    private void window(long now, int millis) {
        firstSent.accumulate(now - millis);
        lastReceived.accumulate(now);
    }

    /** The tier's figures; call once its users are done. */
    public TierResult result() {
        long okCount = ok.sum();
        long koCount = ko.sum();
        long requests = okCount + koCount;
        double seconds = requests == 0 ? 0 : Math.max(1, lastReceived.get() - firstSent.get()) / 1000.0;
        Map<String, Long> reasons = new TreeMap<>();
        failures.forEach((reason, count) -> reasons.put(reason, count.sum()));
        Histogram snapshot = latency.copy();
        TierResult.Latency ms = okCount == 0 ? null : new TierResult.Latency(
                Round.twoDecimals(snapshot.getMean()), snapshot.getValueAtPercentile(50), snapshot.getValueAtPercentile(95),
                snapshot.getValueAtPercentile(99), snapshot.getMaxValue());
        return new TierResult(name, users, requests, okCount, koCount, Round.twoDecimals(seconds),
                seconds == 0 ? 0 : Round.twoDecimals(okCount / seconds),
                requests == 0 ? 0 : Round.twoDecimals(100.0 * koCount / requests), ms, reasons, List.of(),
                requests == 0 ? 0 : firstSent.get(), requests == 0 ? 0 : lastReceived.get(), null, koCount > 0);
    }

}
