package containerbench.launch;

import containerbench.settings.CpuLimit;
import containerbench.settings.SettingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Linux cgroup a target runs in, under its {@link CpuLimit}: cgroup v2's {@code cpu.max} where the
 * machine mounts v2 with the cpu controller, else v1's {@code cpu.cfs_quota_us} and
 * {@code cpu.cfs_period_us}. The target joins it before its JVM starts (through a shell that
 * writes its own pid into the cgroup, then becomes the target), so that the JIT's first seconds
 * are limited as the rest are. Closing it removes the cgroup once the target is gone.
 */
public final class Cgroup implements AutoCloseable {

    private static final Path CGROUP = Path.of("/sys/fs/cgroup");

    private final Path directory;
    private final String controller;

    private Cgroup(Path directory, String controller) {
        this.directory = directory;
        this.controller = controller;
    }

    /**
     * A new cgroup named {@code name} with the limit set; fails naming every place it tried and why.
     *
     * @param option the setting as the user wrote it ({@code -Dtarget.cpuLimit}), for the message
     */
    public static Cgroup create(CpuLimit limit, String name, String option) {
        String problems = "";
        Path v2 = CGROUP.resolve("cgroup.controllers");
        if (Files.isRegularFile(v2)) {
            try {
                if (!Files.readString(v2).contains("cpu")) {
                    throw new IOException("the cpu controller is not available");
                }
                if (!Files.readString(CGROUP.resolve("cgroup.subtree_control")).contains("cpu")) {
                    Files.writeString(CGROUP.resolve("cgroup.subtree_control"), "+cpu");
                }
                Path dir = Files.createDirectories(CGROUP.resolve(name));
                Files.writeString(dir.resolve("cpu.max"), limit.quotaMicros() + " " + limit.periodMicros());
                return new Cgroup(dir, "cgroup v2 cpu.max");
            } catch (IOException | RuntimeException e) {
                problems += "cgroup v2 at " + CGROUP + ": " + e.getMessage() + "; ";
            }
        }
        for (Path v1 : List.of(CGROUP.resolve("cpu"), CGROUP.resolve("cpu,cpuacct"))) {
            if (Files.isRegularFile(v1.resolve("cpu.cfs_quota_us"))) {
                try {
                    Path dir = Files.createDirectories(v1.resolve(name));
                    Files.writeString(dir.resolve("cpu.cfs_period_us"), Long.toString(limit.periodMicros()));
                    Files.writeString(dir.resolve("cpu.cfs_quota_us"), Long.toString(limit.quotaMicros()));
                    return new Cgroup(dir, "cgroup v1 cpu.cfs_quota_us");
                } catch (IOException | RuntimeException e) {
                    problems += "cgroup v1 at " + v1 + ": " + e + "; ";
                }
            }
        }
        throw new SettingException(option + " needs a cgroup CPU controller this user may"
                + " write (cgroup v2 cpu.max, or v1 cpu.cfs_quota_us): " + (problems.isEmpty()
                        ? "neither is mounted under " + CGROUP : problems.substring(0, problems.length() - 2))
                + ". Run as root, or in a cgroup delegated to this user.");
    }

    /** What to put before the target's command: a shell that joins the cgroup, then runs it in its place. */
    public List<String> prefix() {
        return List.of("sh", "-c", "echo $$ > \"$0\" && exec \"$@\"", directory.resolve("cgroup.procs").toString());
    }

    /** Which interface set the quota. */
    public String controller() {
        return controller;
    }

    /**
     * The kernel's throttling counters for the cgroup so far: periods, throttled periods, and the
     * time it was held back in microseconds; empty when they cannot be read.
     */
    public Map<String, Long> throttling() {
        Map<String, Long> stat = new TreeMap<>();
        try {
            for (String line : Files.readAllLines(directory.resolve("cpu.stat"))) {
                String[] parts = line.trim().split("\\s+");
                switch (parts[0]) {
                    case "nr_periods" -> stat.put("periods", Long.parseLong(parts[1]));
                    case "nr_throttled" -> stat.put("throttledPeriods", Long.parseLong(parts[1]));
                    // v1 counts nanoseconds, v2 microseconds.
                    case "throttled_time" -> stat.put("throttledMicros", Long.parseLong(parts[1]) / 1000);
                    case "throttled_usec" -> stat.put("throttledMicros", Long.parseLong(parts[1]));
                    default -> { }
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return stat;
    }

    /** Removes the cgroup, which the kernel allows once no process is left in it. */
    @Override
    public void close() {
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                Files.deleteIfExists(directory);
                return;
            } catch (IOException stillInUse) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
