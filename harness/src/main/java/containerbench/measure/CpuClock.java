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

    /** The process's user and system time in ms, or -1 when it is gone or not ours to read. */
    long processMillis(long pid) {
        OSProcess process = pid < 0 ? null : os.getProcess((int) pid);
        return process == null ? -1 : process.getUserTime() + process.getKernelTime();
    }

    long injectorNanos() {
        return self.getProcessCpuTime();
    }
}
