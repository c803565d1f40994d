package containerbench.jetty;

import containerbench.launcher.Application;
import containerbench.launcher.Container;
import containerbench.launcher.Knob;
import containerbench.launcher.Transport;
import containerbench.launcher.Users;
import containerbench.servlet.LoginServlet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.webapp.WebAppContext;
import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.security.HashLoginService;
import org.eclipse.jetty.security.UserStore;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Jetty;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.security.Password;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The login servlet (or a user's WAR, in an ee10 {@code WebAppContext}) on embedded Eclipse Jetty
 * 12.1 with the ee10 servlet handler (Servlet 6.0),
 * one HTTP/1.1 connector; knobs named as Jetty's QueuedThreadPool and ServerConnector name them.
 */
public final class JettyTarget implements Container {

    private static final List<Knob> KNOBS = List.of(
            // The study's thread and backlog settings, as with Tomcat's maxThreads and acceptCount.
            Knob.integer("maxThreads", 512, 1, "threads of the QueuedThreadPool (Jetty's default 200)").as("threads"),
            Knob.integer("minThreads", null, 1, "threads kept alive when idle"),
            Knob.integer("acceptQueueSize", 512, 1, "listen backlog, capped by net.core.somaxconn (Jetty's default: the JVM's 50)").as("backlog"),
            Knob.integer("idleTimeout", 30000, 1, "ms a connection may stay idle (the study's connectionTimeout)").as("idleTimeout"),
            Knob.bool("virtualThreads", false, "run requests on virtual threads (a Java 21+ target JVM)").as("virtualThreads"),
            Transport.knob());

    /** The HTTP2ServerConnectionFactory's settings, with --http h2 (jetty-http2.xml's jetty.http2.* properties). */
    private static final List<Knob> H2_KNOBS = List.of(
            Knob.integer("maxConcurrentStreams", null, 1, "HTTP/2 streams a client may open at once on a connection"
                    + " (Jetty's default 128)").as("h2Streams"),
            Knob.integer("initialStreamRecvWindow", null, 1, "HTTP/2 flow-control window of each stream in bytes"
                    + " (Jetty's default 524288)").as("h2Window"),
            Knob.integer("initialSessionRecvWindow", null, 1, "HTTP/2 flow-control window of the connection in bytes"
                    + " (Jetty's default 1048576)"));

    private static final List<Knob> ALL_KNOBS = Stream.concat(KNOBS.stream(), H2_KNOBS.stream()).toList();

    @Override
    public String name() {
        return "jetty";
    }

    @Override
    public String version() {
        return Jetty.VERSION;
    }

    @Override
    public List<Knob> knobs() {
        return ALL_KNOBS;
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
        return start(host, port, knobs, application, Transport.CLEARTEXT);
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application, Transport transport)
            throws Exception {
        QueuedThreadPool pool = new QueuedThreadPool(Integer.parseInt(knobs.get("maxThreads")));
        if (knobs.containsKey("minThreads")) {
            pool.setMinThreads(Integer.parseInt(knobs.get("minThreads")));
        }
        if (Boolean.parseBoolean(knobs.get("virtualThreads"))) {
            if (!VirtualThreads.areSupported()) {
                throw new IllegalArgumentException("--virtualThreads needs a Java 21+ target JVM; this one is Java "
                        + Runtime.version().feature() + " (set -Dtarget.java to a newer java)");
            }
            pool.setVirtualThreadsExecutor(VirtualThreads.getDefaultVirtualThreadsExecutor());
        }
        org.eclipse.jetty.server.Server server = new org.eclipse.jetty.server.Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        // Jetty alone sends "Server: Jetty(12...)": off, so every container sends the same headers.
        http.setSendServerVersion(false);
        transport.refuseUnlessH2(knobs, H2_KNOBS);
        ServerConnector connector = new ServerConnector(server, connectionFactories(http, transport, knobs));
        connector.setHost(host);
        connector.setPort(port);
        connector.setAcceptQueueSize(Integer.parseInt(knobs.get("acceptQueueSize")));
        connector.setIdleTimeout(Long.parseLong(knobs.get("idleTimeout")));
        server.addConnector(connector);
        if (application instanceof Application.War war) {
            WebAppContext webapp = new WebAppContext();
            webapp.setContextPath(war.contextPath().isEmpty() ? "/" : war.contextPath());
            webapp.setWar(war.file().toString());
            // Jetty otherwise logs a failed application and serves on without it.
            webapp.setThrowUnavailableOnStartupException(true);
            webapp.getSecurityHandler().setLoginService(loginService(war.users()));
            server.setHandler(webapp);
        } else {
            ServletContextHandler context = new ServletContextHandler("/");
            context.addServlet(LoginServlet.class, LoginServlet.PATH);
            server.setHandler(context);
        }
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new Server() {
            @Override
            public int port() {
                return connector.getLocalPort();
            }

            @Override
            public Map<String, String> effectiveSettings() {
                Map<String, String> effective = new LinkedHashMap<>();
                effective.put("maxThreads", Integer.toString(pool.getMaxThreads()));
                effective.put("minThreads", Integer.toString(pool.getMinThreads()));
                effective.put("acceptQueueSize", Integer.toString(connector.getAcceptQueueSize()));
                effective.put("idleTimeout", Long.toString(connector.getIdleTimeout()));
                effective.put("virtualThreads", Boolean.toString(pool.getVirtualThreadsExecutor() != null));
                effective.put(Transport.KNOB, transport.http());
                HTTP2ServerConnectionFactory h2 = connector.getConnectionFactory(HTTP2ServerConnectionFactory.class);
                if (h2 != null) {
                    effective.put("maxConcurrentStreams", Integer.toString(h2.getMaxConcurrentStreams()));
                    effective.put("initialStreamRecvWindow", Integer.toString(h2.getInitialStreamRecvWindow()));
                    effective.put("initialSessionRecvWindow", Integer.toString(h2.getInitialSessionRecvWindow()));
                }
                return effective;
            }

            @Override
            public void close() throws Exception {
                server.stop();
            }
        };
    }

    /**
     * What the connector speaks, as jetty-ssl.xml, jetty-alpn.xml and jetty-http2.xml put it together:
     * TLS from the run's key store, then ALPN choosing h2 before HTTP/1.1 (Jetty picks the first
     * protocol of its own list that the client offers). The request customizer checks SNI against
     * the certificate, whose names include 127.0.0.1 and localhost.
     */
    private static ConnectionFactory[] connectionFactories(HttpConfiguration http, Transport transport, Map<String, String> knobs) {
        if (!transport.tls()) {
            return new ConnectionFactory[] {new HttpConnectionFactory(http)};
        }
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setKeyStorePath(transport.keyStore().toString());
        ssl.setKeyStorePassword(transport.password());
        ssl.setKeyStoreType("PKCS12");
        HttpConfiguration https = new HttpConfiguration(http);
        https.addCustomizer(new SecureRequestCustomizer());
        HttpConnectionFactory h1 = new HttpConnectionFactory(https);
        if (!transport.h2()) {
            return new ConnectionFactory[] {new SslConnectionFactory(ssl, h1.getProtocol()), h1};
        }
        ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory("h2", h1.getProtocol());
        alpn.setDefaultProtocol(h1.getProtocol());
        HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(https);
        if (knobs.containsKey("maxConcurrentStreams")) {
            h2.setMaxConcurrentStreams(Integer.parseInt(knobs.get("maxConcurrentStreams")));
        }
        if (knobs.containsKey("initialStreamRecvWindow")) {
            h2.setInitialStreamRecvWindow(Integer.parseInt(knobs.get("initialStreamRecvWindow")));
        }
        if (knobs.containsKey("initialSessionRecvWindow")) {
            h2.setInitialSessionRecvWindow(Integer.parseInt(knobs.get("initialSessionRecvWindow")));
        }
        return new ConnectionFactory[] {new SslConnectionFactory(ssl, alpn.getProtocol()), alpn, h2, h1};
    }

    /**
     * The WAR's users (--users) as the login service of its own security handler: set there, it
     * serves whatever realm name web.xml gives, and with no users it still refuses a protected
     * request with 401, where no login service at all fails the deployment ("No LoginService").
     */
    private static HashLoginService loginService(List<Users.User> users) {
        UserStore store = new UserStore();
        users.forEach(user -> store.addUser(user.name(), new Password(user.password()), user.roles().toArray(String[]::new)));
        HashLoginService service = new HashLoginService("container-bench");
        // Without a store of its own it would look for a realm file and fail without one.
        service.setUserStore(store);
        return service;
    }
}
