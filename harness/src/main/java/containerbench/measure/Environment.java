package containerbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * The machine a run was measured on, and the limits that silently cap a run: open files per
 * process (two sockets per user when both ends are local), the listen backlog cap, the ephemeral
 * port range, and which CPUs each side may use.
 *
 * @param targetOpenFilesLimit the target JVM's open-files limit; {@code null} for a target elsewhere (-1 before schema 17)
 * @param somaxconn Linux caps every listen backlog here, whatever acceptCount or backlog says; {@code null} if unknown
 * @param injectorCpus the CPUs the Gatling JVM may run on, for example {@code 0,1}
 * @param targetCpus the CPUs the target JVM may run on, or {@code null} for a target elsewhere
 */
public record Environment(String os, String cpu, int logicalCpus, long memoryMib, long injectorOpenFilesLimit,
        Long targetOpenFilesLimit, Integer somaxconn, String ephemeralPorts, String injectorCpus, String targetCpus) {

    /** @param targetPid the target's JVM; {@code null} for a target started elsewhere */
    public static Environment collect(Long targetPid) {
        SystemInfo system = new SystemInfo();
        OperatingSystem os = system.getOperatingSystem();
        CentralProcessor processor = system.getHardware().getProcessor();
        OSProcess injector = os.getCurrentProcess();
        OSProcess target = targetPid != null ? os.getProcess(targetPid.intValue()) : null;
        return new Environment(os.toString(), processor.getProcessorIdentifier().getName(),
                processor.getLogicalProcessorCount(), system.getHardware().getMemory().getTotal() / (1024 * 1024),
                injector.getSoftOpenFileLimit(), target == null ? null : target.getSoftOpenFileLimit(),
                sysctl("net/core/somaxconn").map(Integer::parseInt).orElse(null),
                sysctl("net/ipv4/ip_local_port_range").map(range -> range.replaceAll("\\s+", "-")).orElse(null),
                cpus(injector.getAffinityMask()), target == null ? null : cpus(target.getAffinityMask()));
    }

    /** The CPUs both the target and Gatling may run on (they take CPU from each other there); none for a target elsewhere. */
    public java.util.SortedSet<String> sharedCpus() {
        java.util.SortedSet<String> shared = new java.util.TreeSet<>();
        if (targetCpus != null && injectorCpus != null) {
            shared.addAll(java.util.List.of(targetCpus.split(",")));
            shared.retainAll(java.util.List.of(injectorCpus.split(",")));
        }
        return shared;
    }

    private static java.util.Optional<String> sysctl(String name) {
        try {
            // One line: Files.readString trusts the size procfs reports and may stop short.
            try (var reader = Files.newBufferedReader(Path.of("/proc/sys", name))) {
                return java.util.Optional.ofNullable(reader.readLine()).map(String::trim);
            }
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    private static String cpus(long mask) {
        return LongStream.range(0, 64).filter(cpu -> (mask >>> cpu & 1) == 1).mapToObj(Long::toString)
                .collect(Collectors.joining(","));
    }
}
