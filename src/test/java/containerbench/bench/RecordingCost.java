package containerbench.bench;

import containerbench.harness.TierRecorder;

/**
 * What the per-tier recording costs on the request path: two threads (Gatling's event loops on
 * 2 cores) recording into one tier, the worst contention the simulation can produce. Prints ns
 * per record; compare with the injector's CPU per request (its CPU % / TPS in a run's table).
 * Run: {@code mvn -q test-compile exec:java -Dexec.mainClass=containerbench.bench.RecordingCost -Dexec.classpathScope=test}
 */
public final class RecordingCost {

    private static final int RECORDS_PER_THREAD = 20_000_000;

    private RecordingCost() {
    }

    public static void main(String[] args) throws InterruptedException {
        TierRecorder tier = new TierRecorder("benchmark", 2);
        for (int round = 1; round <= 3; round++) {
            Thread[] threads = new Thread[2];
            long start = System.nanoTime();
            for (int t = 0; t < threads.length; t++) {
                threads[t] = new Thread(() -> {
                    long now = System.currentTimeMillis();
                    for (int i = 0; i < RECORDS_PER_THREAD; i++) {
                        tier.ok(now + (i >> 10), i & 15);
                    }
                });
                threads[t].start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            System.out.printf("round %d: %.0f ns per record, 2 threads recording at once%n", round,
                    (double) (System.nanoTime() - start) / RECORDS_PER_THREAD);
        }
    }
}
