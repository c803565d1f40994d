package containerbench.undertow;

import containerbench.launcher.Application;
import containerbench.launcher.Container;
import containerbench.launcher.Knob;
import containerbench.launcher.Transport;
import containerbench.servlet.LoginServlet;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.Version;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.xnio.Options;

/**
 * The login servlet on embedded Undertow, the web container of WildFly, deployed through
 * Undertow's servlet API as WildFly deploys a WAR; knobs named as Undertow's builder names them.
 */
public class UndertowTarget implements Container {

    private static final List<Knob> KNOBS = List.of(
            Knob.integer("ioThreads", null, 1, "non-blocking I/O threads (Undertow's default: max(2, cores))"),
            // The study's thread and backlog settings, as with Tomcat's maxThreads and acceptCount.
            Knob.integer("workerThreads", 512, 1, "blocking worker threads that run servlets (Undertow's default 8 per I/O thread)").as("threads"),
            Knob.integer("backlog", 512, 1, "listen backlog, capped by net.core.somaxconn (Undertow's default 1000)").as("backlog"),
            // The study's connectionTimeout, under Undertow's name; Undertow's default is no timeout.
            Knob.integer("noRequestTimeout", 30000, 1, "ms an idle connection waits for a request before it is closed").as("idleTimeout"),
            // Tomcat's connectionTimeout also bounds a request whose headers stall; Undertow splits
            // that out and by default waits forever, so one slow client holds a connection open.
            Knob.integer("requestParseTimeout", 30000, 1, "ms a request may take to arrive whole (Undertow's default: no limit)"),
            // Tomcat refuses request headers over 8 KiB (maxHttpHeaderSize); Undertow takes up to 1 MiB.
            // The same limit on both, so that neither answers what the other refuses.
            Knob.integer("maxHeaderSize", 8192, 1024, "bytes of request line and headers accepted (Undertow's default 1 MiB)"),
            Transport.knob());

    /** Undertow's HTTP/2 SETTINGS options, with --http h2 (WildFly's http2-max-concurrent-streams, http2-initial-window-size). */
    private static final List<Knob> H2_KNOBS = List.of(
            Knob.integer("http2MaxConcurrentStreams", null, 1, "HTTP/2 streams a client may open at once on a connection"
                    + " (Undertow's default: unlimited, not announced)").as("h2Streams"),
            Knob.integer("http2InitialWindowSize", null, 1, "HTTP/2 flow-control window of each stream in bytes, the connection's"
                    + " staying 65535 (Undertow's default 65535)").as("h2Window"));

    private static final List<Knob> ALL_KNOBS = Stream.concat(KNOBS.stream(), H2_KNOBS.stream()).toList();

    private final String name;

    public UndertowTarget() {
        this("undertow");
    }

    /** The same launcher under another name: built on another servlet implementation (targets/undertow-ee). */
    protected UndertowTarget(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public String version() {
        return Version.getVersionString();
    }

    @Override
    public List<Knob> knobs() {
        return ALL_KNOBS;
    }

    @Override
    public boolean deploysWars() {
        return false;
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
        return start(host, port, knobs, application, Transport.CLEARTEXT);
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application, Transport transport)
            throws Exception {
        if (application instanceof Application.War) {
            // Undertow's servlet API takes servlets registered in code; parsing web.xml, annotations
            // and WEB-INF/lib is what WildFly adds on top of it, so a WAR here would be half a deployer.
            throw new IllegalArgumentException("embedded Undertow has no WAR deployer (it serves servlets registered in code);"
                    + " WildFly is Undertow's deployer: measure the WAR on wildfly");
        }
        DeploymentInfo deployment = Servlets.deployment()
                .setClassLoader(UndertowTarget.class.getClassLoader())
                .setContextPath("/")
                .setDeploymentName("login")
                .addServlet(Servlets.servlet("loginServlet", LoginServlet.class).addMapping(LoginServlet.PATH));
        DeploymentManager manager = Servlets.defaultContainer().addDeployment(deployment);
        manager.deploy();

        Undertow.Builder builder = Undertow.builder();
        if (transport.tls()) {
            // A whole SSLContext: the key-manager overload would pin the protocol to TLSv1.2.
            builder.addHttpsListener(port, host, transport.serverContext());
        } else {
            builder.addHttpListener(port, host);
        }
        transport.refuseUnlessH2(knobs, H2_KNOBS);
        if (knobs.containsKey("http2MaxConcurrentStreams")) {
            builder.setServerOption(UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, Integer.parseInt(knobs.get("http2MaxConcurrentStreams")));
        }
        if (knobs.containsKey("http2InitialWindowSize")) {
            builder.setServerOption(UndertowOptions.HTTP2_SETTINGS_INITIAL_WINDOW_SIZE, Integer.parseInt(knobs.get("http2InitialWindowSize")));
        }
        // Offered by ALPN over TLS only: on a cleartext listener the same option turns on h2c upgrades.
        builder.setServerOption(UndertowOptions.ENABLE_HTTP2, transport.h2())
                .setHandler(manager.start())
                .setWorkerThreads(Integer.parseInt(knobs.get("workerThreads")))
                .setSocketOption(Options.BACKLOG, Integer.parseInt(knobs.get("backlog")))
                .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, Integer.parseInt(knobs.get("noRequestTimeout")))
                .setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, Integer.parseInt(knobs.get("requestParseTimeout")))
                .setServerOption(UndertowOptions.MAX_HEADER_SIZE, Integer.parseInt(knobs.get("maxHeaderSize")))
                // Undertow adds "Connection: keep-alive" to every HTTP/1.1 response by default, which
                // Tomcat does not (HTTP/1.1 is persistent anyway): off, so both send the same bytes.
                .setServerOption(UndertowOptions.ALWAYS_SET_KEEP_ALIVE, false);
        if (knobs.containsKey("ioThreads")) {
            builder.setIoThreads(Integer.parseInt(knobs.get("ioThreads")));
        }
        Undertow undertow = builder.build();
        try {
            undertow.start();
        } catch (RuntimeException e) {
            manager.stop();
            manager.undeploy();
            throw e;
        }
        return new Server() {
            @Override
            public int port() {
                return ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
            }

            @Override
            public Map<String, String> effectiveSettings() {
                Map<String, String> effective = new LinkedHashMap<>();
                effective.put("ioThreads", Integer.toString(undertow.getWorker().getIoThreadCount()));
                effective.put("workerThreads", knobs.get("workerThreads"));
                effective.put("backlog", knobs.get("backlog"));
                effective.put("noRequestTimeout", knobs.get("noRequestTimeout"));
                effective.put("requestParseTimeout", knobs.get("requestParseTimeout"));
                effective.put("maxHeaderSize", knobs.get("maxHeaderSize"));
                effective.put(Transport.KNOB, transport.http());
                if (transport.h2()) {
                    // Undertow has no getters for its options: the value given, else its default (-1: unlimited).
                    effective.put("http2MaxConcurrentStreams", knobs.getOrDefault("http2MaxConcurrentStreams", "-1"));
                    effective.put("http2InitialWindowSize", knobs.getOrDefault("http2InitialWindowSize", "65535"));
                }
                return effective;
            }

            @Override
            public void close() throws Exception {
                undertow.stop();
                manager.stop();
                manager.undeploy();
            }
        };
    }
}
