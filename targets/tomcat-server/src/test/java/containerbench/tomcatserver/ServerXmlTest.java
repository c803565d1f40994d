package containerbench.tomcatserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.ServerFiles;
import containerbench.launcher.Transport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The distribution's own server.xml, as the target rewrites it for a run. */
class ServerXmlTest {

    private final ServerFiles files = ServerFiles.of();

    @Test
    void oneHttpConnectorCarriesTheKnobsAndNothingElseListens() throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        TomcatServerTarget.configure(config, "127.0.0.1", 18080, Map.of("maxThreads", "1024", "acceptCount", "256"), Transport.CLEARTEXT);

        assertEquals("-1", config.getDocumentElement().getAttribute("port"), "no shutdown port");
        List<Element> connectors = ServerFiles.elements(config, "Connector");
        assertEquals(1, connectors.size(), "one connector");
        Element connector = connectors.get(0);
        assertEquals("127.0.0.1", connector.getAttribute("address"));
        assertEquals("18080", connector.getAttribute("port"));
        assertEquals("HTTP/1.1", connector.getAttribute("protocol"));
        assertEquals("1024", connector.getAttribute("maxThreads"));
        assertEquals("256", connector.getAttribute("acceptCount"));
        assertFalse(connector.hasAttribute("redirectPort"), "no TLS port to redirect to");
    }

    @Test
    void overH2TheConnectorServesTheRunsKeyAndOffersHttp2WithItsSettings() throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        Transport h2 = new Transport("h2", java.nio.file.Path.of("/run/tls.p12"), "secret");
        TomcatServerTarget.configure(config, "127.0.0.1", 18443, Map.of("http", "h2", "connectionTimeout", "30000",
                "maxConcurrentStreams", "50", "maxThreads", "512"), h2);

        Element connector = ServerFiles.elements(config, "Connector").get(0);
        assertEquals("true", connector.getAttribute("SSLEnabled"));
        assertEquals("https", connector.getAttribute("scheme"));
        assertFalse(connector.hasAttribute("http"), "the transport is not a connector attribute");
        assertFalse(connector.hasAttribute("maxConcurrentStreams"), "an HTTP/2 setting belongs to the upgrade protocol");
        Element upgrade = ServerFiles.elements(config, "UpgradeProtocol").get(0);
        assertEquals("org.apache.coyote.http2.Http2Protocol", upgrade.getAttribute("className"));
        assertEquals("50", upgrade.getAttribute("maxConcurrentStreams"));
        assertEquals("30000", upgrade.getAttribute("keepAliveTimeout"), "HTTP/2's idle timeout follows connectionTimeout");
        Element certificate = ServerFiles.elements(config, "Certificate").get(0);
        assertEquals("/run/tls.p12", certificate.getAttribute("certificateKeystoreFile"));
        assertEquals("secret", certificate.getAttribute("certificateKeystorePassword"));
        assertEquals("PKCS12", certificate.getAttribute("certificateKeystoreType"));

        Document h1 = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        TomcatServerTarget.configure(h1, "127.0.0.1", 18443, Map.of("http", "h1-tls", "connectionTimeout", "30000"),
                new Transport("h1-tls", java.nio.file.Path.of("/run/tls.p12"), "secret"));
        assertEquals(List.of(), ServerFiles.elements(h1, "UpgradeProtocol"), "no HTTP/2 over h1-tls");
        assertEquals(1, ServerFiles.elements(h1, "SSLHostConfig").size());
        assertEquals("org.apache.tomcat.util.net.jsse.JSSEImplementation", ServerFiles.elements(h1, "Connector").get(0)
                .getAttribute("sslImplementationName"), "JSSE named, so that no tomcat-native on the machine chooses OpenSSL");
    }

    @Test
    void openSslIsTheConnectorsImplementationAndItsListenerReplacesTomcatNativesOne() throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        TomcatServerTarget.configure(config, "127.0.0.1", 18443, Map.of("http", "h1-tls", "connectionTimeout", "30000",
                "sslImplementationName", "openssl"), new Transport("h1-tls", java.nio.file.Path.of("/run/tls.p12"), "secret"));
        Element connector = ServerFiles.elements(config, "Connector").get(0);
        assertEquals("org.apache.tomcat.util.net.openssl.panama.OpenSSLImplementation", connector.getAttribute("sslImplementationName"));
        List<String> listeners = ServerFiles.elements(config, "Listener").stream().map(l -> l.getAttribute("className")).toList();
        assertTrue(listeners.contains("org.apache.catalina.core.OpenSSLLifecycleListener"), listeners.toString());
        assertFalse(listeners.contains("org.apache.catalina.core.AprLifecycleListener"), listeners.toString());
    }

    @Test
    void noAccessLogAndErrorPagesWithoutTheServersVersion() throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        TomcatServerTarget.configure(config, "127.0.0.1", 18080, Map.of(), Transport.CLEARTEXT);

        List<Element> valves = ServerFiles.elements(config, "Valve");
        assertEquals(List.of("org.apache.catalina.valves.ErrorReportValve"),
                valves.stream().map(valve -> valve.getAttribute("className")).toList());
        assertEquals("false", valves.get(0).getAttribute("showServerInfo"));
        assertEquals("false", valves.get(0).getAttribute("showReport"));
        assertEquals("false", ServerFiles.elements(config, "Host").get(0).getAttribute("autoDeploy"));
    }

    @Test
    void theUserDatabaseIsTheEnginesRealmWithoutTheLockOutAndTheUsersFileHoldsTheWarsUsers() throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        TomcatServerTarget.configure(config, "127.0.0.1", 18080, Map.of(), Transport.CLEARTEXT);
        List<Element> realms = ServerFiles.elements(config, "Realm");
        assertEquals(List.of("org.apache.catalina.realm.UserDatabaseRealm"), realms.stream().map(r -> r.getAttribute("className")).toList());
        assertEquals("Engine", ((Element) realms.get(0).getParentNode()).getLocalName());

        Document users = TomcatServerTarget.users(List.of(new containerbench.launcher.Users.User("alice", "s&<\"'>:t",
                List.of("bench", "admin"))));
        assertEquals(List.of("admin", "bench"), ServerFiles.elements(users, "role").stream().map(r -> r.getAttribute("rolename")).toList());
        Element alice = ServerFiles.elements(users, "user").get(0);
        assertEquals("s&<\"'>:t", alice.getAttribute("password"), "the password as given, escaped by the DOM");
        assertEquals("bench,admin", alice.getAttribute("roles"));
    }
}
