package containerbench.boot;

import containerbench.launcher.Knob;
import containerbench.launcher.Transport;
import io.undertow.Version;
import java.util.List;
import java.util.Map;

/**
 * Boot's embedded Undertow ({@code spring-boot-starter-undertow}, Boot 3.5 and older: Boot 4 dropped
 * it), its knobs Boot's {@code server.undertow.*} properties; the backlog is an XNIO socket option,
 * which Boot sets from {@code server.undertow.options.socket.*}. Unlike embedded Undertow here, Boot
 * leaves Undertow's {@code ALWAYS_SET_KEEP_ALIVE} on and its request parse timeout off, as a Boot service does.
 */
public abstract class BootUndertow extends BootTarget {

    private static final List<Knob> KNOBS = List.of(
            // The study's settings: 512 threads, a backlog of 512, 30 s.
            Knob.integer("server.undertow.threads.worker", 512, 1, "worker threads that run requests (Boot's default: 8 per I/O"
                    + " thread)").as("threads"),
            Knob.integer("server.undertow.options.socket.BACKLOG", 512, 1, "listen backlog, capped by net.core.somaxconn"
                    + " (Undertow's default 1000)").as("backlog"),
            Knob.integer("server.undertow.no-request-timeout", 30000, 1, "ms an idle connection waits for a request before it"
                    + " is closed (Undertow's default: no timeout)").as("idleTimeout"),
            // Boot sets no REQUEST_PARSE_TIMEOUT: a client that stalls inside its headers holds its
            // connection for good (no-request-timeout counts only between requests). Left as Boot ships it.
            Knob.integer("server.undertow.options.server.REQUEST_PARSE_TIMEOUT", null, 1, "ms a request may take to arrive"
                    + " whole (Boot's default: no limit)"),
            Knob.integer("server.undertow.threads.io", null, 1, "non-blocking I/O threads (Boot's default: max(2, cores))"),
            Transport.knob());

    protected BootUndertow(String name) {
        super(name, "Undertow", KNOBS, Map.of("server.undertow.threads.io", Integer.toString(Math.max(2, Runtime.getRuntime().availableProcessors()))));
    }

    @Override
    protected String serverVersion() {
        return Version.getVersionString();
    }
}
