package containerbench.payara;

import containerbench.launcher.Application;
import containerbench.launcher.Knob;
import containerbench.launcher.ServerFiles;
import containerbench.launcher.ServerProcess;
import containerbench.launcher.StandaloneServer;
import containerbench.launcher.Transport;
import containerbench.launcher.Users;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The login WAR at / (or a user's WAR at its context path) on Payara Server 6 as Maven Central ships
 * it, in its default domain: a directory of the run's own gets a copy of {@code domain1} whose
 * domain.xml holds the knobs and a free port for every listener (HTTP, HTTPS, admin, IIOP, JMX, JMS,
 * the data grid) and no header of its own, and {@code asadmin start-domain --verbose} starts it in the foreground with a
 * post-boot command that deploys the WAR, as an administrator would. Its JVM is the server's, not
 * asadmin's ({@code server.pid}). Over TLS the target is the HTTPS listener, serving the run's key
 * store, with the HTTP listener's settings, and HTTP/2 (which Payara enables by default) for h2 alone.
 */
public final class PayaraTarget extends StandaloneServer {

    private static final String DOMAIN = "domain1";

    private static final String POLL = "-Dfelix.fileinstall.poll=";

    private static final List<Knob> KNOBS = List.of(
            // The study's thread, backlog and timeout settings, under domain.xml's names (camel-cased).
            Knob.integer("maxThreadPoolSize", 512, 1, "threads of the http-thread-pool, max-thread-pool-size (Payara's default 5)").as("threads"),
            Knob.integer("minThreadPoolSize", null, 1, "threads the http-thread-pool keeps, min-thread-pool-size (Payara's default 2)"),
            Knob.integer("maxConnectionsCount", 512, 1, "listen backlog, the tcp transport's max-connections-count, capped by net.core.somaxconn (Payara's default 4096)").as("backlog"),
            Knob.integer("timeout", 30000, 1000, "ms a connection may wait for a request, <http timeout-seconds>, in whole seconds (the study's connectionTimeout; Payara's default 30000)").as("idleTimeout"),
            // Grizzly closes a kept-alive connection after 250 requests in this domain; Tomcat runs unlimited here.
            Knob.integer("maxConnections", -1, -1, "requests per kept-alive connection, <http max-connections>, -1 unlimited (domain1's 250)"),
            Transport.knob());

    /** The HTTPS listener's HTTP/2 settings, with --http h2, under domain.xml's names (camel-cased). */
    private static final List<Knob> H2_KNOBS = List.of(
            Knob.integer("http2MaxConcurrentStreams", null, 1, "HTTP/2 streams a client may open at once on a connection,"
                    + " <http http2-max-concurrent-streams> (Payara's default 100)").as("h2Streams"),
            Knob.integer("http2InitialWindowSizeInBytes", null, 1, "HTTP/2 flow-control window of each stream in bytes,"
                    + " <http http2-initial-window-size-in-bytes> (Payara's default 65535)").as("h2Window"));

    // Payara logs the post-boot deploy command's result once the server has started: "returned with
    // result SUCCESS", or "failed" with the deployer's reason; its error lines carry the level between bars.
    // A server that cannot start (a port taken) logs "Failed to start, exiting", and its JVM lingers
    // on its non-daemon threads: without the line the launcher would wait out its whole start timeout.
    private static final ServerProcess.Readiness DEPLOYED = new ServerProcess.Readiness.Logged(
            "Boot Command deploy returned with result SUCCESS", List.of("Boot Command deploy failed", "Failed to start, exiting"),
            List.of("|SEVERE|"));

    public PayaraTarget() {
        super("payara", Stream.concat(KNOBS.stream(), H2_KNOBS.stream()).toList());
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
        return start(host, port, knobs, application, Transport.CLEARTEXT);
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application, Transport transport)
            throws Exception {
        transport.refuseUnlessH2(knobs, H2_KNOBS);
        Ports ports = Ports.free(host, port, transport.tls());
        files.require(name());
        Path home = files.home();
        Path base = ServerFiles.newBase(name(), dir -> {
            Path domain = dir.resolve(DOMAIN);
            ServerFiles.copyTree(home.resolve("glassfish/domains").resolve(DOMAIN), domain);
            Path apps = Files.createDirectories(dir.resolve("apps"));
            String archive = files.deploy(application, apps);
            Path domainXml = domain.resolve("config/domain.xml");
            Document config = ServerFiles.readXml(domainXml);
            List<Users.User> users = application instanceof Application.War war ? war.users() : null;
            configure(config, host, ports, knobs, ManagementFactory.getRuntimeMXBean().getInputArguments(), users != null, transport);
            ServerFiles.writeXml(config, domainXml);
            if (users != null) {
                Files.write(domain.resolve("config/keyfile"), keyfile(users, new SecureRandom()));
            }
            // Its console log without colours, so that the launcher reads the levels as the file has them.
            Path logging = domain.resolve("config/logging.properties");
            Files.writeString(logging, Files.readString(logging).replace("UniformLogFormatter.ansiColor=true",
                    "UniformLogFormatter.ansiColor=false"));
            String contextRoot = application instanceof Application.War war && !war.contextPath().isEmpty() ? war.contextPath() : "/";
            Files.writeString(dir.resolve("post-boot.txt"), "deploy --contextroot " + contextRoot + " --name "
                    + archive.replace(".war", "").replace('#', '-') + " " + apps.resolve(archive) + "\n");
        });
        ServerProcess process = ServerProcess.start(List.of(home.resolve("bin/asadmin").toString(), "start-domain", "--verbose",
                "--domaindir", base.toString(), "--postbootcommandfile", base.resolve("post-boot.txt").toString(), DOMAIN),
                base, Map.of("AS_JAVA", System.getProperty("java.home")), DEPLOYED);
        Map<String, String> effective = new LinkedHashMap<>(knobs);
        effective.putIfAbsent("minThreadPoolSize", "2");
        effective.put(Transport.KNOB, transport.http());
        if (transport.h2()) {
            effective.putIfAbsent("http2MaxConcurrentStreams", "100");
            effective.putIfAbsent("http2InitialWindowSizeInBytes", "65535");
        }
        return process.serving(transport.tls() ? ports.https() : ports.http(), effective, "Payara Server " + version() + " (" + DOMAIN + ") in " + base, Map.of(
                "server.adminPort", Integer.toString(ports.admin()), "server.httpPort", Integer.toString(ports.http()),
                "server.httpsPort", Integer.toString(ports.https())));
    }

    /**
     * Every port the default domain opens, each free when chosen, so that two servers or a stray one
     * never collide; the port asked for is the HTTP listener's, or over TLS the HTTPS listener's.
     */
    record Ports(int http, int https, int admin, int iiop, int iiopSsl, int iiopMutual, int jmx, int jms, int dataGrid, int dataGridDas) {

        static Ports free(String host, int asked, boolean tls) throws Exception {
            int served = ServerProcess.freePort(host, asked);
            int[] more = new int[9];
            for (int i = 0; i < more.length; i++) {
                more[i] = ServerProcess.freePort(host, 0);
            }
            return new Ports(tls ? more[0] : served, tls ? served : more[0], more[1], more[2], more[3], more[4], more[5], more[6],
                    more[7], more[8]);
        }
    }

    /**
     * domain.xml's server-config with the knobs on the HTTP listener's protocol, thread pool and
     * transport; every listener on {@code host} and its port; the target's JVM options in place of
     * the domain's heap; with users, the default principal-to-role mapping (a role is the group of
     * that name, as on the other containers), so that the WAR needs no glassfish-web.xml.
     */
    static void configure(Document config, String host, Ports ports, Map<String, String> knobs, List<String> jvmOptions,
            boolean users, Transport transport) {
        Element server = named(config.getDocumentElement(), "config", "server-config");
        Element listener = named(server, "network-listener", "http-listener-1");
        listener.setAttribute("port", Integer.toString(ports.http()));
        listener.setAttribute("address", host);
        Element https = named(server, "network-listener", "http-listener-2");
        https.setAttribute("port", Integer.toString(ports.https()));
        https.setAttribute("address", host);
        Element admin = named(server, "network-listener", "admin-listener");
        admin.setAttribute("port", Integer.toString(ports.admin()));
        admin.setAttribute("address", host);
        Map<String, Integer> iiop = Map.of("orb-listener-1", ports.iiop(), "SSL", ports.iiopSsl(), "SSL_MUTUALAUTH", ports.iiopMutual());
        for (Element element : ServerFiles.elements(server, "iiop-listener")) {
            element.setAttribute("port", Integer.toString(iiop.get(element.getAttribute("id"))));
            element.setAttribute("address", host);
        }
        Element jmx = named(server, "jmx-connector", "system");
        jmx.setAttribute("port", Integer.toString(ports.jmx()));
        jmx.setAttribute("address", host);
        named(server, "system-property", "JMS_PROVIDER_PORT").setAttribute("value", Integer.toString(ports.jms()));
        Element grid = ServerFiles.elements(config, "hazelcast-runtime-configuration").get(0);
        grid.setAttribute("start-port", Integer.toString(ports.dataGrid()));
        grid.setAttribute("das-port", Integer.toString(ports.dataGridDas()));
        grid.setAttribute("auto-increment-port", "false");
        grid.setAttribute("interfaces", host);

        Element served = named(server, "protocol", transport.tls() ? "http-listener-2" : "http-listener-1");
        Element http = first(served, "http");
        if (transport.tls()) {
            secure(served, http, transport);
        }
        // Payara names itself in Server and X-Powered-By and adds X-Frame-Options to every answer; the
        // other containers send none of them: off, so that every container sends the same bytes.
        http.setAttribute("server-header", "false");
        http.setAttribute("xpowered-by", "false");
        http.setAttribute("xframe-options", "false");
        Element pool = named(server, "thread-pool", "http-thread-pool");
        Element tcp = named(server, "transport", "tcp");
        knobs.forEach((knob, value) -> {
            switch (knob) {
                case "maxThreadPoolSize" -> pool.setAttribute("max-thread-pool-size", value);
                case "minThreadPoolSize" -> pool.setAttribute("min-thread-pool-size", value);
                case "maxConnectionsCount" -> tcp.setAttribute("max-connections-count", value);
                case "timeout" -> http.setAttribute("timeout-seconds", Integer.toString(Integer.parseInt(value) / 1000));
                case "maxConnections" -> http.setAttribute("max-connections", value);
                case "http2MaxConcurrentStreams" -> http.setAttribute("http2-max-concurrent-streams", value);
                case "http2InitialWindowSizeInBytes" -> http.setAttribute("http2-initial-window-size-in-bytes", value);
                case Transport.KNOB -> {
                    // the listener above
                }
                default -> throw new IllegalArgumentException("no domain.xml attribute for the knob " + knob);
            }
        });

        Element java = first(server, "java-config");
        for (Element option : children(java, "jvm-options")) {
            if (option.getTextContent().startsWith("-Xmx") || option.getTextContent().startsWith("-Xms")) {
                java.removeChild(option);
            } else if (option.getTextContent().startsWith(POLL)) {
                // Felix's file install holds its lock between scans of modules/autostart, and the
                // server's shutdown waits for it: domain1's 5000 ms made every stop take about 8 s,
                // 500 ms about 3 s. A scan lists a folder of a few files.
                option.setTextContent(POLL + "500");
            }
        }
        for (String option : jvmOptions) {
            Element element = config.createElementNS(java.getNamespaceURI(), "jvm-options");
            element.setTextContent(option);
            java.appendChild(element);
        }
        if (users) {
            first(server, "security-service").setAttribute("activate-default-principal-to-role-mapping", "true");
        }
    }

    /**
     * The HTTPS listener's protocol as shipped, but for its key: the run's key store in place of the
     * domain's keystore.p12 (and its certificate s1as), and HTTP/2 on for h2 alone.
     */
    private static void secure(Element protocol, Element http, Transport transport) {
        Element ssl = first(protocol, "ssl");
        ssl.setAttribute("key-store", transport.keyStore().toString());
        ssl.setAttribute("key-store-type", "PKCS12");
        ssl.setAttribute("key-store-password", transport.password());
        ssl.setAttribute("cert-nickname", Transport.ALIAS);
        http.setAttribute("http2-enabled", Boolean.toString(transport.h2()));
    }

    /**
     * The file realm's keyfile with the WAR's users (--users), each role a group, the passwords as
     * Payara's own {@code {SSHA256}} (SHA-256 of password and an 8-byte salt, hashed 100 times in all,
     * then the salt), so that the server reads them as create-file-user would have written them.
     */
    static List<String> keyfile(List<Users.User> users, SecureRandom random) throws Exception {
        List<String> lines = new ArrayList<>();
        for (Users.User user : users) {
            byte[] salt = new byte[8];
            random.nextBytes(salt);
            lines.add(user.name() + ";" + ssha256(user.password(), salt) + ";" + String.join(",", user.roles()));
        }
        return lines;
    }

    /** A password as the file realm stores it: {@code {SSHA256}} and BASE64(SHA-256 applied 100 times to password and salt, then the salt). */
    static String ssha256(String password, byte[] salt) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        sha.update(password.getBytes(StandardCharsets.UTF_8));
        byte[] hash = sha.digest(salt);
        for (int i = 2; i <= 100; i++) {
            hash = sha.digest(hash);
        }
        byte[] stored = new byte[hash.length + salt.length];
        System.arraycopy(hash, 0, stored, 0, hash.length);
        System.arraycopy(salt, 0, stored, hash.length, salt.length);
        return "{SSHA256}" + Base64.getEncoder().encodeToString(stored);
    }

    /** The element of that local name inside {@code parent} whose name (or id) attribute is {@code name}. */
    private static Element named(Element parent, String localName, String name) {
        return ServerFiles.elements(parent, localName).stream()
                .filter(e -> name.equals(e.getAttribute("name")) || name.equals(e.getAttribute("id"))).findFirst()
                .orElseThrow(() -> new IllegalStateException("domain.xml has no " + localName + " named " + name));
    }

    private static Element first(Element parent, String localName) {
        return ServerFiles.elements(parent, localName).stream().findFirst()
                .orElseThrow(() -> new IllegalStateException("domain.xml's server-config has no " + localName));
    }

    private static List<Element> children(Element parent, String localName) {
        return ServerFiles.elements(parent, localName).stream().filter(e -> e.getParentNode() == parent).toList();
    }
}
