package containerbench.measure;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;

/**
 * A target's JVM as its own management beans tell it, over JMX through the attach API: the bytes its
 * threads have allocated, its collectors' pauses, its heap after a collection and when it started.
 * The same for an embedded container and a standalone server (its own JVM, not its launcher's). What
 * the kernel cannot say: CPU and resident memory come from /proc.
 */
public final class TargetJvm implements AutoCloseable {

    /**
     * The JVM's counters at one instant.
     *
     * @param allocatedBytes every thread's allocation since the JVM started, ended threads' included
     *     ({@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes}); {@code null} where not measured
     * @param pauseMillis the time its collectors stopped it, summed over the collectors that pause (all
     *     but ZGC's and Shenandoah's "Cycles", which run beside the application; G1's young, old and, from
     *     Java 20, concurrent-cycle pauses all count)
     * @param collections how many collections those collectors ran
     */
    public record Gauge(Long allocatedBytes, long pauseMillis, long collections) {
    }

    /** The heap in use right after a collection the JVM was asked for, and the process's resident memory then. */
    public record Rest(long heapUsedBytes, Long rssBytes) {
    }

    static {
        // A JVM that stops answering (stopped, or in a long pause) must not hold the run's thread that asked: RMI waits
        // forever by default. Set once, before the first connection; a value given on the command line stands.
        if (System.getProperty("sun.rmi.transport.tcp.responseTimeout") == null) {
            System.setProperty("sun.rmi.transport.tcp.responseTimeout", "10000");
        }
    }

    private static final ObjectName THREADING = name(ManagementFactory.THREAD_MXBEAN_NAME);
    private static final String[] GC_ATTRIBUTES = {"CollectionCount", "CollectionTime"};

    private final long pid;
    private final JMXConnector connector;
    private final MBeanServerConnection server;
    private final List<ObjectName> pausing;

    private TargetJvm(long pid, JMXConnector connector, MBeanServerConnection server, List<ObjectName> pausing) {
        this.pid = pid;
        this.connector = connector;
        this.server = server;
        this.pausing = pausing;
    }

    /**
     * Attaches to the JVM of process {@code pid}; {@code null} (the reason printed) where that cannot
     * be done: the figures are then unknown, never made up.
     */
    public static TargetJvm attach(long pid) {
        JMXConnector connector = null;
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                connector = JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent()));
            } finally {
                vm.detach();
            }
            MBeanServerConnection server = connector.getMBeanServerConnection();
            Set<ObjectName> collectors = server.queryNames(name(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null);
            List<ObjectName> pausing = new ArrayList<>();
            for (ObjectName collector : collectors) {
                if (pauses(collector.getKeyProperty("name"))) {
                    pausing.add(collector);
                }
            }
            return new TargetJvm(pid, connector, server, List.copyOf(pausing));
        } catch (Exception e) {
            System.err.println("container-bench: no heap, allocation or collector figures, cannot attach to the target JVM " + pid + ": "
                    + e);
            if (connector != null) {
                try {
                    connector.close();
                } catch (IOException closing) {
                    // nothing more to do
                }
            }
            return null;
        }
    }

    /** Whether a collector of this name stops the application: ZGC's and Shenandoah's "Cycles" beans time concurrent work. */
    static boolean pauses(String collector) {
        return collector != null && !collector.endsWith(" Cycles");
    }

    /** Its counters now; {@code null} when it does not answer (gone, or stopping). */
    public Gauge read() {
        Long bytes = allocated();
        try {
            long pause = 0;
            long count = 0;
            for (ObjectName collector : pausing) {
                AttributeList values = server.getAttributes(collector, GC_ATTRIBUTES);
                for (Attribute value : values.asList()) {
                    long n = ((Number) value.getValue()).longValue();
                    if (n < 0) {
                        continue;
                    }
                    if (value.getName().equals("CollectionCount")) {
                        count += n;
                    } else {
                        pause += n;
                    }
                }
            }
            return new Gauge(bytes, pause, count);
        } catch (Exception e) {
            return null;
        }
    }

    /** Every thread's allocation so far; {@code null} where the JVM does not count it (before Java 14, or switched off). */
    private Long allocated() {
        try {
            long bytes = ((Number) server.getAttribute(THREADING, "TotalThreadAllocatedBytes")).longValue();
            return bytes < 0 ? null : bytes;
        } catch (Exception e) {
            return null;
        }
    }

    /**
     * Asks for a full collection ({@code MemoryMXBean.gc()}, which returns once it is done) and reads
     * the heap it left and the process's resident memory; {@code null} when the JVM does not answer,
     * or ran no collection (explicit collections switched off, {@code -XX:+DisableExplicitGC}).
     */
    public Rest atRest() {
        try {
            MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
            Gauge before = read();
            memory.gc();
            Gauge after = read();
            if (before == null || after == null || after.collections() == before.collections()) {
                return null;
            }
            long heap = memory.getHeapMemoryUsage().getUsed();
            OSProcess process = new SystemInfo().getOperatingSystem().getProcess((int) pid);
            return new Rest(heap, process == null ? null : process.getResidentSetSize());
        } catch (Exception e) {
            return null;
        }
    }

    /** Its heap now; {@code null} when it does not answer. */
    public java.lang.management.MemoryUsage heap() {
        try {
            return ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class)
                    .getHeapMemoryUsage();
        } catch (Exception e) {
            return null;
        }
    }

    /** When the JVM started, in epoch ms by its own clock ({@code RuntimeMXBean.getStartTime}); {@code null} when it does not answer. */
    public Long startedAtMillis() {
        try {
            return ((Number) server.getAttribute(name(ManagementFactory.RUNTIME_MXBEAN_NAME), "StartTime")).longValue();
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException e) {
            // the target is stopping anyway
        }
    }

    private static ObjectName name(String name) {
        try {
            return new ObjectName(name);
        } catch (javax.management.MalformedObjectNameException e) {
            throw new IllegalArgumentException(name, e);
        }
    }
}
