package containerbench.boot;

import containerbench.launcher.Knob;
import containerbench.launcher.Transport;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.util.Jetty;

/**
 * Boot's embedded Jetty ({@code spring-boot-starter-jetty}), its knobs Boot's {@code server.jetty.*}
 * properties. Boot has none for Jetty's accept queue, so this target takes no {@code backlog}: its
 * connector listens with the JDK's default backlog (50), as a Boot service on Jetty does unless it
 * adds a customizer of its own.
 */
public abstract class BootJetty extends BootTarget {

    private static final List<Knob> KNOBS = List.of(
            // The study's settings where Boot has a property: 512 threads, 30 s.
            Knob.integer("server.jetty.threads.max", 512, 1, "request-processing threads (Boot's default 200)").as("threads"),
            Knob.integer("server.jetty.connection-idle-timeout", 30000, 1, "ms a connection may stay idle (Boot's default: Jetty's"
                    + " 30000)").as("idleTimeout"),
            Knob.integer("server.jetty.threads.min", null, 1, "threads kept alive when idle (Boot's default 8)"),
            Knob.integer("server.jetty.threads.acceptors", null, -1, "acceptor threads, -1 for Jetty's choice (Boot's default -1)"),
            Knob.integer("server.jetty.threads.selectors", null, -1, "selector threads, -1 for Jetty's choice (Boot's default -1)"),
            Knob.integer("server.jetty.max-connections", null, -1, "connections at once, -1 unlimited (Boot's default -1)"),
            virtualThreads(),
            Transport.knob());

    protected BootJetty(String name) {
        super(name, "Jetty", KNOBS, Map.of("server.jetty.threads.min", "8", "server.jetty.threads.acceptors", "-1",
                "server.jetty.threads.selectors", "-1", "server.jetty.max-connections", "-1"));
    }

    @Override
    protected String serverVersion() {
        return Jetty.VERSION;
    }
}
