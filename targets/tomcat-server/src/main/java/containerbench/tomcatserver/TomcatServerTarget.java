package containerbench.tomcatserver;

import containerbench.launcher.Application;
import containerbench.launcher.Knob;
import containerbench.launcher.ServerFiles;
import containerbench.launcher.ServerProcess;
import containerbench.launcher.StandaloneServer;
import containerbench.launcher.Transport;
import containerbench.launcher.Users;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The login WAR deployed as ROOT (or a user's WAR at its context path) on a standalone Tomcat 11, the distribution as Maven Central ships
 * it: a CATALINA_BASE of the run's own gets the distribution's conf/, a server.xml whose HTTP
 * connector carries the knobs under their server.xml names, and the WAR; {@code catalina.sh run}
 * starts it, as an administrator runs it in the foreground.
 */
public final class TomcatServerTarget extends StandaloneServer {

    private static final List<Knob> KNOBS = List.of(
            // The study's settings: maxThreads 512, acceptCount 512, connectionTimeout 30000, no lookups.
            Knob.integer("maxThreads", 512, 1, "request-processing threads (Tomcat's default 200)").as("threads"),
            Knob.integer("acceptCount", 512, 1, "listen backlog, capped by net.core.somaxconn (Tomcat's default 100)").as("backlog"),
            Knob.integer("connectionTimeout", 30000, 1, "ms to wait for a request line after accepting (server.xml's 20000)").as("idleTimeout"),
            Knob.bool("enableLookups", false, "reverse DNS lookup of each client"),
            Knob.integer("maxConnections", null, 1, "connections accepted before the backlog fills"),
            Knob.integer("keepAliveTimeout", null, 1, "ms to wait for the next request on a kept-alive connection"),
            // As on embedded Tomcat: Tomcat's 100 closes every connection after 100 requests, Undertow never does.
            Knob.integer("maxKeepAliveRequests", -1, -1, "requests per connection before it is closed, -1 unlimited (Tomcat's default 100)"),
            Transport.knob(),
            // Tomcat's own attribute takes a class name; these are its two implementations here.
            Knob.choice("sslImplementationName", null, List.of("jsse", "openssl"), "TLS implementation: jsse (the JVM's) or"
                    + " openssl (the system's OpenSSL through the FFM API, with OpenSSLLifecycleListener: a Java 22+ target JVM);"
                    + " Tomcat's default: OpenSSL when tomcat-native is installed, else JSSE").as("tls"));

    /** Each TLS implementation's class, for the connector's sslImplementationName. */
    private static final Map<String, String> TLS_IMPLEMENTATIONS = Map.of(
            "jsse", "org.apache.tomcat.util.net.jsse.JSSEImplementation",
            "openssl", "org.apache.tomcat.util.net.openssl.panama.OpenSSLImplementation");
    private static final String TLS_KNOB = "sslImplementationName";

    /** The attributes of the connector's {@code <UpgradeProtocol className="...Http2Protocol">}, with --http h2, as on embedded Tomcat. */
    private static final List<Knob> H2_KNOBS = List.of(
            Knob.integer("maxConcurrentStreams", null, 1, "HTTP/2 streams a client may open at once on a connection (Tomcat's default 100)")
                    .as("h2Streams"),
            Knob.integer("maxConcurrentStreamExecution", null, 1, "HTTP/2 streams of one connection run at once (Tomcat's default 20)"),
            Knob.integer("initialWindowSize", null, 1, "HTTP/2 flow-control window of each stream in bytes, which the connection's"
                    + " follows (Tomcat's default 65535)").as("h2Window"));

    /** Tomcat's own HTTP/2 settings where server.xml says nothing (Http2Protocol's defaults). */
    private static final Map<String, String> H2_DEFAULTS = Map.of("maxConcurrentStreams", "100", "maxConcurrentStreamExecution", "20",
            "initialWindowSize", "65535");

    private static final String HTTP2_PROTOCOL = "org.apache.coyote.http2.Http2Protocol";

    // Catalina deploys webapps/ before it opens the connector and logs the time its start took;
    // a WAR that fails leaves Tomcat running without it, and one of these lines in its log.
    private static final ServerProcess.Readiness DEPLOYED = new ServerProcess.Readiness.Logged("Server startup in",
            List.of("startup failed due to previous errors", "Error deploying web application archive",
                    "Error starting static Resources"), List.of("SEVERE"));

    public TomcatServerTarget() {
        super("tomcat-server", Stream.concat(KNOBS.stream(), H2_KNOBS.stream()).toList());
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
        return start(host, port, knobs, application, Transport.CLEARTEXT);
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application, Transport transport)
            throws Exception {
        transport.refuseUnlessH2(knobs, H2_KNOBS);
        transport.refuseUnlessTls(knobs, TLS_KNOB);
        if ("openssl".equals(knobs.get(TLS_KNOB)) && Runtime.version().feature() < 22) {
            throw new IllegalArgumentException("--" + TLS_KNOB + " openssl needs a Java 22+ target JVM (Tomcat reaches OpenSSL"
                    + " through its FFM API); this one is Java " + Runtime.version().feature() + " (set -Dtarget.java to a newer java)");
        }
        int listen = ServerProcess.freePort(host, port);
        files.require(name());
        Path home = files.home();
        Path base = ServerFiles.newBase(name(), dir -> {
            ServerFiles.copyTree(home.resolve("conf"), dir.resolve("conf"));
            for (String sub : List.of("logs", "temp", "work", "webapps")) {
                Files.createDirectories(dir.resolve(sub));
            }
            // ROOT: the servlet at /loginServlet, as on every embedded target.
            files.deploy(application, dir.resolve("webapps"));
            Path serverXml = dir.resolve("conf/server.xml");
            Document config = ServerFiles.readXml(serverXml);
            configure(config, host, listen, knobs, transport);
            ServerFiles.writeXml(config, serverXml);
            if (application instanceof Application.War war) {
                ServerFiles.writeXml(users(war.users()), dir.resolve("conf/tomcat-users.xml"));
            }
        });
        ServerProcess process = ServerProcess.start(List.of(home.resolve("bin/catalina.sh").toString(), "run"), base,
                Map.of("CATALINA_HOME", home.toString(), "CATALINA_BASE", base.toString(),
                        "JAVA_HOME", System.getProperty("java.home"), "JAVA_OPTS", ServerFiles.jvmOptions()),
                application instanceof Application.War ? DEPLOYED : new ServerProcess.Readiness.Login(host, listen, transport));
        Map<String, String> effective = new LinkedHashMap<>(knobs);
        // What Tomcat uses where server.xml says nothing.
        effective.putIfAbsent("maxConnections", "8192");
        effective.putIfAbsent("keepAliveTimeout", knobs.get("connectionTimeout"));
        effective.put(Transport.KNOB, transport.http());
        if (transport.tls()) {
            effective.putIfAbsent(TLS_KNOB, "jsse");
        }
        if (transport.h2()) {
            H2_DEFAULTS.forEach(effective::putIfAbsent);
            effective.put("http2KeepAliveTimeout", knobs.get("connectionTimeout"));
        }
        return process.serving(listen, effective, "Apache Tomcat " + version() + " in " + base, Map.of());
    }

    /**
     * The WAR's users (--users) in the file the distribution's server.xml reads them from, through its
     * UserDatabaseRealm ({@link #configure} takes it out of its LockOutRealm); with none, a file of no
     * users, as shipped, so a protected request is refused with 401.
     */
    static Document users(List<Users.User> users) throws Exception {
        Document document = ServerFiles.newXml(TOMCAT_USERS, "tomcat-users");
        Element root = document.getDocumentElement();
        root.setAttribute("version", "1.0");
        for (String role : Users.roles(users)) {
            Element element = document.createElementNS(TOMCAT_USERS, "role");
            element.setAttribute("rolename", role);
            root.appendChild(element);
        }
        for (Users.User user : users) {
            Element element = document.createElementNS(TOMCAT_USERS, "user");
            element.setAttribute("username", user.name());
            element.setAttribute("password", user.password());
            element.setAttribute("roles", String.join(",", user.roles()));
            root.appendChild(element);
        }
        return document;
    }

    private static final String TOMCAT_USERS = "http://tomcat.apache.org/xml";

    /**
     * server.xml as an administrator would set it for this benchmark: the shutdown port off, one
     * HTTP connector on the chosen address and port with the knobs, no access log (no target here
     * writes one), no lockout of users, and error pages without a stack trace or the server's version.
     * Over TLS the connector serves the run's key store by JSSE, as the distribution's commented-out
     * HTTPS connector does; with h2 it offers HTTP/2 by ALPN ({@link #secure}).
     */
    static void configure(Document config, String host, int port, Map<String, String> knobs, Transport transport) {
        Element server = config.getDocumentElement();
        server.setAttribute("port", "-1");
        List<Element> connectors = ServerFiles.elements(config, "Connector");
        for (Element connector : connectors.subList(1, connectors.size())) {
            connector.getParentNode().removeChild(connector);
        }
        Element connector = connectors.get(0);
        connector.removeAttribute("redirectPort");
        connector.setAttribute("protocol", "HTTP/1.1");
        connector.setAttribute("address", host);
        connector.setAttribute("port", Integer.toString(port));
        knobs.forEach((knob, value) -> {
            if (!knob.equals(Transport.KNOB) && !knob.equals(TLS_KNOB) && H2_KNOBS.stream().noneMatch(h2 -> h2.name().equals(knob))) {
                connector.setAttribute(knob, value);
            }
        });
        if (transport.tls()) {
            secure(connector, knobs, transport);
        }
        Element hostElement = ServerFiles.elements(config, "Host").get(0);
        hostElement.setAttribute("autoDeploy", "false");
        for (Element valve : ServerFiles.elements(config, "Valve")) {
            if (valve.getAttribute("className").endsWith("AccessLogValve")) {
                valve.getParentNode().removeChild(valve);
            }
        }
        // The LockOutRealm the distribution wraps around its user database locks a user out for 300 s after
        // 5 failed logins and takes two global locks on every authenticated request; no other container
        // here does either, so the user database is the engine's realm itself.
        for (Element realm : ServerFiles.elements(config, "Realm")) {
            if (realm.getAttribute("className").endsWith(".LockOutRealm")) {
                Element inner = ServerFiles.elements(config, "Realm").stream().filter(r -> r.getParentNode() == realm).findFirst()
                        .orElseThrow(() -> new IllegalStateException("server.xml's LockOutRealm wraps no realm"));
                realm.getParentNode().replaceChild(inner, realm);
            }
        }
        Element errors = config.createElementNS(server.getNamespaceURI(), "Valve");
        errors.setAttribute("className", "org.apache.catalina.valves.ErrorReportValve");
        errors.setAttribute("showReport", "false");
        errors.setAttribute("showServerInfo", "false");
        hostElement.appendChild(errors);
    }

    /**
     * The connector's TLS, as server.xml's documentation writes it: an {@code <SSLHostConfig>} whose
     * certificate is the run's key store; with h2, an {@code <UpgradeProtocol>} for HTTP/2 with the
     * settings given, and its idle timeout (the protocol's own keepAliveTimeout, 20 s) following
     * connectionTimeout, as on embedded Tomcat. The implementation is named, JSSE unless OpenSSL is
     * asked for, so that a tomcat-native library on the machine does not choose it; OpenSSL gets the
     * listener that loads it (commented out in the distribution's server.xml), and a connector
     * that cannot use it fails its start rather than falling back to JSSE.
     */
    private static void secure(Element connector, Map<String, String> knobs, Transport transport) {
        Document config = connector.getOwnerDocument();
        String namespace = connector.getNamespaceURI();
        String tls = knobs.getOrDefault(TLS_KNOB, "jsse");
        connector.setAttribute(TLS_KNOB, TLS_IMPLEMENTATIONS.get(tls));
        if (tls.equals("openssl")) {
            // In the place of the one for tomcat-native, as its documentation says it replaces it.
            Element apr = ServerFiles.elements(config, "Listener").stream()
                    .filter(listener -> listener.getAttribute("className").endsWith(".AprLifecycleListener")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("server.xml has no AprLifecycleListener to replace"));
            apr.setAttribute("className", "org.apache.catalina.core.OpenSSLLifecycleListener");
        }
        connector.setAttribute("SSLEnabled", "true");
        connector.setAttribute("scheme", "https");
        connector.setAttribute("secure", "true");
        if (transport.h2()) {
            Element h2 = config.createElementNS(namespace, "UpgradeProtocol");
            h2.setAttribute("className", HTTP2_PROTOCOL);
            h2.setAttribute("keepAliveTimeout", knobs.get("connectionTimeout"));
            H2_KNOBS.stream().filter(knob -> knobs.containsKey(knob.name()))
                    .forEach(knob -> h2.setAttribute(knob.name(), knobs.get(knob.name())));
            connector.appendChild(h2);
        }
        Element host = config.createElementNS(namespace, "SSLHostConfig");
        Element certificate = config.createElementNS(namespace, "Certificate");
        certificate.setAttribute("certificateKeystoreFile", transport.keyStore().toString());
        certificate.setAttribute("certificateKeystorePassword", transport.password());
        certificate.setAttribute("certificateKeystoreType", "PKCS12");
        certificate.setAttribute("certificateKeyAlias", Transport.ALIAS);
        host.appendChild(certificate);
        connector.appendChild(host);
    }
}
