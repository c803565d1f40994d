package containerbench.measure;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
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

    /** Reason recorded for an open workload's arrival that found {@code maxInFlight} requests outstanding. */
    public static final String NOT_SENT = "not sent (maxInFlight)";

    private final String name;
    private final String target;
    private final int users;
    // Response times of OK requests in ms, as Gatling measures them; up to an hour, 3 digits.
    private final Histogram latency;
    private final LongAdder ok = new LongAdder();
    private final LongAdder ko = new LongAdder();
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final LongAccumulator firstSent = new LongAccumulator(Math::min, Long.MAX_VALUE);
    private final LongAccumulator lastReceived = new LongAccumulator(Math::max, Long.MIN_VALUE);
    // With a mix of requests, each one's own figures as well, by its index in the mix; else empty.
    // Shared by every block of one target in a tier, so that a HAR of many requests does not cost a
    // histogram per request and block.
    private final List<TierRecorder> byRequest;
    // A block's: each request's counts in it alone, for pairing them block by block; else null.
    private final RequestTally tally;
    // An open workload's: time from each request's due time, and how late each left, in µs; else null.
    private final Histogram corrected;
    private final Histogram lateness;
    private final LongAdder notSent = new LongAdder();

    /**
     * @param name the tier's name, also the request name Gatling's report shows it under
     * @param target the label of the target it loads
     */
    public TierRecorder(String name, String target, int users) {
        this(name, target, users, List.of());
    }

    /** @param byRequest the recorders of the mix's requests, {@link #parts}, or none for one request */
    public TierRecorder(String name, String target, int users, List<TierRecorder> byRequest) {
        this(name, target, users, byRequest, Histograms.DIGITS, false);
    }

    /**
     * @param open whether it records an open workload's due times too; {@code users} is then the rate
     */
    public TierRecorder(String name, String target, int users, List<TierRecorder> byRequest, boolean open) {
        this(name, target, users, byRequest, Histograms.DIGITS, open, null);
    }

    /**
     * A measured block's recorder: with a mix ({@code byRequest} not empty), each request's counts in
     * this block too ({@link #requestsInBlock}).
     */
    static TierRecorder ofBlock(String name, String target, int users, List<TierRecorder> byRequest, boolean open) {
        return new TierRecorder(name, target, users, byRequest, Histograms.DIGITS, open,
                byRequest.isEmpty() ? null : new RequestTally(byRequest.stream().map(TierRecorder::name).toList()));
    }

    private TierRecorder(String name, String target, int users, List<TierRecorder> byRequest, int digits, boolean open) {
        this(name, target, users, byRequest, digits, open, null);
    }

    private TierRecorder(String name, String target, int users, List<TierRecorder> byRequest, int digits, boolean open,
            RequestTally tally) {
        this.name = name;
        this.target = target;
        this.users = users;
        this.byRequest = byRequest;
        this.tally = tally;
        this.latency = new ConcurrentHistogram(Histograms.HIGHEST_MS, digits);
        this.corrected = open ? new ConcurrentHistogram(Histograms.HIGHEST_MS * 1000, Histograms.DIGITS) : null;
        this.lateness = open ? new ConcurrentHistogram(Histograms.HIGHEST_MS * 1000, Histograms.DIGITS) : null;
    }

    /**
     * One recorder per request of a mix, for one target's tier: none for one request. Their
     * latencies keep two significant digits (1%), enough for a request's percentiles, and a tenth
     * of the memory of the tier's own.
     */
    public static List<TierRecorder> parts(List<String> requests, String target, int users) {
        return requests.size() == 1 ? List.of()
                : requests.stream().map(request -> new TierRecorder(request, target, users, List.of(), 2, false)).toList();
    }

    public String name() {
        return name;
    }

    /** A measured block's figures of each request of its mix, or {@code null} without a mix. */
    List<BlockResult.Request> requestsInBlock() {
        return tally == null ? null : tally.figures();
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

    /** An OK response to the request of index {@code request} in the mix. */
    public void ok(long now, int millis, int request) {
        ok(now, millis);
        if (!byRequest.isEmpty()) {
            byRequest.get(request).ok(now, millis);
        }
        if (tally != null) {
            tally.ok(request, millis);
        }
    }

    /** A failed request of index {@code request} in the mix; {@code millis} is {@code null} when there was no response to time. */
    public void ko(long now, Integer millis, String reason, int request) {
        ko(now, millis, reason);
        if (!byRequest.isEmpty()) {
            byRequest.get(request).ko(now, millis, reason);
        }
        if (tally != null) {
            tally.ko(request);
        }
    }

    /** A failed request; {@code millis} is {@code null} when there was no response to time. */
    public void ko(long now, Integer millis, String reason) {
        ko.increment();
        failures.computeIfAbsent(reason, r -> new LongAdder()).increment();
        window(now, millis == null ? 0 : Math.max(millis, 0));
    }

    /**
     * A block another client loaded from {@code startMillis} to {@code endMillis} (epoch ms), as it
     * reported: its OK responses' times, and its failed requests by cause. A client that times every
     * answer (wrk) gives the times of its failed answers too; they are few, and kept.
     */
    void loadedBy(long startMillis, long endMillis, long ok, Histogram millis, Map<String, Long> failed) {
        this.ok.add(ok);
        latency.add(millis);
        failed.forEach((reason, count) -> {
            ko.add(count);
            failures.computeIfAbsent(reason, r -> new LongAdder()).add(count);
        });
        firstSent.accumulate(startMillis);
        lastReceived.accumulate(endMillis);
    }

    /** An open arrival that left {@code latenessNanos} after its due time (or before, counted as on time). */
    public void arrived(long latenessNanos) {
        lateness.recordValue(Math.max(0, latenessNanos / 1000));
    }

    /** An open arrival's OK response, {@code nanos} after its due time. */
    public void corrected(long nanos) {
        corrected.recordValue(Math.max(0, nanos / 1000));
    }

    /** An open arrival that found every place taken, failed unsent. */
    public void notSent(long now) {
        notSent.increment();
        ko(now, null, NOT_SENT);
    }

    /**
     * An open tier's or block's own figures, from every response recorded so far; {@code null} for a
     * closed one.
     */
    public OpenFigures open() {
        return open(List.of(this), true);
    }

    /** The same without the corrected histogram encoded: cheap enough to decide on while the load runs. */
    public OpenFigures openFigures() {
        return open(List.of(this), false);
    }

    private static OpenFigures open(List<TierRecorder> blocks, boolean histogram) {
        if (blocks.isEmpty() || blocks.get(0).corrected == null) {
            return null;
        }
        Histogram corrected = new Histogram(Histograms.HIGHEST_MS * 1000, Histograms.DIGITS);
        Histogram lateness = new Histogram(Histograms.HIGHEST_MS * 1000, Histograms.DIGITS);
        long ok = 0;
        long notSent = 0;
        double seconds = 0;
        for (TierRecorder block : blocks) {
            corrected.add(block.corrected);
            lateness.add(block.lateness);
            ok += block.ok.sum();
            notSent += block.notSent.sum();
            seconds += block.seconds();
        }
        return OpenFigures.of(blocks.get(0).users, seconds == 0 ? 0 : ok / seconds, corrected, lateness, notSent, histogram);
    }

    private void window(long now, int millis) {
        firstSent.accumulate(now - millis);
        lastReceived.accumulate(now);
    }

    /**
     * The counts and window so far, without the latencies (no histogram copied): cheap enough for
     * a block's turn, which happens on a virtual user's thread.
     */
    public TierResult counts() {
        return combined(name, target, users, List.of(this), false);
    }

    /** Its response times, as the results keep them ({@link Histograms}); {@code null} with no OK response. */
    public String latencyHistogram() {
        return ok.sum() == 0 ? null : Histograms.encode(latency.copy());
    }

    /**
     * The figures of several blocks of one tier as one: counts summed, latencies merged, and the
     * tier's seconds the sum of each block's, so that its TPS counts only the time it was loaded.
     */
    public static TierResult combined(String name, String target, int users, List<TierRecorder> blocks) {
        return combined(name, target, users, blocks, true);
    }

    private static TierResult combined(String name, String target, int users, List<TierRecorder> blocks, boolean latencies) {
        long okCount = 0;
        long koCount = 0;
        double seconds = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        Histogram merged = Histograms.empty();
        Map<String, Long> reasons = new TreeMap<>();
        for (TierRecorder block : blocks) {
            long blockOk = block.ok.sum();
            long blockKo = block.ko.sum();
            okCount += blockOk;
            koCount += blockKo;
            if (blockOk + blockKo > 0) {
                seconds += block.seconds();
                first = Math.min(first, block.firstSent.get());
                last = Math.max(last, block.lastReceived.get());
            }
            if (latencies) {
                merged.add(block.latency.copy());
            }
            block.failures.forEach((reason, count) -> reasons.merge(reason, count.sum(), Long::sum));
        }
        long requests = okCount + koCount;
        TierResult.Latency ms = okCount == 0 || !latencies ? null : Histograms.latency(merged);
        // Each request's TPS over the tier's loaded time, so that the parts add up to the whole.
        double loaded = seconds;
        // Blocks of one target share their parts: each part counted once.
        Set<List<TierRecorder>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<List<TierRecorder>> shared = blocks.stream().map(b -> b.byRequest).filter(p -> !p.isEmpty() && seen.add(p)).toList();
        List<TierResult> parts = shared.isEmpty() || !latencies ? null
                : java.util.stream.IntStream.range(0, shared.get(0).size()).mapToObj(i -> combined(shared.get(0).get(i).name,
                        target, users, shared.stream().map(p -> p.get(i)).toList(), true).over(loaded)).toList();
        return new TierResult(new TierResult.Load(name, target, users), TierResult.Answers.counted(okCount, koCount, seconds), ms,
                new TierResult.Failures(reasons, List.of()), new TierResult.Window(requests == 0 ? 0 : first, requests == 0 ? 0 : last),
                null, koCount > 0, parts, latencies ? open(blocks, true) : null);
    }

    /** From the first request sent to the last response received, at least a millisecond; 0 with no request. */
    double seconds() {
        return ok.sum() + ko.sum() == 0 ? 0 : Math.max(1, lastReceived.get() - firstSent.get()) / 1000.0;
    }
}
