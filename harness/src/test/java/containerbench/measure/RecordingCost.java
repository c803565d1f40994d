package containerbench.measure;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the per-tier recording costs on the request path: one response recorded into its tier, by
 * one thread alone, by two at once into the same tier (Gatling's event loops on 2 cores, the worst
 * contention the simulation produces), and by two into tiers of their own. Compare with the injector's CPU per request (its
 * CPU % / TPS in a run's table). Not a test: run it with
 * {@code mvn -q -pl harness -am test-compile exec:exec@recording-cost}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class RecordingCost {

    // One tier shared by every thread of a benchmark, as one tier's users share it.
    private final TierRecorder tier = new TierRecorder("benchmark", "target", 2);

    @Benchmark
    @Threads(1)
    public void oneThread() {
        record();
    }

    @Benchmark
    @Threads(2)
    public void twoThreadsIntoOneTier() {
        record();
    }

    /** The same two threads, each into a tier of its own: what sharing one tier adds is the difference. */
    @Benchmark
    @Threads(2)
    public void twoThreadsEachIntoItsOwnTier(OwnTier own) {
        record(own.tier);
    }

    /** A tier per thread. */
    @State(Scope.Thread)
    public static class OwnTier {
        final TierRecorder tier = new TierRecorder("own", "target", 1);
    }

    private void record() {
        record(tier);
    }

    private static void record(TierRecorder into) {
        long now = System.currentTimeMillis();
        // Response times of a loopback login: a few ms, spread over the histogram's low buckets.
        into.ok(now, (int) (now & 15));
    }
}
