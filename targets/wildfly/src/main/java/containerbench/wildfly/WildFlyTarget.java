package containerbench.wildfly;

import containerbench.launcher.Application;
import containerbench.launcher.Knob;
import containerbench.launcher.ServerFiles;
import containerbench.launcher.ServerProcess;
import containerbench.launcher.StandaloneServer;
import containerbench.launcher.Transport;
import containerbench.launcher.Users;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The login WAR deployed as ROOT.war (or a user's WAR under its context path's name) on WildFly 39, the distribution as Maven Central ships it, in
 * its default standalone configuration (standalone.xml: every subsystem it starts, the HTTPS
 * listener, the management interface): a server base directory of the run's own gets a copy of
 * {@code standalone/configuration} with the knobs written into the io worker and the Undertow
 * HTTP listener, and the WAR in its {@code deployments}; {@code standalone.sh} starts it, as an
 * administrator does, on ports chosen free for this run. Over TLS the target is the HTTPS listener,
 * whose key store becomes the run's and which takes the listener's knobs; HTTP/2 on it only for h2.
 */
public final class WildFlyTarget extends StandaloneServer {

    /** A knob and where standalone.xml keeps it: an attribute of the io worker or of the HTTP listener. */
    private record Attribute(String element, String name) {
    }

    private static final String WORKER = "worker";
    private static final String LISTENER = "http-listener";
    private static final String HTTPS_LISTENER = "https-listener";

    private static final Map<String, Attribute> ATTRIBUTES = Map.of(
            "taskMaxThreads", new Attribute(WORKER, "task-max-threads"),
            "ioThreads", new Attribute(WORKER, "io-threads"),
            "tcpBacklog", new Attribute(LISTENER, "tcp-backlog"),
            "noRequestTimeout", new Attribute(LISTENER, "no-request-timeout"),
            "requestParseTimeout", new Attribute(LISTENER, "request-parse-timeout"),
            "maxHeaderSize", new Attribute(LISTENER, "max-header-size"),
            "maxConnections", new Attribute(LISTENER, "max-connections"),
            "alwaysSetKeepAlive", new Attribute(LISTENER, "always-set-keep-alive"),
            "http2MaxConcurrentStreams", new Attribute(LISTENER, "http2-max-concurrent-streams"),
            "http2InitialWindowSize", new Attribute(LISTENER, "http2-initial-window-size"));

    private static final String TLS_KNOB = "sslProviders";

    private static final List<Knob> KNOBS = List.of(
            // The study's thread, backlog and timeout settings, under WildFly's names (camel-cased).
            Knob.integer("taskMaxThreads", 512, 1, "io worker task threads that run servlets, task-max-threads (WildFly's default 16 per core)").as("threads"),
            Knob.integer("ioThreads", null, 1, "io worker non-blocking I/O threads, io-threads (WildFly's default 2 per core)"),
            Knob.integer("tcpBacklog", 512, 1, "listen backlog, tcp-backlog, capped by net.core.somaxconn (WildFly's default 10000)").as("backlog"),
            Knob.integer("noRequestTimeout", 30000, 1, "ms an idle connection waits for a request, no-request-timeout (WildFly's default 60000)").as("idleTimeout"),
            Knob.integer("requestParseTimeout", null, 1, "ms a request may take to arrive whole, request-parse-timeout (WildFly's default: no limit; read-timeout 90000 still applies)"),
            // As on embedded Undertow: Tomcat refuses request headers over 8 KiB, WildFly takes 1 MiB.
            Knob.integer("maxHeaderSize", 8192, 1024, "bytes of request line and headers accepted, max-header-size (WildFly's default 1 MiB)"),
            Knob.integer("maxConnections", null, 1, "connections the HTTP listener accepts, max-connections (WildFly's default: no limit)"),
            // WildFly adds "Connection: keep-alive" to every HTTP/1.1 response; the other containers
            // do not (HTTP/1.1 is persistent anyway): off, so that every container sends the same bytes.
            Knob.bool("alwaysSetKeepAlive", false, "add Connection: keep-alive to every response, always-set-keep-alive (WildFly's default true)"),
            Transport.knob(),
            // The HTTPS listener's server-ssl-context takes its SSLContext from these providers: as shipped the JDK's.
            Knob.choice(TLS_KNOB, null, List.of("jsse", "openssl"), "TLS implementation, the server-ssl-context's providers:"
                    + " jsse (the JDK's, as shipped) or openssl (wildfly-openssl over the system's libssl)").as("tls"));

