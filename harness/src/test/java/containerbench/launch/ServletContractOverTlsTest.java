package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract and hostile-request table of {@link ServletContractTest} over TLS: every container
 * started over HTTP/1.1 with TLS ({@code -Dhttp=h1-tls}, the run's key), each case sent byte for byte
 * on a TLS connection that offered HTTP/1.1 alone by ALPN, and the same answer required as over
 * cleartext. A case that needs the client to half-close its side is left out: TLS has no half-close.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServletContractOverTlsTest {

    private final RunningTargets targets = new RunningTargets();

    @BeforeAll
    void startTargets() throws Exception {
        targets.startAll(RunningTargets.containers(), Map.of("http", "h1-tls"));
    }


    /**
     * Jetty (embedded, the server, and Boot's) checks over TLS that a request's Host is a name of its certificate (SecureRequestCustomizer's
     * sniHostCheck, on by default) and answers 400 "Invalid SNI" where it is not: the cases sent with
     * {@code Host: x}, which the run's certificate (localhost, 127.0.0.1) does not name, once the request
     * is parsed (its parser's own refusals, 431 or 505, come first). The other containers answer as over
     * cleartext.
     */
    private static ServletContractTest.Case overTls(String container, ServletContractTest.Case c) {
        boolean otherHost = c.request().contains("\r\nHost: x\r\n");
        int cleartext = c.on(container).status();
        boolean parsed = cleartext > 0 && (cleartext < 400 || List.of(403, 405, 413, 415).contains(cleartext));
        if (!container.contains("jetty") || !otherHost || !parsed) {
            return c;
        }
        Map<String, ServletContractTest.Expect> differs = new java.util.HashMap<>(c.differs());
        differs.put(container, new ServletContractTest.Expect(400, null));
        return new ServletContractTest.Case(c.name(), c.request(), false, c.halfClose(), c.expect(), differs);
    }

    /** Every case on one container, one after another; the containers side by side, each its own server. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("containerbench.launch.RunningTargets#containers")
    @Execution(ExecutionMode.CONCURRENT)
    void answersEveryCaseOverTlsAsOverCleartext(String container) {
        assertAll(container, ServletContractTest.CASES.stream().filter(c -> !c.halfClose())
                .map(c -> () -> ServletContractTest.named(c, () -> answersOverTlsAsOverCleartext(container, c))));
    }

    private void answersOverTlsAsOverCleartext(String container, ServletContractTest.Case c) throws Exception {
        int port = targets.port(container);
        RawHttp.Answer answer = RawHttp.exchangeOverTls(port, c.request().getBytes(StandardCharsets.UTF_8));
        ServletContractTest.check(container, overTls(container, c), answer);
        if (overTls(container, c) != c) {
            assertTrue(answer.body().isEmpty() || answer.body().contains("Invalid SNI"), answer.body());
        }
        assertEquals(ServletContractTest.ECHO, RawHttp.exchangeOverTls(port, ServletContractTest.get(ServletContractTest.LOGIN)
                .getBytes(StandardCharsets.UTF_8)).body(), "a normal login still works afterwards");
    }

    @ParameterizedTest
    @MethodSource("containerbench.launch.RunningTargets#containers")
    void servesTheLoginOverHttp11WithTlsAndItsHandshakeSaysSo(String container) throws Exception {
        TransportTest.servesTheLoginOver("h1-tls", targets.target(container));
    }

    @org.junit.jupiter.api.Test
    void aHandshakeThatAgreesOnAnotherProtocolStopsTheRunNamingIt() {
        java.net.URI jetty = targets.target("jetty").baseUrl();
        var error = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> Negotiation.checked("jetty[http=h2]", "h2", jetty.getHost(), jetty.getPort()));
        assertEquals("jetty[http=h2] was asked for h2 but its TLS handshake agreed on http/1.1 (no ALPN), offered h2 and"
                + " http/1.1", error.getMessage());
    }

    @AfterAll
    void stopTargets() {
        targets.close();
    }
}
