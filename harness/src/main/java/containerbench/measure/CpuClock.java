package containerbench.measure;

import java.lang.management.ManagementFactory;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/** CPU time used so far by a target's process (the kernel's accounting) and by this JVM, the injector. */
final class CpuClock {

    private final OperatingSystem os = new SystemInfo().getOperatingSystem();
    private final com.sun.management.OperatingSystemMXBean self =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final boolean childrenInject;

    /**
     * @param childrenInject whether this JVM's children send load (wrk): then their CPU is the injector's. Not
     *     otherwise: the targets this JVM launched are its children too, and their whole CPU would land on the
     *     injector's account in the block during which one is reaped.
     */
    CpuClock(boolean childrenInject) {
        this.childrenInject = childrenInject;
    }

    /** The process's user and system time in ms; {@code null} without a process, or when it is gone or not ours to read. */
    Long processMillis(Long pid) {
        OSProcess process = pid == null ? null : os.getProcess(pid.intValue());
        return process == null ? null : process.getUserTime() + process.getKernelTime();
    }

    /**
     * The injector's CPU so far: this JVM's, and with wrk its children's once they have ended (a wrk run
     * per block), which Linux adds to the parent that waited for them (/proc/self/stat's cutime and
     * cstime, in clock ticks of 10 ms).
     */
    long injectorNanos() {
        return self.getProcessCpuTime() + (childrenInject ? childrenNanos() : 0);
    }

    private static long childrenNanos() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            // After the command's name in parentheses: state is field 3, cutime 16 and cstime 17.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * 10_000_000L;
        } catch (java.io.IOException | RuntimeException notLinux) {
            return 0;
        }
    }
}
