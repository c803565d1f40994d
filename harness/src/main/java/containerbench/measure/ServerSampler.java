package containerbench.measure;

import containerbench.launcher.ResourceReport;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * Samples, about once a second while a run lasts, the target JVM's CPU and resident memory (OSHI),
 * its heap (JMX, through the attach API), the injector's own CPU and the whole machine's, and the
 * kernel's TCP failure counters.
 * One daemon thread; nothing on the request path.
 */
public final class ServerSampler implements AutoCloseable {

    /**
     * One sample; CPU in cores used over the interval that ends at {@code epochMillis}. A figure that
     * could not be read (a target gone between two samples, a report that did not answer, a target
     * whose heap cannot be reached) is {@code null}; the first sample, which starts the intervals,
     * holds the kernel's counters alone.
     *
     * @param injectorBusiestThreadCores the CPU of the injector's busiest thread over the interval, in
     *     cores; {@code null} where threads are not measured
     */
    public record Sample(long epochMillis, Double targetCores, Long targetRssBytes, Long heapUsedBytes,
            Long heapCommittedBytes, Double injectorCores, Double injectorBusiestThreadCores, Double machineCores, TcpCounters tcp) {

        /** Whether it covers an interval: every sample but the first. */
        boolean measured() {
            return injectorCores != null;
        }
    }

    private final OperatingSystem os;
    private final CentralProcessor processor;
    // The target's JVM, read through /proc and JMX; null for a target read through its report, or none.
    private final Long targetPid;
    // A target read through its own report rather than its process, or null.
    private final TargetReport report;
    private ResourceReport.Reading lastReport;
    private long lastReportMillis;
    // The target's JVM, for its heap; owned by the measurement, null where it could not be attached to.
    private final TargetJvm jvm;
    private final ScheduledExecutorService timer;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final List<Sample> samples = new ArrayList<>();
    private final LongAdder cpuNanos = new LongAdder();
    private final LongAdder taken = new LongAdder();
    private OSProcess lastTarget;
    private OSProcess lastInjector;
    private long[] lastTicks;
    private ThreadCpu.Reading lastThreads;
    private long lastMillis;

    /**
     * Starts sampling; without a {@code targetPid} ({@code null}) only the injector and the machine.
     *
     * @param jvm the target's JVM, attached to by the caller, who closes it; {@code null} for no heap figures
     */
    public static ServerSampler start(Long targetPid, TargetJvm jvm, Duration period) {
        return started(new ServerSampler(targetPid, null, jvm), period);
    }

    /** Starts sampling a target through its own report of its CPU and memory (no heap figures). */
    public static ServerSampler start(TargetReport report, Duration period) {
        return started(new ServerSampler(null, report, null), period);
    }

    private static ServerSampler started(ServerSampler sampler, Duration period) {
        sampler.timer.scheduleAtFixedRate(sampler::sample, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
        return sampler;
    }

    private ServerSampler(Long targetPid, TargetReport report, TargetJvm jvm) {
        SystemInfo system = new SystemInfo();
        this.os = system.getOperatingSystem();
        this.processor = system.getHardware().getProcessor();
        this.targetPid = targetPid;
        this.report = report;
        this.lastReport = report == null ? null : report.read();
        this.lastReportMillis = System.currentTimeMillis();
        this.jvm = jvm;
        this.lastTarget = targetPid != null ? os.getProcess(targetPid.intValue()) : null;
        this.lastInjector = os.getProcess(os.getProcessId());
        this.lastTicks = processor.getSystemCpuLoadTicks();
        this.lastThreads = ThreadCpu.read();
        this.lastMillis = System.currentTimeMillis();
        // A first reading of the kernel counters only (no interval yet for CPU), so that a tier
        // starting at once still has a "before".
        samples.add(new Sample(lastMillis, null, null, null, null, null, null, null, TcpCounters.read()));
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "server-sampler");
            thread.setDaemon(true);
            return thread;
        });
    }

    private void sample() {
        long cpuBefore = THREADS.getCurrentThreadCpuTime();
        try {
            long now = System.currentTimeMillis();
            double seconds = Math.max(1, now - lastMillis) / 1000.0;
            OSProcess target = targetPid != null ? os.getProcess(targetPid.intValue()) : null;
            OSProcess injector = os.getProcess(os.getProcessId());
            long[] ticks = processor.getSystemCpuLoadTicks();
            double machine = processor.getSystemCpuLoadBetweenTicks(lastTicks) * processor.getLogicalProcessorCount();
            MemoryUsage heap = heap();
            ThreadCpu.Reading threads = ThreadCpu.read();
            Double busiest = ThreadCpu.busiestPercent(lastThreads, threads);
            ResourceReport.Reading reported = report == null ? null : report.read();
            Double targetCores = report == null ? cores(target, lastTarget, seconds)
                    : cores(reported, lastReport, Math.max(1, now - lastReportMillis) / 1000.0);
            Long rss = report == null ? (target == null ? null : target.getResidentSetSize())
                    : reported == null ? null : reported.rssBytes();
            // A report that did not answer leaves the last one standing: the next sample covers both seconds.
            if (reported != null) {
                lastReport = reported;
                lastReportMillis = now;
            }
            Sample sample = new Sample(now, targetCores, rss,
                    heap == null ? null : heap.getUsed(), heap == null ? null : heap.getCommitted(),
                    cores(injector, lastInjector, seconds), busiest == null ? null : busiest / 100, machine, TcpCounters.read());
            synchronized (samples) {
                samples.add(sample);
            }
            lastTarget = target;
            lastInjector = injector;
            lastTicks = ticks;
            lastThreads = threads;
            lastMillis = now;
        } catch (RuntimeException e) {
            // The target may be gone between two samples; the run reports that on its own.
        } finally {
            cpuNanos.add(THREADS.getCurrentThreadCpuTime() - cpuBefore);
            taken.increment();
        }
    }

    /** What sampling cost the injector: CPU microseconds per sample, on its own thread. */
    public double cpuMicrosPerSample() {
        return taken.sum() == 0 ? 0 : Math.round(cpuNanos.sum() / 10.0 / taken.sum()) / 100.0;
    }

    private MemoryUsage heap() {
        return jvm == null ? null : jvm.heap();
    }

    private static Double cores(ResourceReport.Reading now, ResourceReport.Reading before,
            double seconds) {
        if (now == null || before == null || now.cpuNanos() < 0 || before.cpuNanos() < 0) {
            return null;
        }
        return (now.cpuNanos() - before.cpuNanos()) / 1e9 / seconds;
    }

    private static Double cores(OSProcess now, OSProcess before, double seconds) {
        if (now == null || before == null) {
            return null;
        }
        long cpuMillis = now.getKernelTime() + now.getUserTime() - before.getKernelTime() - before.getUserTime();
        return cpuMillis / 1000.0 / seconds;
    }

    public List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
