package containerbench.wildfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.ServerFiles;
import containerbench.launcher.Transport;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The distribution's own standalone.xml, as the target rewrites it for a run. */
class StandaloneXmlTest {

    private final ServerFiles files = ServerFiles.of();

    private Document configured(Map<String, String> knobs) throws Exception {
        return configured(knobs, Transport.CLEARTEXT);
    }

    private Document configured(Map<String, String> knobs, Transport transport) throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("standalone/configuration/standalone.xml"));
        WildFlyTarget.configure(config, knobs, transport);
        return config;
    }

    private static Element named(Document config, String element, String name) {
        return ServerFiles.elements(config, element).stream().filter(e -> e.getAttribute("name").equals(name)).findFirst()
                .orElseThrow();
    }

    @Test
    void threadKnobsGoToTheIoWorkerAndSocketKnobsToTheHttpListener() throws Exception {
        Document config = configured(Map.of("taskMaxThreads", "1024", "ioThreads", "3", "tcpBacklog", "256",
                "noRequestTimeout", "30000", "alwaysSetKeepAlive", "false"));

        Element worker = named(config, "worker", "default");
        assertEquals("1024", worker.getAttribute("task-max-threads"));
        assertEquals("3", worker.getAttribute("io-threads"));
        Element listener = named(config, "http-listener", "default");
        assertEquals("256", listener.getAttribute("tcp-backlog"));
        assertEquals("30000", listener.getAttribute("no-request-timeout"));
        assertEquals("false", listener.getAttribute("always-set-keep-alive"));
        assertFalse(named(config, "https-listener", "https").hasAttribute("tcp-backlog"), "the HTTPS listener is left as it is");
    }

    @Test
    void overTlsTheHttpsListenerServesTheRunsKeyTakesTheListenerKnobsAndHttp2OnlyForH2() throws Exception {
        Document config = configured(Map.of("http", "h2", "tcpBacklog", "256", "http2MaxConcurrentStreams", "50"),
                new Transport("h2", Path.of("/run/tls.p12"), "secret"));

        Element https = named(config, "https-listener", "https");
        assertEquals("256", https.getAttribute("tcp-backlog"));
        assertEquals("50", https.getAttribute("http2-max-concurrent-streams"));
        assertEquals("true", https.getAttribute("enable-http2"));
        assertFalse(named(config, "http-listener", "default").hasAttribute("tcp-backlog"), "the HTTP listener is left as it is");
        Element keyStore = named(config, "key-store", "applicationKS");
        Element file = ServerFiles.elements(keyStore, "file").get(0);
        assertEquals("/run/tls.p12", file.getAttribute("path"));
        assertFalse(file.hasAttribute("relative-to"));
        assertEquals("PKCS12", ServerFiles.elements(keyStore, "implementation").get(0).getAttribute("type"));
        assertEquals("secret", ServerFiles.elements(keyStore, "credential-reference").get(0).getAttribute("clear-text"));
        Element keyManager = named(config, "key-manager", "applicationKM");
        assertFalse(keyManager.hasAttribute("generate-self-signed-certificate-host"), "no certificate of WildFly's own");
        assertEquals("secret", ServerFiles.elements(keyManager, "credential-reference").get(0).getAttribute("clear-text"));

        Document h1 = configured(Map.of("http", "h1-tls"), new Transport("h1-tls", Path.of("/run/tls.p12"), "secret"));
        assertEquals("false", named(h1, "https-listener", "https").getAttribute("enable-http2"), "no HTTP/2 over h1-tls");
        assertFalse(named(config, "server-ssl-context", "applicationSSC").hasAttribute("providers"), "the JDK's TLS, as shipped");
    }

    @Test
    void openSslIsTheServerSslContextsProviderWhichStandaloneXmlLoadsFromWildflyOpenssl() throws Exception {
        Document config = configured(Map.of("http", "h1-tls", "sslProviders", "openssl"),
                new Transport("h1-tls", Path.of("/run/tls.p12"), "secret"));
        assertEquals("openssl", named(config, "server-ssl-context", "applicationSSC").getAttribute("providers"));
        assertEquals("org.wildfly.openssl", named(config, "provider-loader", "openssl").getAttribute("module"),
                "the distribution loads the provider it names");
        assertFalse(named(config, "https-listener", "https").hasAttribute("sslProviders"), "the knob is no listener attribute");
        IllegalArgumentException cleartext = assertThrows(IllegalArgumentException.class, () -> new WildFlyTarget()
                .start("127.0.0.1", 0, Map.of("sslProviders", "openssl"), null, Transport.CLEARTEXT));
        assertEquals("--sslProviders is a TLS setting, and this target speaks h1 (--http h1-tls or h2 to use it)", cleartext.getMessage());
    }

    @Test
    void everythingElseStaysAsTheDistributionShipsIt() throws Exception {
        Document config = configured(Map.of("taskMaxThreads", "512"));

        assertEquals(List.of("default"), ServerFiles.elements(config, "http-listener").stream().map(e -> e.getAttribute("name")).toList());
        assertEquals(1, ServerFiles.elements(config, "https-listener").size(), "the default HTTPS listener stays");
        assertEquals(1, ServerFiles.elements(config, "http-interface").size(), "the management interface stays");
        assertTrue(ServerFiles.elements(config, "subsystem").size() > 20, "every subsystem of the default configuration");
        assertFalse(named(config, "http-listener", "default").hasAttribute("tcp-backlog"), "a knob not given is not written");
    }

    @Test
    void aKnobWithoutAPlaceInStandaloneXmlIsRefused() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> configured(Map.of("maxThreads", "10")));
        assertTrue(e.getMessage().contains("maxThreads"), e.getMessage());
    }

    @Test
    void usersGoToTheApplicationRealmAsAddUserWritesThem() throws Exception {
        java.nio.file.Path configuration = java.nio.file.Files.createTempDirectory("wildfly-users");
        WildFlyTarget.writeUsers(List.of(new containerbench.launcher.Users.User("alice", "s3cret", List.of("bench", "admin"))),
                configuration);
        // HEX(MD5("alice:ApplicationRealm:s3cret")), worked out apart (Python's hashlib).
        assertEquals(List.of("#$REALM_NAME=ApplicationRealm$", "alice=5f19ebbfae8d506b6c2ddc32e1b3c802"),
                java.nio.file.Files.readAllLines(configuration.resolve("application-users.properties")));
        assertEquals(List.of("alice=bench,admin"), java.nio.file.Files.readAllLines(configuration.resolve("application-roles.properties")));
    }
}
