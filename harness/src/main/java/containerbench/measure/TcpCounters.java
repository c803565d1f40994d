package containerbench.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The kernel's TCP counters that say why connections fail (Linux, /proc/net/netstat), machine-wide:
 * a listen queue that overflowed (the backlog was full), dropped SYNs, TCP timeouts, and SYN
 * retransmissions (a client waiting for an answer to its connect); and how many connections were
 * opened (/proc/net/snmp's ActiveOpens: a connect that got as far as its SYN), which says how the
 * load reused them. OSHI does not expose these.
 *
 * @param activeOpens {@code null} where /proc/net/snmp cannot be read, and in results older than schema 15
 */
public record TcpCounters(long listenOverflows, long listenDrops, long tcpTimeouts, long synRetransmits, Long activeOpens) {

    private static final Path NETSTAT = Path.of("/proc/net/netstat");
    private static final Path SNMP = Path.of("/proc/net/snmp");

    /** The counters now, or {@code null} where the kernel does not publish them. */
    public static TcpCounters read() {
        if (!Files.isReadable(NETSTAT)) {
            return null;
        }
        Map<String, Long> values = new HashMap<>();
        try {
            read(NETSTAT, "TcpExt:", values);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        try {
            read(SNMP, "Tcp:", values);
        } catch (IOException | RuntimeException e) {
            // Known without it: the failures' counters.
        }
        return new TcpCounters(values.getOrDefault("ListenOverflows", 0L), values.getOrDefault("ListenDrops", 0L),
                values.getOrDefault("TCPTimeouts", 0L), values.getOrDefault("TCPSynRetrans", 0L),
                values.get("ActiveOpens"));
    }

    /** The counters of {@code prefix}'s lines in {@code file}: pairs of lines, "TcpExt: Name1 Name2 ..." then "TcpExt: 1 2 ...". */
    private static void read(Path file, String prefix, Map<String, Long> values) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file)) {
            for (String names = in.readLine(), numbers = in.readLine(); names != null && numbers != null;
                    names = in.readLine(), numbers = in.readLine()) {
                String[] n = names.trim().split("\\s+");
                String[] v = numbers.trim().split("\\s+");
                if (n[0].equals(prefix)) {
                    for (int i = 1; i < Math.min(n.length, v.length); i++) {
                        values.put(n[i], Long.parseLong(v[i]));
                    }
                }
            }
        }
    }

    /** This and {@code other} together: two windows' counts. */
    public TcpCounters plus(TcpCounters other) {
        return new TcpCounters(listenOverflows + other.listenOverflows, listenDrops + other.listenDrops,
                tcpTimeouts + other.tcpTimeouts, synRetransmits + other.synRetransmits,
                activeOpens == null || other.activeOpens == null ? null : activeOpens + other.activeOpens);
    }

    /** What happened between {@code before} and this reading. */
    public TcpCounters since(TcpCounters before) {
        return new TcpCounters(listenOverflows - before.listenOverflows, listenDrops - before.listenDrops,
                tcpTimeouts - before.tcpTimeouts, synRetransmits - before.synRetransmits, activeOpens == null || before.activeOpens == null ? null
                : activeOpens - before.activeOpens);
    }
}
