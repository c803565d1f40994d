package containerbench.tomcat;

import containerbench.launcher.Application;
import containerbench.launcher.Container;
import containerbench.launcher.Knob;
import containerbench.launcher.Transport;
import containerbench.launcher.Users;
import containerbench.servlet.LoginServlet;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Principal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardThreadExecutor;
import org.apache.catalina.realm.GenericPrincipal;
import org.apache.catalina.realm.RealmBase;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.http2.Http2Protocol;
import org.apache.tomcat.util.IntrospectionUtils;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;

/**
 * The login servlet (or a user's WAR, deployed as {@code Tomcat.addWebapp} deploys one) on embedded
 * Apache Tomcat, one HTTP/1.1 connector, knobs named as the
 * {@code <Connector>} attributes of server.xml and set the way server.xml sets them.
 */
public final class TomcatTarget implements Container {

    private static final Map<String, String> PROTOCOLS = Map.of(
            "nio", "org.apache.coyote.http11.Http11NioProtocol",
            // Deprecated in Tomcat 11 and removed in Tomcat 12; kept to repeat the older studies.
            "nio2", "org.apache.coyote.http11.Http11Nio2Protocol");

    private static final List<Knob> KNOBS = List.of(
            Knob.choice("protocol", "nio", List.of("nio", "nio2"), "connector implementation"),
            // The study's settings: maxThreads 512, acceptCount 512, connectionTimeout 30000, no lookups.
            Knob.integer("maxThreads", 512, 1, "request-processing threads (Tomcat's default 200)").as("threads"),
            Knob.integer("acceptCount", 512, 1, "listen backlog, capped by net.core.somaxconn (Tomcat's default 100)").as("backlog"),
            Knob.integer("connectionTimeout", 30000, 1, "ms to wait for a request line after accepting (Tomcat's default 60000)").as("idleTimeout"),
            Knob.bool("enableLookups", false, "reverse DNS lookup of each client"),
            Knob.integer("maxConnections", null, 1, "connections accepted before the backlog fills"),
            Knob.integer("keepAliveTimeout", null, 1, "ms to wait for the next request on a kept-alive connection"),
            // Tomcat's default of 100 closes every connection after 100 requests, while Undertow and
            // Jetty keep it open: unlimited makes both containers serve the same connection pattern.
            Knob.integer("maxKeepAliveRequests", -1, -1, "requests per connection before it is closed, -1 unlimited (Tomcat's default 100)"),
            // The first study's "shared executor pool": a StandardThreadExecutor of the service
            // that the connector borrows, instead of the connector's own pool.
            Knob.choice("executor", "own", List.of("own", "shared"), "whose thread pool runs requests: the connector's or a shared StandardThreadExecutor"),
            Knob.bool("useVirtualThreads", false, "run requests on virtual threads (a Java 21+ target JVM)").as("virtualThreads"),
            Transport.knob());

    /** The attributes of server.xml's {@code <UpgradeProtocol className="...Http2Protocol">}, with --http h2. */
    private static final List<Knob> H2_KNOBS = List.of(
            Knob.integer("maxConcurrentStreams", null, 1, "HTTP/2 streams a client may open at once on a connection (Tomcat's default 100)")
                    .as("h2Streams"),
            Knob.integer("maxConcurrentStreamExecution", null, 1, "HTTP/2 streams of one connection run at once (Tomcat's default 20)"),
            Knob.integer("initialWindowSize", null, 1, "HTTP/2 flow-control window of each stream in bytes, which the connection's"
                    + " follows (Tomcat's default 65535)").as("h2Window"));

    private static final List<Knob> ALL_KNOBS = Stream.concat(KNOBS.stream(), H2_KNOBS.stream()).toList();

    /** Knobs applied by hand rather than as connector attributes. */
    private static final List<String> NOT_ATTRIBUTES = Stream.concat(Stream.of("protocol", "executor", Transport.KNOB),
            H2_KNOBS.stream().map(Knob::name)).toList();

    @Override
    public String name() {
        return "tomcat";
    }

