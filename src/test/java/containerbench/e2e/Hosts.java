package containerbench.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the end-to-end tests put a target or an injector, as if each were a machine of its own: this
 * machine's loopback, or network namespaces ({@code ip netns}, root only), each with an address of its
 * own on a bridge that only they share, so that requests, resource reports and the start instant go
 * over a network path (veth pairs and a bridge), not over 127.0.0.1. The traffic stays inside the
 * namespaces and the bridge this class made; closing removes all of them.
 */
interface Hosts extends AutoCloseable {

    /** This machine's loopback for every host. */
    Hosts LOOPBACK = new Hosts() {
        @Override
        public String address(int host) {
            return "127.0.0.1";
        }

        @Override
        public List<String> prefix(int host) {
            return List.of();
        }

        @Override
        public void close() {
        }
    };

    /** The address host {@code host} serves and is reached at. */
    String address(int host);

    /** What a command run on host {@code host} is prefixed with. */
    List<String> prefix(int host);

    @Override
    void close();

    /** Network namespaces, one per host, on a bridge of their own. */
    final class Namespaces implements Hosts {

        private final String tag;
        private final int count;

        private Namespaces(String tag, int count) {
            this.tag = tag;
            this.count = count;
        }

        /** Whether this machine lets a test make namespaces: root and iproute2's {@code ip}. */
        static boolean available() {
            return "root".equals(System.getProperty("user.name"))
                    && (Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")));
        }

        /**
         * {@code count} namespaces on a new bridge, host i at 10.252.X.(i + 2)/24. Names carry this
         * JVM's pid, so that two test JVMs never meet (interface names stay under Linux's 15 characters).
         */
        static Namespaces create(int count) throws IOException, InterruptedException {
            long pid = ProcessHandle.current().pid() % 100_000;
            Namespaces hosts = new Namespaces("cb" + pid, count);
            try {
                ip("link", "add", hosts.bridge(), "type", "bridge");
                ip("link", "set", hosts.bridge(), "up");
                for (int i = 0; i < count; i++) {
                    ip("netns", "add", hosts.namespace(i));
                    ip("link", "add", hosts.link(i), "type", "veth", "peer", "name", "eth0", "netns", hosts.namespace(i));
                    ip("link", "set", hosts.link(i), "master", hosts.bridge());
                    ip("link", "set", hosts.link(i), "up");
                    ip("netns", "exec", hosts.namespace(i), "ip", "addr", "add", hosts.address(i) + "/24", "dev", "eth0");
                    ip("netns", "exec", hosts.namespace(i), "ip", "link", "set", "eth0", "up");
                    ip("netns", "exec", hosts.namespace(i), "ip", "link", "set", "lo", "up");
                }
            } catch (IOException | RuntimeException e) {
                hosts.close();
                throw e;
            }
            return hosts;
        }

        @Override
        public String address(int host) {
            // A subnet per JVM, as its names are.
            return "10.252." + (ProcessHandle.current().pid() % 250) + "." + (host + 2);
        }

        @Override
        public List<String> prefix(int host) {
            return List.of("ip", "netns", "exec", namespace(host));
        }

        /** The bytes host {@code host} sent onto the bridge: what went over its link. */
        long bytesSent(int host) throws IOException {
            // The bridge's end of the pair receives what the namespace's end sends.
            return Long.parseLong(Files.readString(Path.of("/sys/class/net", link(host), "statistics/rx_bytes")).trim());
        }

        private String namespace(int host) {
            return tag + "-host" + host;
        }

        private String link(int host) {
            return tag + "v" + host;
        }

        private String bridge() {
            return tag + "br";
        }

        /** Every namespace, its link and the bridge, whatever of them exists. */
        @Override
        public void close() {
            for (int i = 0; i < count; i++) {
                quietly("link", "del", link(i));
                quietly("netns", "del", namespace(i));
            }
            quietly("link", "del", bridge());
        }

        private static void quietly(String... args) {
            try {
                run(args);
            } catch (IOException | InterruptedException e) {
                // already gone, or never made
            }
        }

        private static void ip(String... args) throws IOException, InterruptedException {
            String failed = run(args);
            if (failed != null) {
                throw new IOException("ip " + String.join(" ", args) + " failed: " + failed);
            }
        }

        /** {@code ip ARGS}; what it said on failure, {@code null} on success. */
        private static String run(String... args) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of("ip"));
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String said = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "no answer in 30 s";
            }
            return process.exitValue() == 0 ? null : said.strip();
        }
    }
}
