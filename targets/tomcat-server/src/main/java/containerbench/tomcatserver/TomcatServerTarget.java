package containerbench.tomcatserver;

import containerbench.launcher.Application;
import containerbench.launcher.Knob;
import containerbench.launcher.ServerFiles;
import containerbench.launcher.ServerProcess;
import containerbench.launcher.StandaloneServer;
import containerbench.launcher.Users;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
            Knob.integer("maxKeepAliveRequests", -1, -1, "requests per connection before it is closed, -1 unlimited (Tomcat's default 100)"));

    // Catalina deploys webapps/ before it opens the connector and logs the time its start took;
    // a WAR that fails leaves Tomcat running without it, and one of these lines in its log.
    private static final ServerProcess.Readiness DEPLOYED = new ServerProcess.Readiness.Logged("Server startup in",
            List.of("startup failed due to previous errors", "Error deploying web application archive",
                    "Error starting static Resources"), List.of("SEVERE"));

    public TomcatServerTarget() {
        super("tomcat-server", KNOBS);
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
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
            configure(config, host, listen, knobs);
            ServerFiles.writeXml(config, serverXml);
            if (application instanceof Application.War war) {
                ServerFiles.writeXml(users(war.users()), dir.resolve("conf/tomcat-users.xml"));
            }
        });
        ServerProcess process = ServerProcess.start(List.of(home.resolve("bin/catalina.sh").toString(), "run"), base,
                Map.of("CATALINA_HOME", home.toString(), "CATALINA_BASE", base.toString(),
                        "JAVA_HOME", System.getProperty("java.home"), "JAVA_OPTS", ServerFiles.jvmOptions()),
                application instanceof Application.War ? DEPLOYED : new ServerProcess.Readiness.Login(host, listen));
        Map<String, String> effective = new LinkedHashMap<>(knobs);
        // What Tomcat uses where server.xml says nothing.
        effective.putIfAbsent("maxConnections", "8192");
        effective.putIfAbsent("keepAliveTimeout", knobs.get("connectionTimeout"));
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
     */
    static void configure(Document config, String host, int port, Map<String, String> knobs) {
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
        knobs.forEach(connector::setAttribute);
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
}
