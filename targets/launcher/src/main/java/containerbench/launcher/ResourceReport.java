package containerbench.launcher;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The target's own CPU time and memory, served on a port apart from the measured one, so that a
 * harness that did not start the target ({@code -Dtarget.url}, a pod) reads them at its block turns
 * as it reads {@code /proc} of a target it started. One GET of {@link #PATH}, answered on one thread
 * of its own from the kernel's accounting: nothing on the measured path. The scope is the target's
 * process tree (its JVM, and a standalone server's JVM under its launcher) or, in a container, its
 * cgroup: everything the pod's limit counts.
 */
public final class ResourceReport implements AutoCloseable {

    public static final String PATH = "/resources";

    /** What the figures cover. */
    public enum Scope {
        /** This JVM and every process under it, from {@code /proc}. */
        TREE,
        /** Every process of the cgroup this JVM runs in (v2, or v1's cpuacct and memory controllers). */
        CGROUP;

        /** As the option {@code --resources-scope} spells it. */
        public String spelled() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One reading.
     *
     * @param cpuNanos CPU time used so far, user and system, in ns; -1 where it cannot be read
     * @param rssBytes resident memory now, in bytes (a cgroup's anonymous memory, without its page cache); -1 where it
     *     cannot be read
     * @param pid this JVM's process id: a harness on the same machine can read it too
     * @param processes how many processes the figures cover (0 for a cgroup, which counts them all)
     */
    public record Reading(long cpuNanos, long rssBytes, Scope scope, long pid, int processes) {

        /** As the report serves it: one {@code key=value} a line. */
        public String text() {
            return "cpu.nanos=" + cpuNanos + "\nrss.bytes=" + rssBytes + "\nscope=" + scope.spelled() + "\npid=" + pid
                    + "\nprocesses=" + processes + "\n";
        }

        /** A reading from its text; an {@link IllegalArgumentException} naming what is missing or malformed. */
        public static Reading parse(String text) {
            Map<String, String> values = new LinkedHashMap<>();
            text.lines().filter(line -> line.contains("=")).forEach(line -> values.put(line.substring(0, line.indexOf('=')).trim(),
                    line.substring(line.indexOf('=') + 1).trim()));
            try {
                return new Reading(Long.parseLong(values.get("cpu.nanos")), Long.parseLong(values.get("rss.bytes")),
                        Scope.valueOf(values.get("scope").toUpperCase(Locale.ROOT)), Long.parseLong(values.get("pid")),
                        Integer.parseInt(values.get("processes")));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("not a resource report (cpu.nanos, rss.bytes, scope, pid, processes): "
                        + text.lines().findFirst().orElse("(empty)"));
            }
        }
    }

    // The kernel's clock ticks per second in /proc/<pid>/stat: USER_HZ, 100 on Linux whatever the kernel's own HZ.
    private static final long NANOS_PER_TICK = 10_000_000L;

    private final HttpServer server;

    private ResourceReport(HttpServer server) {
        this.server = server;
    }

    /** Serves the readings of {@code scope} on {@code host:port} (0 for any free port). */
    public static ResourceReport start(String host, int port, Scope scope) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 8);
        server.createContext(PATH, exchange -> {
            byte[] body = read(scope).text().getBytes(StandardCharsets.US_ASCII);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=us-ascii");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return new ResourceReport(server);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** A reading now. */
    public static Reading read(Scope scope) {
        long pid = ProcessHandle.current().pid();
        if (scope == Scope.CGROUP) {
            return new Reading(cgroupCpuNanos(), cgroupMemoryBytes(), scope, pid, 0);
        }
        List<Long> pids = new ArrayList<>(List.of(pid));
        ProcessHandle.current().descendants().forEach(child -> pids.add(child.pid()));
        // This JVM to the nanosecond; the processes under it to the tick, as /proc keeps them.
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        long rss = 0;
        for (long each : pids) {
            long[] figures = procStat(each);
            if (figures == null) {
                continue;
            }
            if (each != pid) {
                cpu = cpu < 0 || figures[0] < 0 ? -1 : cpu + figures[0];
            }
            rss = rss < 0 || figures[1] < 0 ? -1 : rss + figures[1];
        }
        return new Reading(cpu, rss, scope, pid, pids.size());
    }

    /** A process's CPU (ns, user and system) and resident memory (bytes, VmRSS); {@code null} once it has gone. */
    private static long[] procStat(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // The command name in parentheses may hold spaces: the fields start after its closing one.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            long rssKib = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                    .filter(line -> line.startsWith("VmRSS:")).mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
                    .findFirst().orElse(-1);
            return new long[] {ticks * NANOS_PER_TICK, rssKib < 0 ? -1 : rssKib * 1024};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long cgroupCpuNanos() {
        String v2 = cgroupFile(null, "cpu.stat");
        if (v2 != null) {
            return v2.lines().filter(line -> line.startsWith("usage_usec ")).mapToLong(line -> 1000 * Long.parseLong(line.substring(11).trim()))
                    .findFirst().orElse(-1);
        }
        String v1 = cgroupFile("cpuacct", "cpuacct.usage");
        return v1 == null ? -1 : Long.parseLong(v1.trim());
    }

    /** The cgroup's anonymous memory, what resident memory is to a process: its usage less the page cache it also counts. */
    private static long cgroupMemoryBytes() {
        String v2 = cgroupFile(null, "memory.stat");
        String stat = v2 != null ? v2 : cgroupFile("memory", "memory.stat");
        String key = v2 != null ? "anon " : "total_rss ";
        return stat == null ? -1 : stat.lines().filter(line -> line.startsWith(key))
                .mapToLong(line -> Long.parseLong(line.substring(key.length()).trim())).findFirst().orElse(-1);
    }

    /**
     * A file of this JVM's cgroup: of the unified hierarchy ({@code controller} null, {@code 0::/path}
     * in /proc/self/cgroup) or of a v1 controller's ({@code N:cpu,cpuacct:/path}); {@code null} where there is none.
     */
    private static String cgroupFile(String controller, String name) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                String[] parts = line.split(":", 3);
                boolean unified = controller == null && parts[0].equals("0") && parts[1].isEmpty();
                boolean ours = controller != null && List.of(parts[1].split(",")).contains(controller);
                if (unified || ours) {
                    // Inside a container's own cgroup namespace the path is / and its files are at the hierarchy's root.
                    Path file = Path.of("/sys/fs/cgroup", unified ? "" : parts[1]).resolve(parts[2].substring(1)).resolve(name);
                    return Files.exists(file) ? Files.readString(file) : null;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
