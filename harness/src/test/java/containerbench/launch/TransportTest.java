package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.TargetProtocol;
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
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every container that serves TLS, over HTTP/1.1 and HTTP/2: the run's own key, the protocol its
 * handshake agreed checked before any load, and the login answered over what was asked.
 */
class TransportTest {

    static Stream<Arguments> transports() {
        return Stream.of("tomcat", "undertow", "jetty").flatMap(container -> Stream.of("h1-tls", "h2")
                .map(http -> Arguments.of(container, http)));
    }

    @ParameterizedTest
    @MethodSource("transports")
    void aTargetServesTheLoginOverWhatItWasAskedAndItsHandshakeSaysSo(String container, String http) throws Exception {
        RunSettings run = RunningTargets.run(container, Map.of("http", http, "target.jvmArgs", RunningTargets.JVM));
        Path logs = RunningTargets.folder("tls");
        try (RunningTarget target = RunningTarget.start(run.target(), run, RunningTargets.CATALOG, logs.resolve(container + ".log"))) {
            assertEquals("https", target.baseUrl().getScheme());
            Negotiation agreed = target.negotiation();
            assertEquals(http.equals("h2") ? "h2" : "http/1.1", agreed.protocol(), agreed.toString());
            assertTrue(agreed.tlsVersion().startsWith("TLSv1."), agreed.toString());
            assertTrue(Files.exists(logs.resolve("tls-" + ProcessHandle.current().pid() + ".p12")),
                    "the run's key store beside the logs");
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).sslContext(TrustAll.context()).build();
            HttpResponse<String> login = client.send(HttpRequest.newBuilder(URI.create(target.baseUrl()
                    + "/loginServlet?username=ann&password=s3cret")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, login.statusCode());
            assertTrue(login.body().contains("username: ann") && login.body().contains("password: s3cret"), login.body());
            assertEquals(http.equals("h2") ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1, login.version());
        }
    }

    static Stream<Arguments> http2Defaults() {
        return Stream.of(Arguments.of("tomcat", "maxConcurrentStreams", "100", "initialWindowSize", "65535"),
                Arguments.of("undertow", "http2MaxConcurrentStreams", "-1", "http2InitialWindowSize", "65535"),
                Arguments.of("jetty", "maxConcurrentStreams", "128", "initialStreamRecvWindow", "524288"));
    }

    @ParameterizedTest
    @MethodSource("http2Defaults")
    void eachContainerReportsItsOwnHttp2DefaultsAndTakesTheCommonOnes(String container, String streams, String defaultStreams,
            String window, String defaultWindow) throws Exception {
        assertEquals(Map.of(streams, defaultStreams, window, defaultWindow), http2Settings(container, Map.of(), streams, window));
        assertEquals(Map.of(streams, "50", window, "131072"), http2Settings(container, Map.of("h2Streams", "50", "h2Window", "131072"),
                streams, window));
    }

    /** The two settings as the target reported them after its start over h2 with {@code knobs}. */
    private static Map<String, String> http2Settings(String container, Map<String, String> knobs, String streams, String window)
            throws Exception {
        Map<String, String> properties = new HashMap<>(knobs);
        properties.putAll(Map.of("http", "h2", "target.jvmArgs", RunningTargets.JVM));
        RunSettings run = RunningTargets.run(container, properties);
        try (RunningTarget target = RunningTarget.start(run.target(), run, RunningTargets.CATALOG,
                RunningTargets.folder("h2").resolve(container + ".log"))) {
            Map<String, String> reported = TargetProtocol.knobs(target.facts());
            return Map.of(streams, reported.get(streams), window, reported.get(window));
        }
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
    void aCleartextTargetHasNoHandshakeToCheck() throws Exception {
        RunSettings run = RunningTargets.run("undertow", Map.of("target.jvmArgs", RunningTargets.JVM));
        try (RunningTarget target = RunningTarget.start(run.target(), run, RunningTargets.CATALOG,
                RunningTargets.folder("cleartext").resolve("undertow.log"))) {
            assertEquals("http", target.baseUrl().getScheme());
            assertNull(target.negotiation());
        }
    }

    @Test
    void aTransportNoContainerKnowsOrOneAContainerLacksIsRefusedBeforeAnyStart() {
        SettingException typo = assertThrows(SettingException.class, () -> RunningTargets.run("tomcat", Map.of("http", "h3")));
        assertEquals("bad value -Dhttp=h3: tomcat's http accepts one of h1, h1-tls, h2", typo.getMessage());
        SettingException server = assertThrows(SettingException.class, () -> RunSettings.from(Given.maven(
                Map.of("containers", "tomcat,tomcat-server", "http", "h2")), RunningTargets.CATALOG, 2));
        assertEquals("-Dhttp has no counterpart on tomcat-server (jetty calls it http); tomcat-server's knobs are maxThreads,"
                + " acceptCount, connectionTimeout, enableLookups, maxConnections, keepAliveTimeout, maxKeepAliveRequests",
                server.getMessage());
    }

    @Test
    void aHandshakeThatAgreesOnAnotherProtocolStopsTheRunNamingIt() throws Exception {
        RunSettings run = RunningTargets.run("jetty", Map.of("http", "h1-tls", "target.jvmArgs", RunningTargets.JVM));
        try (RunningTarget target = RunningTarget.start(run.target(), run, RunningTargets.CATALOG,
                RunningTargets.folder("tls").resolve("jetty.log"))) {
            var error = assertThrows(IllegalStateException.class, () -> Negotiation.checked("jetty[http=h2]", "h2",
                    target.baseUrl().getHost(), target.baseUrl().getPort()));
            assertEquals("jetty[http=h2] was asked for h2 but its TLS handshake agreed on http/1.1 (no ALPN), offered h2 and"
                    + " http/1.1", error.getMessage());
        }
    }
}
