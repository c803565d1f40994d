package containerbench.payara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.ServerFiles;
import containerbench.launcher.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The distribution's own domain1, as the target rewrites it for a run. */
class DomainXmlTest {

    private final Path domain = ServerFiles.of().home().resolve("glassfish/domains/domain1/config");
    private final PayaraTarget.Ports ports = new PayaraTarget.Ports(8001, 8002, 8003, 8004, 8005, 8006, 8007, 8008, 8009, 8010);

    private Document configured(Map<String, String> knobs, boolean users) throws Exception {
        return configured(knobs, users, Transport.CLEARTEXT);
    }

    private Document configured(Map<String, String> knobs, boolean users, Transport transport) throws Exception {
        Document config = ServerFiles.readXml(domain.resolve("domain.xml"));
        PayaraTarget.configure(config, "127.0.0.1", ports, knobs, List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"), users, transport);
        return config;
    }

    @Test
    void overTlsTheHttpsListenerServesTheRunsKeyWithTheHttpSettingsAndHttp2OnlyForH2() throws Exception {
        Document config = configured(Map.of("http", "h2", "timeout", "30000", "http2MaxConcurrentStreams", "50"), false,
                new Transport("h2", Path.of("/run/tls.p12"), "secret"));
        Element protocol = inServerConfig(config, "protocol", "http-listener-2");
        Element http = ServerFiles.elements(protocol, "http").get(0);
        assertEquals("30", http.getAttribute("timeout-seconds"));
        assertEquals("50", http.getAttribute("http2-max-concurrent-streams"));
        assertEquals("true", http.getAttribute("http2-enabled"));
        assertEquals("false", http.getAttribute("server-header"));
        Element ssl = ServerFiles.elements(protocol, "ssl").get(0);
        assertEquals("/run/tls.p12", ssl.getAttribute("key-store"));
        assertEquals("PKCS12", ssl.getAttribute("key-store-type"));
        assertEquals("secret", ssl.getAttribute("key-store-password"));
        assertEquals(Transport.ALIAS, ssl.getAttribute("cert-nickname"));
        Element cleartext = ServerFiles.elements(inServerConfig(config, "protocol", "http-listener-1"), "http").get(0);
        assertFalse(cleartext.hasAttribute("timeout-seconds"), "the HTTP listener is left as it is");

        Document h1 = configured(Map.of("http", "h1-tls"), false, new Transport("h1-tls", Path.of("/run/tls.p12"), "secret"));
        assertEquals("false", ServerFiles.elements(inServerConfig(h1, "protocol", "http-listener-2"), "http").get(0)
                .getAttribute("http2-enabled"), "no HTTP/2 over h1-tls");
    }

    /** The element of the server's own configuration (server-config, not default-config). */
    private static Element inServerConfig(Document config, String element, String name) {
        return ServerFiles.elements(config, element).stream()
                .filter(e -> name.equals(e.getAttribute("name")) || name.equals(e.getAttribute("id")))
                .filter(e -> serverConfig(e)).findFirst().orElseThrow();
    }

    private static boolean serverConfig(Element element) {
        for (var node = element.getParentNode(); node instanceof Element parent; node = parent.getParentNode()) {
            if (parent.getLocalName().equals("config")) {
                return parent.getAttribute("name").equals("server-config");
            }
        }
        return false;
    }

    @Test
    void theKnobsGoToTheHttpListenersPoolTransportAndProtocol() throws Exception {
        Document config = configured(Map.of("maxThreadPoolSize", "1024", "minThreadPoolSize", "8", "maxConnectionsCount", "256",
                "timeout", "2500", "maxConnections", "-1"), false);
        Element pool = inServerConfig(config, "thread-pool", "http-thread-pool");
        assertEquals("1024", pool.getAttribute("max-thread-pool-size"));
        assertEquals("8", pool.getAttribute("min-thread-pool-size"));
        assertEquals("256", inServerConfig(config, "transport", "tcp").getAttribute("max-connections-count"));
        Element http = (Element) inServerConfig(config, "protocol", "http-listener-1").getElementsByTagNameNS("*", "http").item(0);
        assertEquals("2", http.getAttribute("timeout-seconds"), "whole seconds, rounded down");
        assertEquals("-1", http.getAttribute("max-connections"));
        assertEquals("false", http.getAttribute("server-header"));
        Element https = (Element) inServerConfig(config, "protocol", "http-listener-2").getElementsByTagNameNS("*", "http").item(0);
        assertFalse(https.hasAttribute("timeout-seconds"), "the HTTPS listener is left as it is");
        assertEquals("15", inServerConfig(config, "thread-pool", "admin-thread-pool").getAttribute("max-thread-pool-size"),
                "the admin listener's pool is left as it is");
    }

    @Test
    void everyListenerGetsItsOwnPortOnTheHost() throws Exception {
        Document config = configured(Map.of(), false);
        assertEquals(List.of("8001", "8002", "8003"), List.of("http-listener-1", "http-listener-2", "admin-listener").stream()
                .map(name -> inServerConfig(config, "network-listener", name).getAttribute("port")).toList());
        assertEquals("127.0.0.1", inServerConfig(config, "network-listener", "http-listener-1").getAttribute("address"));
        assertEquals(List.of("8004", "8005", "8006"), List.of("orb-listener-1", "SSL", "SSL_MUTUALAUTH").stream()
                .map(id -> inServerConfig(config, "iiop-listener", id).getAttribute("port")).toList());
        assertEquals("8007", inServerConfig(config, "jmx-connector", "system").getAttribute("port"));
        assertEquals("8008", inServerConfig(config, "system-property", "JMS_PROVIDER_PORT").getAttribute("value"));
        Element grid = ServerFiles.elements(config, "hazelcast-runtime-configuration").get(0);
        assertEquals(List.of("8009", "8010"), List.of(grid.getAttribute("start-port"), grid.getAttribute("das-port")));
    }

    @Test
    void theTargetsJvmOptionsReplaceTheDomainsHeapAndTheFileInstallPollsOftenerSoThatAStopIsQuick() throws Exception {
        Element java = ServerFiles.elements(configured(Map.of(), false), "java-config").stream().filter(DomainXmlTest::serverConfig)
                .findFirst().orElseThrow();
        List<String> options = ServerFiles.elements(java.getOwnerDocument(), "jvm-options").stream()
                .filter(e -> e.getParentNode() == java).map(Element::getTextContent).toList();
        assertFalse(options.contains("-Xmx512m"), "domain1's own heap is gone: " + options);
        assertTrue(options.containsAll(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1")), options.toString());
        assertEquals(List.of("-Dfelix.fileinstall.poll=500"), options.stream().filter(o -> o.startsWith("-Dfelix.fileinstall.poll=")).toList(),
                "the file install scans every 500 ms, so that a stop does not wait 5 s for it");
    }

    @Test
    void usersTurnOnTheDefaultRoleMappingAndAKnobWithoutAPlaceIsRefused() throws Exception {
        assertEquals("true", inServerConfig(configured(Map.of(), true), "security-service", "")
                .getAttribute("activate-default-principal-to-role-mapping"));
        var e = assertThrows(IllegalArgumentException.class, () -> configured(Map.of("maxThreads", "10"), false));
        assertTrue(e.getMessage().contains("maxThreads"), e.getMessage());
    }

    @Test
    void aPasswordIsHashedAsTheDistributionsOwnAdminKeyfileIs() throws Exception {
        // domain1's admin user, whose password is empty: the same salt and password give the same line.
        String admin = Files.readAllLines(domain.resolve("admin-keyfile")).stream().filter(line -> line.startsWith("admin;"))
                .findFirst().orElseThrow();
        String stored = admin.split(";")[1];
        byte[] raw = Base64.getDecoder().decode(stored.substring("{SSHA256}".length()));
        assertEquals(stored, PayaraTarget.ssha256("", Arrays.copyOfRange(raw, 32, raw.length)));
        assertTrue(PayaraTarget.keyfile(List.of(new containerbench.launcher.Users.User("alice", "s3cret", List.of("bench", "admin"))),
                new java.security.SecureRandom()).get(0).matches("alice;\\{SSHA256}[A-Za-z0-9+/=]{56};bench,admin"));
    }
}
