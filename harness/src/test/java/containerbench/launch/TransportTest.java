package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.TargetProtocol;
import containerbench.launcher.TrustAll;
import containerbench.settings.Given;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every container that serves TLS, over HTTP/1.1 and HTTP/2: the run's own key, the protocol its
 * handshake agreed checked before any load, and the login answered over what was asked. The login over
 * each transport is checked on the targets {@link ServletContractOverTlsTest} and {@link Http2HostileTest}
 * start anyway ({@link #servesTheLoginOver}); here, what needs targets of its own: the common HTTP/2
 * settings, OpenSSL, and the refusals.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TransportTest {

    private final RunningTargets settled = new RunningTargets();

    private static final Path JAVA_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    /**
     * Every container over h2 with HTTP/2 settings other than every one's default, started side by
     * side; WildFly with OpenSSL, and the Tomcat server with OpenSSL on a Java 25 target where there
     * is one, each their only start here over OpenSSL.
     */
    @BeforeAll
    void startTargets() throws Exception {
        Map<String, Map<String, String>> openSsl = new HashMap<>(Map.of("wildfly", Map.of("tls", "openssl")));
        if (Files.isExecutable(JAVA_25)) {
            openSsl.put("tomcat-server", Map.of("tls", "openssl", "target.java", JAVA_25.toString()));
        }
        settled.startAll(http2Tunable(), Map.of("http", "h2", "h2Streams", "50", "h2Window", "131072"), openSsl);
    }

    /**
     * The containers that take the common HTTP/2 settings: all but Spring Boot's, which has no property
     * for them (its servers run with their own defaults, as a Boot service does).
     */
    static List<String> http2Tunable() {
        return RunningTargets.containers().stream().filter(container -> RunningTargets.CATALOG.knobsOf(container).stream()
                .anyMatch(knob -> "h2Streams".equals(knob.common()))).toList();
    }

    @AfterAll
    void stopTargets() {
        settled.close();
    }

    /**
     * What a target started over {@code http} must show: the scheme, what its handshake agreed, the run's
     * key store beside its log, the login answered over that protocol, and over h2 the settings it
     * announced equal to those it reported.
     */
    static void servesTheLoginOver(String http, RunningTarget target) throws Exception {
        String container = target.settings().container();
        assertEquals("https", target.baseUrl().getScheme());
        Negotiation agreed = target.negotiation();
        assertEquals(http.equals("h2") ? "h2" : "http/1.1", agreed.protocol(), agreed.toString());
        assertTrue(agreed.tlsVersion().startsWith("TLSv1."), agreed.toString());
        assertTrue(Files.exists(target.log().getParent().resolve("tls-" + ProcessHandle.current().pid() + ".p12")),
                "the run's key store beside the logs");
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).sslContext(TrustAll.context()).build();
        HttpResponse<String> login = client.send(HttpRequest.newBuilder(URI.create(target.baseUrl()
                + "/loginServlet?username=ann&password=s3cret")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, login.statusCode());
        assertTrue(login.body().contains("username: ann") && login.body().contains("password: s3cret"), login.body());
        assertEquals(http.equals("h2") ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1, login.version());
        if (http.equals("h2")) {
            // What the container said it holds is what it announced to a client; but Payara's
            // Grizzly leaves its default of 100 streams out of its SETTINGS frame
            // (Http2Session.prepareSettings sends only what differs from its own default), so a
            // client is told of no limit.
            System.out.println("TransportTest: " + container + " announced " + agreed.http2());
            Map<String, String> reported = new HashMap<>(reportedHttp2(container, target));
            if (reported.isEmpty()) {
                // Spring Boot's targets: no HTTP/2 knob, so nothing reported to compare.
                return;
            }
            if (container.equals("payara")) {
                assertEquals("100", reported.put("h2Streams", "-1"));
            }
            assertEquals(reported, announcedAsReported(agreed), agreed.toString());
        } else {
            assertNull(agreed.http2());
        }
    }

    /** The target's reported streams and window, under the common names, "-1" meaning no limit. */
    private static Map<String, String> reportedHttp2(String container, RunningTarget target) {
        Map<String, String> reported = TargetProtocol.knobs(target.facts());
        Map<String, String> byCommon = new HashMap<>();
        RunningTargets.CATALOG.knobsOf(container).stream().filter(knob -> knob.common() != null && knob.common().startsWith("h2"))
                .forEach(knob -> byCommon.put(knob.common(), reported.get(knob.name())));
        return byCommon;
    }

    /** The same from the server's SETTINGS frame, a streams limit it left out being HTTP/2's: none. */
    private static Map<String, String> announcedAsReported(Negotiation agreed) {
        Long streams = agreed.http2().get("maxConcurrentStreams");
        Long window = agreed.http2().get("initialWindowSize");
        return Map.of("h2Streams", streams == null ? "-1" : streams.toString(), "h2Window", window == null ? "65535" : window.toString());
    }

    @ParameterizedTest
    @MethodSource("http2Tunable")
    void eachContainerTakesTheCommonHttp2SettingsAndAnnouncesThem(String container) {
        RunningTarget target = settled.target(container);
        assertEquals(Map.of("h2Streams", "50", "h2Window", "131072"), reportedHttp2(container, target));
        assertEquals(Map.of("h2Streams", "50", "h2Window", "131072"), announcedAsReported(target.negotiation()),
                target.negotiation().toString());
    }

    @Test
    void anHttp2SettingForATargetThatDoesNotSpeakItStopsItsStartNamingIt() {
        RunSettings run = RunningTargets.run("jetty", Map.of("http", "h1-tls", "h2Streams", "50", "target.jvmArgs", RunningTargets.JVM));
        var error = assertThrows(IllegalStateException.class, () -> RunningTarget.start(run.target(), run, RunningTargets.CATALOG,
                RunningTargets.folder("h2").resolve("jetty.log")));
        assertTrue(error.getMessage().contains("--maxConcurrentStreams is an HTTP/2 setting, and this target speaks h1-tls"
                + " (--http h2 to use it)"), error.getMessage());
    }

    @Test
    void theTomcatServerServesOverOpenSslOnAJava22PlusTarget() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(JAVA_25), "no Java 25 beside this one");
        // Tomcat's own word that OpenSSL, not JSSE, made the connector's TLS.
        String logged = loginOverH2WithOpenSsl(settled.target("tomcat-server"), "sslImplementationName");
        assertTrue(logged.contains("OpenSSL successfully initialized using FFM") && logged.contains("\"https-opensslffm-nio-"), logged);
    }

    // WildFly's server-ssl-context from the openssl provider standalone.xml loads (wildfly-openssl over the system's libssl).
    @Test
    void wildFlyServesOverOpenSslFromItsOwnProvider() throws Exception {
        // wildfly-openssl's own word that it loaded the system's OpenSSL.
        String logged = loginOverH2WithOpenSsl(settled.target("wildfly"), "sslProviders");
        assertTrue(logged.contains("WFOPENSSL0002 OpenSSL Version OpenSSL"), logged);
    }

    /**
     * A target started over h2 with OpenSSL, which its launcher reports as {@code knob}: it agreed on h2
     * and answers a login over HTTP/2. Its log so far.
     */
    private static String loginOverH2WithOpenSsl(RunningTarget target, String knob) throws Exception {
        assertEquals("h2", target.negotiation().protocol(), target.negotiation().toString());
        assertEquals("openssl", TargetProtocol.knobs(target.facts()).get(knob));
        HttpClient client = HttpClient.newBuilder().sslContext(TrustAll.context()).build();
        HttpResponse<String> login = client.send(HttpRequest.newBuilder(URI.create(target.baseUrl()
                + "/loginServlet?username=ann&password=s3cret")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, login.statusCode());
        assertEquals(HttpClient.Version.HTTP_2, login.version());
        return Files.readString(target.log());
    }

    @Test
    void theTomcatServerRefusesOpenSslOnATargetOlderThanJava22() {
        int java = Runtime.version().feature();
        Assumptions.assumeTrue(java < 22, "the target runs this JVM, Java " + java + ", which has the FFM API");
        RunSettings old = RunningTargets.run("tomcat-server", Map.of("http", "h1-tls", "tls", "openssl",
                "target.jvmArgs", RunningTargets.JVM));
        var refused = assertThrows(IllegalStateException.class, () -> RunningTarget.start(old.target(), old, RunningTargets.CATALOG,
                RunningTargets.folder("tls").resolve("tomcat-server-openssl-old.log")));
        assertTrue(refused.getMessage().contains("--sslImplementationName openssl needs a Java 22+ target JVM (Tomcat reaches"
                + " OpenSSL through its FFM API); this one is Java " + java), refused.getMessage());
    }

    @Test
    void aTransportNoContainerKnowsIsRefusedBeforeAnyStartNamingWhatEachAccepts() {
        SettingException typo = assertThrows(SettingException.class, () -> RunningTargets.run("tomcat", Map.of("http", "h3")));
        assertEquals("bad value -Dhttp=h3: tomcat's http accepts one of h1, h1-tls, h2", typo.getMessage());
        SettingException server = assertThrows(SettingException.class, () -> RunSettings.from(Given.maven(
                Map.of("containers", "tomcat,wildfly[http=h2c]")), RunningTargets.CATALOG, 2));
        assertEquals("bad value http=h2c in wildfly[http=h2c] (-Dcontainers): wildfly's http accepts one of h1, h1-tls, h2", server.getMessage());
    }
}