    @Override
    public String version() {
        // "Apache Tomcat/11.0.27": getServerNumber() would pad it to four parts.
        return ServerInfo.getServerInfo().substring(ServerInfo.getServerInfo().indexOf('/') + 1);
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
        if (Boolean.parseBoolean(knobs.get("useVirtualThreads")) && Runtime.version().feature() < 21) {
            throw new IllegalArgumentException("--useVirtualThreads needs a Java 21+ target JVM; this one is Java "
                    + Runtime.version().feature() + " (set -Dtarget.java to a newer java)");
        }
        if (Boolean.parseBoolean(knobs.get("useVirtualThreads")) && "shared".equals(knobs.get("executor"))) {
            throw new IllegalArgumentException("--useVirtualThreads and --executor shared exclude each other:"
                    + " the shared StandardThreadExecutor runs platform threads");
        }
        Connector connector = new Connector(PROTOCOLS.get(knobs.get("protocol")));
        connector.setPort(port);
        set(connector, "address", host);
        for (Map.Entry<String, String> knob : knobs.entrySet()) {
            if (!NOT_ATTRIBUTES.contains(knob.getKey())) {
                set(connector, knob.getKey(), knob.getValue());
            }
        }
        transport.refuseUnlessH2(knobs, H2_KNOBS);
        Http2Protocol h2 = transport.h2() ? http2(knobs) : null;
        if (transport.tls()) {
            secure(connector, transport, h2);
        }
        Path baseDir = Files.createTempDirectory("tomcat-target");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        if ("shared".equals(knobs.get("executor"))) {
            StandardThreadExecutor shared = new StandardThreadExecutor();
            shared.setName("shared");
            shared.setMaxThreads(Integer.parseInt(knobs.get("maxThreads")));
            tomcat.getService().addExecutor(shared);
            connector.getProtocolHandler().setExecutor(shared);
        }
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        // Tomcat's default error page carries the exception and its stack trace, echoing parts of a
        // bad request; a target answers errors with the status and a bare page instead.
        ErrorReportValve errors = new ErrorReportValve();
        errors.setShowReport(false);
        errors.setShowServerInfo(false);
        tomcat.getHost().getPipeline().addValve(errors);
        StandardContext context;
        if (application instanceof Application.War war) {
            // Unpacked into the host's appBase, with Tomcat's default servlet and web.xml defaults.
            Files.createDirectories(baseDir.resolve("webapps"));
            context = (StandardContext) tomcat.addWebapp(war.contextPath(), war.file().toString());
            // The WAR's own realm, over the engine's default one (Tomcat.SimpleRealm), which caches each
            // user's principal in a plain HashMap from request threads on first login.
            context.setRealm(new UsersRealm(war.users()));
        } else {
            context = (StandardContext) tomcat.addContext("", null);
            Tomcat.addServlet(context, "loginServlet", new LoginServlet());
            context.addServletMappingDecoded(LoginServlet.PATH, "loginServlet");
        }
        // One context, never reloaded: the leak hunt at stop only warns without --add-opens.
        context.setClearReferencesRmiTargets(false);
        context.setClearReferencesThreadLocals(false);
        // Tomcat logs why an application fails and serves on without it: its first errors say why.
        List<String> severe = startKeepingErrors(tomcat);
        if (context.getState() != LifecycleState.STARTED) {
            tomcat.stop();
            tomcat.destroy();
            throw new IllegalStateException("the application did not start on Tomcat; its first errors:\n" + String.join("\n", severe));
        }
        if (connector.getState() != LifecycleState.STARTED || connector.getLocalPort() <= 0) {
            tomcat.stop();
            tomcat.destroy();
            // Tomcat logs the cause and carries on without the connector; a target without one is useless.
            throw new BindException("Tomcat's connector did not start on " + host + ":" + port + " (see its log above)");
        }
        return new Server() {
            @Override
            public int port() {
                return connector.getLocalPort();
            }

            @Override
            public Map<String, String> effectiveSettings() {
                Map<String, String> effective = new LinkedHashMap<>();
                effective.put("protocol", connector.getProtocolHandlerClassName());
                KNOBS.stream().filter(knob -> !NOT_ATTRIBUTES.contains(knob.name())).forEach(knob ->
                        effective.put(knob.name(), String.valueOf(IntrospectionUtils.getProperty(connector, knob.name()))));
                effective.put("executor", knobs.get("executor"));
                effective.put(Transport.KNOB, transport.http());
                if (h2 != null) {
                    effective.put("maxConcurrentStreams", Long.toString(h2.getMaxConcurrentStreams()));
                    effective.put("maxConcurrentStreamExecution", Integer.toString(h2.getMaxConcurrentStreamExecution()));
                    effective.put("initialWindowSize", Integer.toString(h2.getInitialWindowSize()));
                    effective.put("http2KeepAliveTimeout", Long.toString(h2.getKeepAliveTimeout()));
                }
                if ("shared".equals(knobs.get("executor"))) {
                    effective.put("maxThreads", knobs.get("maxThreads"));
                }
                return effective;
            }

            @Override
            public void close() throws Exception {
                tomcat.stop();
                tomcat.destroy();
                try (Stream<Path> files = Files.walk(baseDir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
                }
            }
        };
    }

    /**
     * TLS on the connector from the run's key store, by JSSE (Tomcat's OpenSSL needs its listener,
     * which this target does not add), as server.xml's {@code <SSLHostConfig>} sets it; with
     * {@code h2}, the HTTP/2 upgrade protocol, which Tomcat offers by ALPN before HTTP/1.1.
     */
    private static void secure(Connector connector, Transport transport, Http2Protocol h2) {
        set(connector, "SSLEnabled", "true");
        connector.setScheme("https");
        connector.setSecure(true);
        SSLHostConfig host = new SSLHostConfig();
        SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setCertificateKeystoreFile(transport.keyStore().toString());
        certificate.setCertificateKeystorePassword(transport.password());
        certificate.setCertificateKeystoreType("PKCS12");
        host.addCertificate(certificate);
        connector.addSslHostConfig(host);
        if (h2 != null) {
            connector.addUpgradeProtocol(h2);
        }
    }

    /**
     * HTTP/2 with the settings given, the rest Tomcat's own, but for its idle timeout: over h2 Tomcat
     * closes an idle connection after the protocol's keepAliveTimeout (20 s), not the connector's
     * connectionTimeout, so that the common idleTimeout holds over h2 as well.
     */
    private static Http2Protocol http2(Map<String, String> knobs) {
        Http2Protocol h2 = new Http2Protocol();
        h2.setKeepAliveTimeout(Long.parseLong(knobs.get("connectionTimeout")));
        if (knobs.containsKey("maxConcurrentStreams")) {
            h2.setMaxConcurrentStreams(Long.parseLong(knobs.get("maxConcurrentStreams")));
        }
        if (knobs.containsKey("maxConcurrentStreamExecution")) {
            h2.setMaxConcurrentStreamExecution(Integer.parseInt(knobs.get("maxConcurrentStreamExecution")));
        }
        if (knobs.containsKey("initialWindowSize")) {
            h2.setInitialWindowSize(Integer.parseInt(knobs.get("initialWindowSize")));
        }
        return h2;
    }

    /** The launcher's users (--users), their passwords as given, never changed once built: safe from any thread. */
    private static final class UsersRealm extends RealmBase {

        private final Map<String, String> passwords;
        private final Map<String, GenericPrincipal> principals;

        UsersRealm(List<Users.User> users) {
            passwords = users.stream().collect(Collectors.toUnmodifiableMap(Users.User::name, Users.User::password));
            principals = users.stream().collect(Collectors.toUnmodifiableMap(Users.User::name,
                    user -> new GenericPrincipal(user.name(), user.roles())));
        }

        @Override
        protected String getPassword(String username) {
            return passwords.get(username);
        }

        @Override
        protected Principal getPrincipal(String username) {
            return principals.get(username);
        }
    }

    /** Starts Tomcat, keeping the first SEVERE lines it logs meanwhile. */
    private static List<String> startKeepingErrors(Tomcat tomcat) throws Exception {
        List<String> severe = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public synchronized void publish(LogRecord record) {
                if (record.getLevel() == Level.SEVERE && severe.size() < 5) {
                    severe.add(new SimpleFormatter().formatMessage(record));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger.getLogger("").addHandler(handler);
        try {
            tomcat.start();
        } finally {
            Logger.getLogger("").removeHandler(handler);
        }
        return severe;
    }

    /** Sets an attribute as server.xml would, failing on a name Tomcat does not know. */
    private static void set(Connector connector, String name, String value) {
        if (!IntrospectionUtils.setProperty(connector, name, value)) {
            throw new IllegalArgumentException("Tomcat's connector does not accept the attribute " + name);
        }
    }
}
