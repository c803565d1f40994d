package containerbench.jettyserver;

import containerbench.launcher.Application;
import containerbench.launcher.Knob;
import containerbench.launcher.ServerFiles;
import containerbench.launcher.ServerProcess;
import containerbench.launcher.StandaloneServer;
import containerbench.launcher.Transport;
import containerbench.launcher.Users;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The login WAR deployed as ROOT.war (or a user's WAR under its context path's name) on the Eclipse
 * Jetty 12.1 distribution, jetty-home as Maven Central ships it: a jetty.base of the run's own gets
 * the {@code http} and {@code ee10-deploy} modules from {@code start.jar --add-modules}, as the
 * distribution's documentation sets a base up ({@code https} in place of {@code http} over TLS, and
 * {@code http2} before it for h2), and the WAR in its {@code webapps}; {@code start.jar} starts it
 * with the knobs as the modules' properties.
 */
public final class JettyServerTarget extends StandaloneServer {

    /** Each knob's property in the modules' ini files (threadpool.mod, http2.mod), but the connector's. */
    private static final Map<String, String> PROPERTIES = Map.of(
            "maxThreads", "jetty.threadPool.maxThreads",
            "minThreads", "jetty.threadPool.minThreads",
            "maxConcurrentStreams", "jetty.http2.maxConcurrentStreams",
            "initialStreamRecvWindow", "jetty.http2.initialStreamRecvWindow",
            "initialSessionRecvWindow", "jetty.http2.initialSessionRecvWindow");

    /** The connector's knobs, each the property of its own name in http.mod ({@code jetty.http.}) or, over TLS, ssl.mod ({@code jetty.ssl.}). */
    private static final List<String> CONNECTOR_KNOBS = List.of("acceptQueueSize", "idleTimeout");

    private static final List<Knob> KNOBS = List.of(
            // The study's thread and backlog settings, named as on embedded Jetty.
            Knob.integer("maxThreads", 512, 1, "threads of the server's thread pool, jetty.threadPool.maxThreads (Jetty's default 200)").as("threads"),
            Knob.integer("minThreads", null, 1, "threads kept alive when idle, jetty.threadPool.minThreads (Jetty's default 10)"),
            Knob.integer("acceptQueueSize", 512, 1, "listen backlog, jetty.http.acceptQueueSize (jetty.ssl. over TLS), capped by net.core.somaxconn (Jetty's default: the JVM's 50)").as("backlog"),
            Knob.integer("idleTimeout", 30000, 1, "ms a connection may stay idle, jetty.http.idleTimeout (jetty.ssl. over TLS; the study's connectionTimeout)").as("idleTimeout"),
            Transport.knob());

    /** The http2 module's settings, with --http h2, named as on embedded Jetty. */
    private static final List<Knob> H2_KNOBS = List.of(
            Knob.integer("maxConcurrentStreams", null, 1, "HTTP/2 streams a client may open at once on a connection,"
                    + " jetty.http2.maxConcurrentStreams (Jetty's default 128)").as("h2Streams"),
            Knob.integer("initialStreamRecvWindow", null, 1, "HTTP/2 flow-control window of each stream in bytes,"
                    + " jetty.http2.initialStreamRecvWindow (Jetty's default 524288)").as("h2Window"),
            Knob.integer("initialSessionRecvWindow", null, 1, "HTTP/2 flow-control window of the connection in bytes,"
                    + " jetty.http2.initialSessionRecvWindow (Jetty's default 1048576)"));

    /** What http2.mod uses where nothing is given. */
    private static final Map<String, String> H2_DEFAULTS = Map.of("maxConcurrentStreams", "128", "initialStreamRecvWindow", "524288",
            "initialSessionRecvWindow", "1048576");

    // The distribution logs "Started oejs.Server@..." once its webapps are deployed; a WAR that fails
    // logs "Failed startup of context" first, and the server serves on without it.
    private static final ServerProcess.Readiness DEPLOYED = new ServerProcess.Readiness.Logged("Started oejs.Server@",
            List.of("Failed startup of context"), List.of(":ERROR:", ":WARN :"));

