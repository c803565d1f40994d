package containerbench.measure;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time of each of this JVM's threads, Gatling's among them, for the busiest thread between
 * two readings: a Netty event loop serves its connections one after another, so one at a full core
 * limits the load while the process as a whole, and the machine, still have room.
 */
final class ThreadCpu {

    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Each live thread's CPU time (ns) by id, at {@code nanos}; empty where the JVM does not measure threads. */
    record Reading(long nanos, Map<Long, Long> cpu) {
    }

    private ThreadCpu() {
    }

    static Reading read() {
        Map<Long, Long> cpu = new HashMap<>();
        if (THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled()) {
            long[] ids = THREADS.getAllThreadIds();
            long[] times = THREADS.getThreadCpuTime(ids);
            for (int i = 0; i < ids.length; i++) {
                if (times[i] >= 0) {
                    cpu.put(ids[i], times[i]);
                }
            }
        }
        return new Reading(System.nanoTime(), cpu);
    }

    /**
     * The CPU of the thread that used most between the two readings, in % of one core; a thread
     * started between them counts from nothing. {@code null} where threads were not measured.
     */
    static Double busiestPercent(Reading from, Reading to) {
        if (to.cpu().isEmpty()) {
            return null;
        }
        double seconds = Math.max(1, to.nanos() - from.nanos()) / 1e9;
        long most = 0;
        for (Map.Entry<Long, Long> thread : to.cpu().entrySet()) {
            most = Math.max(most, thread.getValue() - from.cpu().getOrDefault(thread.getKey(), 0L));
        }
        return Decimals.two(most / 1e7 / seconds);
    }
}
