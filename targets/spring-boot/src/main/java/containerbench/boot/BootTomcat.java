package containerbench.boot;

import containerbench.launcher.Knob;
import containerbench.launcher.Transport;
import java.util.List;
import java.util.Map;
import org.apache.catalina.util.ServerInfo;

/** Boot's embedded Tomcat ({@code spring-boot-starter-tomcat}), its knobs Boot's {@code server.tomcat.*} properties. */
public abstract class BootTomcat extends BootTarget {

    private static final List<Knob> KNOBS = List.of(
            // The study's settings, as on every container: 512 threads, a backlog of 512, 30 s.
            Knob.integer("server.tomcat.threads.max", 512, 1, "request-processing threads (Boot's default 200)").as("threads"),
            Knob.integer("server.tomcat.accept-count", 512, 1, "listen backlog, capped by net.core.somaxconn (Boot's default 100)")
                    .as("backlog"),
            Knob.integer("server.tomcat.connection-timeout", 30000, 1, "ms to wait for a request line after accepting"
                    + " (Boot's default: Tomcat's 60000)").as("idleTimeout"),
            Knob.integer("server.tomcat.threads.min-spare", null, 0, "threads kept alive when idle (Boot's default 10)"),
            Knob.integer("server.tomcat.max-connections", null, 1, "connections accepted before the backlog fills (Boot's default 8192)"),
            Knob.integer("server.tomcat.keep-alive-timeout", null, 1, "ms to wait for the next request on a kept-alive connection"
                    + " (Boot's default: the connection timeout)"),
            // As on every Tomcat target: Boot's 100 closes every connection after 100 requests,
            // where Undertow and Jetty keep it open.
            Knob.integer("server.tomcat.max-keep-alive-requests", -1, -1, "requests per connection before it is closed, -1"
                    + " unlimited (Boot's default 100)"),
            virtualThreads(),
            Transport.knob());

    protected BootTomcat(String name) {
        super(name, "Tomcat", KNOBS, Map.of("server.tomcat.threads.min-spare", "10", "server.tomcat.max-connections", "8192"));
    }

    @Override
    protected String serverVersion() {
        // "Apache Tomcat/11.0.22": getServerNumber() would pad it to four parts.
        return ServerInfo.getServerInfo().substring(ServerInfo.getServerInfo().indexOf('/') + 1);
    }
}