    public JettyServerTarget() {
        super("jetty-server", Stream.concat(KNOBS.stream(), H2_KNOBS.stream()).toList());
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
        return start(host, port, knobs, application, Transport.CLEARTEXT);
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application, Transport transport)
            throws Exception {
        transport.refuseUnlessH2(knobs, H2_KNOBS);
        if (application instanceof Application.War war) {
            war.requireOneSegment("Jetty's deployer", "a context XML beside it");
        }
        int listen = ServerProcess.freePort(host, port);
        files.require(name());
        Path home = files.home();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String modules = modules(transport);
        Path base = ServerFiles.newBase(name(), dir -> {
            Process setUp = new ProcessBuilder(java, "-jar", home.resolve("start.jar").toString(), "jetty.home=" + home,
                    "jetty.base=" + dir, "--add-modules=" + modules).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("add-modules.log").toFile()).start();
            if (!setUp.waitFor(60, TimeUnit.SECONDS) || setUp.exitValue() != 0) {
                setUp.destroyForcibly();
                throw new IllegalStateException("start.jar --add-modules=" + modules + " failed; see " + dir.resolve("add-modules.log"));
            }
            String archive = files.deploy(application, dir.resolve("webapps"));
            if (application instanceof Application.War war) {
                // Jetty's XML parser validates against the DTD the DOCTYPE names, as jetty-home's own files do.
                ServerFiles.writeXml(context(war, dir.resolve("webapps").resolve(archive)),
                        dir.resolve("webapps").resolve(archive.replaceFirst("\\.war$", ".xml")), "-//Jetty//Configure//EN",
                        "https://jetty.org/configure_10_0.dtd");
            }
        });
        List<String> command = new ArrayList<>(List.of(java));
        // This launcher's JVM options (-Dtarget.jvmArgs) belong to the server's JVM.
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-jar", home.resolve("start.jar").toString(), "jetty.home=" + home, "jetty.base=" + base));
        command.addAll(properties(host, listen, knobs, transport));
        ServerProcess process = ServerProcess.start(command, base, Map.of(),
                application instanceof Application.War ? DEPLOYED : new ServerProcess.Readiness.Login(host, listen, transport));
        Map<String, String> effective = new LinkedHashMap<>(knobs);
        // What threadpool.mod uses where nothing is given.
        effective.putIfAbsent("minThreads", "10");
        effective.put(Transport.KNOB, transport.http());
        if (transport.h2()) {
            H2_DEFAULTS.forEach(effective::putIfAbsent);
        }
        return process.serving(listen, effective, "Eclipse Jetty " + version() + " (jetty-home) in " + base, Map.of());
    }

    /** The modules of the server's base: {@code http}, or over TLS {@code https} (with {@code http2} for h2), and the deployer. */
    static String modules(Transport transport) {
        return (transport.h2() ? "http2,https" : transport.tls() ? "https" : "http") + ",ee10-deploy";
    }

    /**
     * start.jar's properties for the modules': the connector at {@code host:port} ({@code jetty.http.}, or over
     * TLS {@code jetty.ssl.}), the run's key over TLS, and each knob under its module's property.
     */
    static List<String> properties(String host, int port, Map<String, String> knobs, Transport transport) {
        String connector = transport.tls() ? "jetty.ssl." : "jetty.http.";
        List<String> properties = new ArrayList<>(List.of(connector + "host=" + host, connector + "port=" + port,
                // Jetty alone sends "Server: Jetty(12...)": off, as on embedded Jetty.
                "jetty.httpConfig.sendServerVersion=false"));
        if (transport.tls()) {
            properties.addAll(List.of("jetty.sslContext.keyStorePath=" + transport.keyStore(), "jetty.sslContext.keyStoreType=PKCS12",
                    "jetty.sslContext.keyStorePassword=" + transport.password()));
        }
        knobs.forEach((knob, value) -> {
            if (CONNECTOR_KNOBS.contains(knob)) {
                properties.add(connector + knob + "=" + value);
            } else if (!knob.equals(Transport.KNOB)) {
                properties.add(PROPERTIES.get(knob) + "=" + value);
            }
        });
        return properties;
    }

    /**
     * The WAR's context XML, beside it under the same name, so that the deployer deploys the XML (as
     * jetty-home's own demos set a login service): the WAR at its path, and its users (--users) as the
     * login service of its security handler, as on embedded Jetty. With no users it is a store of
     * none, so a protected request is refused with 401 instead of the deployment failing.
     */
    static Document context(Application.War war, Path archive) throws Exception {
        Document xml = ServerFiles.newXml(null, "Configure");
        Element configure = xml.getDocumentElement();
        configure.setAttribute("class", "org.eclipse.jetty.ee10.webapp.WebAppContext");
        configure.appendChild(element(xml, "Set", "name", "contextPath", war.contextPath().isEmpty() ? "/" : war.contextPath()));
        configure.appendChild(element(xml, "Set", "name", "war", archive.toString()));
        Element store = element(xml, "New", "class", "org.eclipse.jetty.security.UserStore", null);
        for (Users.User user : war.users()) {
            Element add = element(xml, "Call", "name", "addUser", null);
            add.appendChild(element(xml, "Arg", null, null, user.name()));
            Element password = element(xml, "Arg", null, null, null);
            Element credential = element(xml, "New", "class", "org.eclipse.jetty.util.security.Password", null);
            credential.appendChild(element(xml, "Arg", null, null, user.password()));
            password.appendChild(credential);
            add.appendChild(password);
            Element roles = element(xml, "Array", "type", "String", null);
            user.roles().forEach(role -> roles.appendChild(element(xml, "Item", null, null, role)));
            Element rolesArg = element(xml, "Arg", null, null, null);
            rolesArg.appendChild(roles);
            add.appendChild(rolesArg);
            store.appendChild(add);
        }
        Element service = element(xml, "New", "class", "org.eclipse.jetty.security.HashLoginService", null);
        service.appendChild(element(xml, "Set", "name", "name", "container-bench"));
        Element setStore = element(xml, "Set", "name", "userStore", null);
        setStore.appendChild(store);
        service.appendChild(setStore);
        Element setService = element(xml, "Set", "name", "loginService", null);
        setService.appendChild(service);
        Element security = element(xml, "Get", "name", "securityHandler", null);
        security.appendChild(setService);
        configure.appendChild(security);
        return xml;
    }

    /** {@code <tag attribute="value">text</tag>}, either part left out when null. */
    private static Element element(Document xml, String tag, String attribute, String value, String text) {
        Element element = xml.createElement(tag);
        if (attribute != null) {
            element.setAttribute(attribute, value);
        }
        if (text != null) {
            element.setTextContent(text);
        }
        return element;
    }
}