    /** The HTTPS listener's HTTP/2 settings, with --http h2, named as on embedded Undertow. */
    private static final List<Knob> H2_KNOBS = List.of(
            Knob.integer("http2MaxConcurrentStreams", null, 1, "HTTP/2 streams a client may open at once on a connection,"
                    + " http2-max-concurrent-streams (WildFly's default: Undertow's -1, no limit)").as("h2Streams"),
            Knob.integer("http2InitialWindowSize", null, 1, "HTTP/2 flow-control window of each stream in bytes,"
                    + " http2-initial-window-size (WildFly's default: Undertow's 65535)").as("h2Window"));

    // WildFly opens its HTTP port before it deploys, and logs WFLYSRV0025 once boot, deployments
    // included, is over; a deployment that fails logs WFLYCTL0013 (the deploy operation failed) and
    // the boot ends "with errors" (WFLYSRV0026).
    private static final ServerProcess.Readiness DEPLOYED = new ServerProcess.Readiness.Logged("WFLYSRV0025",
            List.of("WFLYCTL0013", "WFLYSRV0026"), List.of(" ERROR "));

    public WildFlyTarget() {
        super("wildfly", Stream.concat(KNOBS.stream(), H2_KNOBS.stream()).toList());
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
        if (application instanceof Application.War war) {
            war.requireOneSegment("WildFly", "a jboss-web.xml <context-root> in the WAR");
        }
        Ports ports = Ports.free(host, port, transport.tls());
        files.require(name());
        Path home = files.home();
        Path base = ServerFiles.newBase(name(), dir -> {
            ServerFiles.copyTree(home.resolve("standalone/configuration"), dir.resolve("configuration"));
            Files.createDirectories(dir.resolve("deployments"));
            // ROOT: the servlet at /loginServlet, as on every other target.
            files.deploy(application, dir.resolve("deployments"));
            Path standaloneXml = dir.resolve("configuration/standalone.xml");
            Document config = ServerFiles.readXml(standaloneXml);
            configure(config, knobs, transport);
            ServerFiles.writeXml(config, standaloneXml);
            if (application instanceof Application.War war) {
                writeUsers(war.users(), dir.resolve("configuration"));
            }
        });
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/standalone.sh").toString(),
                "-Djboss.server.base.dir=" + base, "-b", host, "-bmanagement", host));
        command.addAll(ports.properties());
        // standalone.conf puts JBOSS_JAVA_SIZING (its default -Xms64m -Xmx512m) first in the JVM's
        // options and keeps its other defaults; JAVA_OPTS would replace them all. The target's JVM
        // options (target.jvmArgs) take the sizing's place. WildFly colours its console log unless told not to.
        ServerProcess process = ServerProcess.start(command, base,
                Map.of("JBOSS_HOME", home.toString(), "JAVA_HOME", System.getProperty("java.home"),
                        "JBOSS_JAVA_SIZING", ServerFiles.jvmOptions() + " -Dorg.jboss.logmanager.nocolor=true"),
                application instanceof Application.War ? DEPLOYED : new ServerProcess.Readiness.Login(host, ports.served(), transport));
        Map<String, String> effective = new LinkedHashMap<>(knobs);
        // What WildFly uses where standalone.xml says nothing (WFLYIO001 logs the worker's).
        int cores = Runtime.getRuntime().availableProcessors();
        effective.putIfAbsent("ioThreads", Integer.toString(cores * 2));
        effective.putIfAbsent("requestParseTimeout", "none");
        effective.putIfAbsent("maxConnections", "unlimited");
        effective.put(Transport.KNOB, transport.http());
        if (transport.tls()) {
            effective.putIfAbsent(TLS_KNOB, "jsse");
        }
        if (transport.h2()) {
            effective.putIfAbsent("http2MaxConcurrentStreams", "-1");
            effective.putIfAbsent("http2InitialWindowSize", "65535");
        }
        return process.serving(ports.served(), effective, "WildFly " + version() + " in " + base, Map.of(
                "server.managementPort", Integer.toString(ports.management()), "server.httpPort", Integer.toString(ports.http()),
                "server.httpsPort", Integer.toString(ports.https())));
    }

    /**
     * The WAR's users (--users) in the files of the ApplicationRealm, which the default security
     * domain ("other") applies to a WAR that names none, as add-user.sh writes them: each password
     * as HEX(MD5(name:ApplicationRealm:password)), under the line that names the realm. With none,
     * files of no users, as shipped.
     */
    static void writeUsers(List<Users.User> users, Path configuration) throws Exception {
        List<String> passwords = new ArrayList<>(List.of("#$REALM_NAME=" + REALM + "$"));
        List<String> roles = new ArrayList<>();
        for (Users.User user : users) {
            byte[] digest = MessageDigest.getInstance("MD5").digest((user.name() + ":" + REALM + ":" + user.password())
                    .getBytes(StandardCharsets.UTF_8));
            passwords.add(user.name() + "=" + HexFormat.of().formatHex(digest));
            roles.add(user.name() + "=" + String.join(",", user.roles()));
        }
        Files.write(configuration.resolve("application-users.properties"), passwords);
        Files.write(configuration.resolve("application-roles.properties"), roles);
    }

    private static final String REALM = "ApplicationRealm";

    /**
     * The ports of one server, each free when chosen, passed as the system properties that
     * standalone.xml's socket bindings read, so that two servers or a stray one never collide.
     * Management HTTPS and the transaction ports are declared but not bound in this configuration.
     * The port asked for is the HTTP listener's, or over TLS the HTTPS listener's.
     */
    record Ports(int http, int https, int management, boolean tls) {

        static Ports free(String host, int asked, boolean tls) throws Exception {
            int served = ServerProcess.freePort(host, asked);
            int other = ServerProcess.freePort(host, 0);
            return new Ports(tls ? other : served, tls ? served : other, ServerProcess.freePort(host, 0), tls);
        }

        /** The port the target serves its clients on. */
        int served() {
            return tls ? https : http;
        }

        List<String> properties() {
            return List.of("-Djboss.http.port=" + http, "-Djboss.https.port=" + https,
                    "-Djboss.management.http.port=" + management);
        }
    }

    /**
     * standalone.xml with each knob set on the io subsystem's default worker or the listener the
     * target serves on: the default HTTP listener, or over TLS the HTTPS listener ({@link #secure}).
     */
    static void configure(Document config, Map<String, String> knobs, Transport transport) {
        Element worker = named(config, WORKER, "default");
        Element listener = transport.tls() ? named(config, HTTPS_LISTENER, "https") : named(config, LISTENER, "default");
        if (transport.tls()) {
            secure(config, listener, transport, "openssl".equals(knobs.get(TLS_KNOB)));
        }
        knobs.forEach((knob, value) -> {
            if (knob.equals(Transport.KNOB) || knob.equals(TLS_KNOB)) {
                return;
            }
            Attribute attribute = ATTRIBUTES.get(knob);
            if (attribute == null) {
                throw new IllegalArgumentException("no standalone.xml attribute for the knob " + knob);
            }
            (attribute.element().equals(WORKER) ? worker : listener).setAttribute(attribute.name(), value);
        });
    }

    /**
     * The HTTPS listener as shipped, but for its key: the elytron key store it reads becomes the
     * run's (in place of the one WildFly generates for localhost on first use) and HTTP/2 is on for
     * h2 alone (WildFly enables it on every listener); with {@code openssl}, its SSL context comes from
     * the provider standalone.xml loads from org.wildfly.openssl.
     */
    private static void secure(Document config, Element listener, Transport transport, boolean openssl) {
        String context = listener.getAttribute("ssl-context");
        Element sslContext = named(config, "server-ssl-context", context);
        Element keyManager = named(config, "key-manager", sslContext.getAttribute("key-manager"));
        Element keyStore = named(config, "key-store", keyManager.getAttribute("key-store"));
        keyManager.removeAttribute("generate-self-signed-certificate-host");
        ServerFiles.elements(keyManager, "credential-reference").get(0).setAttribute("clear-text", transport.password());
        ServerFiles.elements(keyStore, "credential-reference").get(0).setAttribute("clear-text", transport.password());
        ServerFiles.elements(keyStore, "implementation").get(0).setAttribute("type", "PKCS12");
        Element file = ServerFiles.elements(keyStore, "file").get(0);
        file.removeAttribute("relative-to");
        file.setAttribute("path", transport.keyStore().toString());
        listener.setAttribute("enable-http2", Boolean.toString(transport.h2()));
        if (openssl) {
            sslContext.setAttribute("providers", "openssl");
        }
    }

    /** The element of that local name whose name attribute is {@code name}. */
    private static Element named(Document config, String localName, String name) {
        return ServerFiles.elements(config, localName).stream().filter(element -> element.getAttribute("name").equals(name))
                .findFirst().orElseThrow(() -> new IllegalStateException("standalone.xml has no " + localName + " named " + name));
    }
}
