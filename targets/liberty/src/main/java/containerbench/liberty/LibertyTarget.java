package containerbench.liberty;

import containerbench.launcher.Application;
import containerbench.launcher.Knob;
import containerbench.launcher.ServerFiles;
import containerbench.launcher.ServerProcess;
import containerbench.launcher.StandaloneServer;
import containerbench.launcher.Transport;
import containerbench.launcher.Users;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The login WAR at / (or a user's WAR at its context path) on Open Liberty as Maven Central ships
 * it: a user directory of the run's own ({@code WLP_USER_DIR}) holds one server, whose server.xml
 * enables {@code servlet-6.0} (and {@code localConnector-1.0}; {@code appSecurity-5.0} for a user's WAR), names the endpoint,
 * the knobs and the application, and whose
 * jvm.options carries the target's JVM options; {@code bin/server run} starts it in the foreground,
 * as an administrator runs it. Over TLS the endpoint has an HTTPS port alone, the run's key store as
 * the default one ({@code transportSecurity-1.0}), and the protocol version pinned: Liberty offers
 * HTTP/2 on HTTPS by default.
 */
public final class LibertyTarget extends StandaloneServer {

    private static final String SERVER = "bench";

    private static final List<Knob> KNOBS = List.of(
            // The study's thread and backlog settings, named as in server.xml.
            Knob.integer("maxThreads", 512, 1, "threads of the server's one executor, <executor maxThreads> (Liberty's default -1: self-tuning)").as("threads"),
            Knob.integer("coreThreads", null, 1, "threads the executor keeps, <executor coreThreads> (Liberty's default -1: chosen from the cores)"),
            // Not in Liberty's tcpOptions reference, but read by its TCP channel, which refuses more than 512.
            Knob.integer("listenBacklog", 512, 0, 512, "listen backlog, <tcpOptions listenBacklog> (Liberty's default 511; its TCP channel refuses more than 512)").as("backlog"),
            Knob.integer("readTimeout", 30000, 1000, "ms a connection may wait for a request's bytes, <httpOptions readTimeout>, in whole seconds (the study's connectionTimeout; Liberty's default 60000)").as("idleTimeout"),
            // As Tomcat's keepAliveTimeout follows its connectionTimeout unless given.
            Knob.integer("persistTimeout", null, 1000, "ms a kept-alive connection may wait for its next request, <httpOptions persistTimeout>, in whole seconds (default: readTimeout; Liberty's own 30000)"),
            Transport.knob());

    /** The endpoint's HTTP/2 settings, with --http h2: attributes of its {@code <httpOptions>}. */
    private static final List<Knob> H2_KNOBS = List.of(
            Knob.integer("maxConcurrentStreams", null, 1, "HTTP/2 streams a client may open at once on a connection,"
                    + " <httpOptions maxConcurrentStreams> (Liberty's default 100)").as("h2Streams"),
            Knob.integer("settingsInitialWindowSize", null, 1, "HTTP/2 flow-control window of each stream in bytes,"
                    + " <httpOptions settingsInitialWindowSize> (Liberty's default 65535)").as("h2Window"),
            Knob.integer("connectionWindowSize", null, 65535, "HTTP/2 flow-control window of the connection in bytes,"
                    + " <httpOptions connectionWindowSize> (Liberty's default 65535)"));

    /** What Liberty uses where server.xml says nothing (its transport's metatype). */
    private static final Map<String, String> H2_DEFAULTS = Map.of("maxConcurrentStreams", "100", "settingsInitialWindowSize", "65535",
            "connectionWindowSize", "65535");

    // Liberty logs CWWKF0011I once its features and applications have started. An application that
    // fails logs CWWKZ0002E (an exception while starting it) or CWWKZ0004E (it did not start); an
    // endpoint that cannot be built or bound logs CWWKO0029E or CWWKO0221E, and the server would
    // still call itself ready.
    private static final ServerProcess.Readiness STARTED = new ServerProcess.Readiness.Logged("CWWKF0011I",
            List.of("CWWKZ0002E", "CWWKZ0004E", "CWWKO0029E", "CWWKO0221E"), List.of("[ERROR   ]"));

    public LibertyTarget() {
        super("liberty", Stream.concat(KNOBS.stream(), H2_KNOBS.stream()).toList());
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
        return start(host, port, knobs, application, Transport.CLEARTEXT);
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application, Transport transport)
            throws Exception {
        transport.refuseUnlessH2(knobs, H2_KNOBS);
        int listen = ServerProcess.freePort(host, port);
        files.require(name());
        Map<String, String> effective = new LinkedHashMap<>(knobs);
        effective.putIfAbsent("persistTimeout", knobs.get("readTimeout"));
        Path home = files.home();
        Path userDir = ServerFiles.newBase(name(), dir -> {
            Path server = Files.createDirectories(dir.resolve("servers").resolve(SERVER));
            Path apps = Files.createDirectories(server.resolve("apps"));
            String archive = files.deploy(application, apps);
            String contextRoot = application instanceof Application.War war && !war.contextPath().isEmpty() ? war.contextPath() : "/";
            Files.writeString(server.resolve("server.xml"), serverXml(host, listen, effective, archive, contextRoot, application,
                    transport));
            // This launcher's JVM options (-Dtarget.jvmArgs) belong to the server's JVM, one per line.
            Files.write(server.resolve("jvm.options"), ManagementFactory.getRuntimeMXBean().getInputArguments());
        });
        // What Liberty uses where server.xml says nothing.
        effective.putIfAbsent("coreThreads", "-1");
        effective.put(Transport.KNOB, transport.http());
        if (transport.h2()) {
            H2_DEFAULTS.forEach(effective::putIfAbsent);
        }
        ServerProcess process = ServerProcess.start(List.of(home.resolve("bin").resolve("server").toString(), "run", SERVER),
                userDir, Map.of("WLP_USER_DIR", userDir.toString(), "JAVA_HOME", System.getProperty("java.home")), STARTED);
        return process.serving(listen, effective, "Open Liberty " + version() + " (servlet-6.0) in " + userDir, Map.of());
    }

    /**
     * The server's whole configuration: what is not written here is Liberty's default. Beside the
     * servlet feature, localConnector-1.0 (JMX for local tools), nothing on a request's path: without
     * it Liberty makes its MBean server lazily, through a builder class that only its own class loader
     * sees, and the harness's JMX attach (heap figures) fails with a ClassNotFoundException. A user's
     * WAR gets web security too ({@link #security}): servlet-6.0 alone serves a protected URL to anyone.
     */
    static String serverXml(String host, int port, Map<String, String> knobs, String archive, String contextRoot,
            Application application, Transport transport) {
        // coreThreads only when given: Liberty's default is no number (-1, chosen from the cores).
        String coreThreads = knobs.containsKey("coreThreads") ? " coreThreads=" + attribute(knobs.get("coreThreads")) : "";
        StringBuilder http2 = new StringBuilder();
        H2_KNOBS.stream().filter(knob -> knobs.containsKey(knob.name()))
                .forEach(knob -> http2.append(' ').append(knob.name()).append('=').append(attribute(knobs.get(knob.name()))));
        List<Users.User> users = application instanceof Application.War war ? war.users() : null;
        String ports = transport.tls() ? "httpPort=\"-1\" httpsPort=\"" + port + "\" protocolVersion=\""
                + (transport.h2() ? "http/2" : "http/1.1") + "\"" : "httpPort=\"" + port + "\" httpsPort=\"-1\"";
        String keyStore = transport.tls() ? "  <keyStore id=\"defaultKeyStore\" type=\"PKCS12\" location=" + attribute(transport.keyStore()
                .toString()) + " password=" + attribute(transport.password()) + "/>\n" : "";
        return """
                <server description="container-bench">
                  <featureManager><feature>servlet-6.0</feature>%s%s<feature>localConnector-1.0</feature></featureManager>
                  <httpEndpoint id="defaultHttpEndpoint" host=%s %s>
                    <tcpOptions listenBacklog=%s/>
                    <httpOptions readTimeout="%sms" persistTimeout="%sms"%s/>
                  </httpEndpoint>
                %s  <executor maxThreads=%s%s/>
                %s  <webApplication location=%s contextRoot=%s>%s</webApplication>
                </server>
                """.formatted(users == null ? "" : "<feature>appSecurity-5.0</feature>",
                transport.tls() ? "<feature>transportSecurity-1.0</feature>" : "", attribute(host), ports,
                attribute(knobs.get("listenBacklog")), knobs.get("readTimeout"), knobs.get("persistTimeout"), http2, keyStore,
                attribute(knobs.get("maxThreads")), coreThreads, users == null ? "" : security(users), attribute(archive),
                attribute(contextRoot), users == null ? "" : bindings(users));
    }

    /**
     * The WAR's users (--users) in a basic registry, each role a group of its members; kept when
     * there are none, so that a protected request is refused with 401 (with no registry at all
     * Liberty logs CWWKS3005E). Single sign-on off: it would answer a BASIC login with an LTPA cookie
     * and check that token on every later request, where the other containers check BASIC.
     */
    private static String security(List<Users.User> users) {
        StringBuilder xml = new StringBuilder("  <basicRegistry id=\"basic\" realm=\"container-bench\">\n");
        users.forEach(user -> xml.append("    <user name=").append(attribute(user.name())).append(" password=")
                .append(attribute(user.password())).append("/>\n"));
        for (String role : Users.roles(users)) {
            xml.append("    <group name=").append(attribute(role)).append(">");
            users.stream().filter(user -> user.roles().contains(role))
                    .forEach(user -> xml.append("<member name=").append(attribute(user.name())).append("/>"));
            xml.append("</group>\n");
        }
        return xml.append("  </basicRegistry>\n  <webAppSecurity singleSignonEnabled=\"false\"/>\n").toString();
    }

    /** Each role of the WAR bound to the registry's group of that name. */
    private static String bindings(List<Users.User> users) {
        StringBuilder xml = new StringBuilder("<application-bnd>");
        Users.roles(users).forEach(role -> xml.append("<security-role name=").append(attribute(role)).append("><group name=")
                .append(attribute(role)).append("/></security-role>"));
        return xml.append("</application-bnd>").toString();
    }

    private static String attribute(String value) {
        return '"' + value.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;") + '"';
    }
}
