package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The login servlet's answers on every container, each started as the benchmark starts it: in its
 * own JVM on a free port. Where a container answers before the servlet sees the request, the
 * table records that container's own answer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServletContractTest {

    static final String LOGIN = "username=1&password=1";
    static final String ECHO = "username: 1\npassword: 1\n";

    /** One container's answer: a status (-1: the connection closed without one) and, if known, the body. */
    record Expect(int status, String body) {
    }

    /**
     * One request, sent byte for byte.
     *
     * @param servlet whether the servlet itself answers (then type, length and nosniff are checked)
     * @param halfClose whether the client stops sending after the request
     * @param differs a container's own answer where it differs from {@code expect}
     */
    record Case(String name, String request, boolean servlet, boolean halfClose, Expect expect, Map<String, Expect> differs) {

        Expect on(String container) {
            return differs.getOrDefault(container, expect);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The servlet answers, the same on every container. */
    private static Case servlet(String name, String request, int status, String body) {
        return new Case(name, request, true, false, new Expect(status, body), Map.of());
    }

    /** The container answers before the servlet runs, with this status everywhere (any body). */
    private static Case container(String name, String request, int status, Map<String, Expect> differs) {
        return new Case(name, request, false, false, new Expect(status, null), differs);
    }

    static String get(String query) {
        return "GET /loginServlet?" + query + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    }

    private static String post(String type, String body) {
        return "POST /loginServlet HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + (type == null ? "" : "Content-Type: " + type + "\r\n")
                + "Content-Length: " + body.length() + "\r\n\r\n" + body;
    }

    private static final String FORM = "application/x-www-form-urlencoded";

    static final List<Case> CASES = List.of(
            servlet("the study's GET", get(LOGIN), 200, ECHO),
            servlet("the same login as a form POST", post(FORM, LOGIN), 200, ECHO),
            servlet("a form POST with a charset", post(FORM + "; charset=UTF-8", LOGIN), 200, ECHO),
            servlet("a chunked form POST", "POST /loginServlet HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: " + FORM
                    + "\r\nTransfer-Encoding: chunked\r\n\r\n15\r\n" + LOGIN + "\r\n0\r\n\r\n", 200, ECHO),
            servlet("UTF-8 and plus decoded", get("username=j%C3%BCrgen+k&password=p"), 200, "username: jürgen k\npassword: p\n"),
            servlet("script in a value stays text", get("username=%3Cscript%3Ealert(1)%3C%2Fscript%3E&password=p"), 200,
                    "username: <script>alert(1)</script>\npassword: p\n"),
            servlet("a body longer than declared: the rest is ignored", post(FORM, LOGIN).replace("\r\n\r\n" + LOGIN,
                    "\r\n\r\n" + LOGIN + "GARBAGE GARBAGE"), 200, ECHO),
            servlet("no query", "GET /loginServlet HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 400,
                    "missing parameter: username\n"),
            servlet("missing password", get("username=1"), 400, "missing parameter: password\n"),
            servlet("empty username", get("username=&password=1"), 400, "empty parameter: username\n"),
            servlet("empty password in a POST", post(FORM, "username=1&password="), 400, "empty parameter: password\n"),
            servlet("duplicated username", get("username=1&username=2&password=1"), 400,
                    "parameter username is given more than once\n"),
            servlet("duplicated password in a POST", post(FORM, "username=1&password=1&password=2"), 400,
                    "parameter password is given more than once\n"),
            servlet("value of 257 characters", get("username=" + "a".repeat(257) + "&password=1"), 400,
                    "parameter username is longer than 256 characters\n"),
            servlet("invalid UTF-8", get("username=%C3%28&password=1"), 400, "parameter username is not valid UTF-8\n"),
            servlet("NUL in a value", get("username=a%00b&password=1"), 400, "parameter username contains a control character\n"),
            servlet("CR LF in a value", get("username=a%0D%0ASet-Cookie:x&password=1"), 400,
                    "parameter username contains a control character\n"),
            // Undertow (embedded on either line, in WildFly or in Boot) refuses a bad escape in the query itself, before any servlet runs.
            new Case("malformed percent-encoding", get("username=%ZZ&password=1"), true, false,
                    new Expect(400, "parameter username has malformed percent-encoding\n"),
                    Map.of("undertow", new Expect(400, ""), "undertow-ee", new Expect(400, ""), "wildfly", new Expect(400, ""),
                            "spring3-undertow", new Expect(400, ""))),
            servlet("malformed percent-encoding in a POST body", post(FORM, "username=%ZZ&password=1"), 400,
                    "parameter username has malformed percent-encoding\n"),
            servlet("POST without a form type", post("text/plain", LOGIN), 415, "content type must be " + FORM + "\n"),
            servlet("POST body over 8 KB", post(FORM, "username=1&password=" + "p".repeat(9000)), 413,
                    "request body larger than 8192 bytes\n"),
            servlet("PUT", "PUT /loginServlet HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
                    405, "method not allowed: use GET or POST\n"),
            servlet("DELETE", "DELETE /loginServlet HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 405,
                    "method not allowed: use GET or POST\n"),
            servlet("HEAD", "HEAD /loginServlet?" + LOGIN + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405, ""),
            servlet("OPTIONS", "OPTIONS /loginServlet HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405,
                    "method not allowed: use GET or POST\n"),
            // Tomcat refuses TRACE itself (allowTrace is off); Undertow lets the servlet refuse it; the Jetty
            // distribution's webdefault-ee10.xml forbids it with a security constraint; Liberty answers 403
            // "Illegal request. Default implementation of TRACE not allowed."
            container("TRACE", "TRACE /loginServlet HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405,
                    Map.of("jetty-server", new Expect(403, ""), "liberty", new Expect(403, null))),
            // Payara closes the connection without an answer.
            new Case("a body shorter than declared, then the client stops", "POST /loginServlet HTTP/1.1\r\nHost: x\r\n"
                    + "Connection: close\r\nContent-Type: " + FORM + "\r\nContent-Length: 100\r\n\r\n" + LOGIN, false, true,
                    new Expect(400, null), Map.of("payara", new Expect(-1, null))),
            // Jetty, embedded, standalone or in Boot, names the limit it hit: 414 URI Too Long, 431 Request Header Fields Too Large.
            container("a value of 100,000 characters", get("username=" + "a".repeat(100_000) + "&password=1"), 400,
                    everyJetty(new Expect(414, null))),
            container("a header of 64 KB", "GET /loginServlet?" + LOGIN + " HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(65_536)
                    + "\r\nConnection: close\r\n\r\n", 400, everyJetty(new Expect(431, null))),
            container("NUL in the request line", get("username=a\0b&password=1"), 400, Map.of()),
            // WildFly 39.0.1.Final ships Undertow 2.3.23.Final and Boot 3.5.7 Undertow 2.3.20.Final, which take it;
            // embedded Undertow 2.3.26 refuses it.
            container("a bare CR inside a header", "GET /loginServlet?" + LOGIN + " HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n"
                    + "Connection: close\r\n\r\n", 400, Map.of("wildfly", new Expect(200, ECHO), "spring3-undertow", new Expect(200, ECHO))),
            container("raw non-ASCII in the request target", get("username=ü&password=1"), 400, Map.of()),
            // Liberty looks the path up: 404, the path HTML-escaped, and the exception's class named; Payara
            // answers 404 with a page that does not repeat the path.
            container("script in the request target", "GET /<script>alert(1)</script>?" + LOGIN
                    + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400,
                    Map.of("liberty", new Expect(404, null), "payara", new Expect(404, null))),
            // Liberty and Payara take any characters as a method, and the servlet refuses it.
            container("script as the method", "<script>alert(1)</script> /loginServlet HTTP/1.1\r\nHost: x\r\n"
                    + "Connection: close\r\n\r\n", 400, Map.of("liberty", new Expect(405, "method not allowed: use GET or POST\n"),
                            "payara", new Expect(405, "method not allowed: use GET or POST\n"))),
            // Payara closes the connection without an answer.
            container("garbage instead of HTTP", "\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001garbage\r\n\r\n", 400,
                    Map.of("payara", new Expect(-1, null))),
            // Liberty serves an HTTP/1.1 request without Host, and one with two different Content-Lengths (it
            // reads the first), where RFC 9112 says to refuse both: a proxy reading the other length in front of
            // it would see a different request (smuggling).
            container("HTTP/1.1 without Host", "GET /loginServlet?" + LOGIN + " HTTP/1.1\r\nConnection: close\r\n\r\n", 400,
                    Map.of("liberty", new Expect(200, ECHO))),
            container("two different Content-Lengths", "POST /loginServlet HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + "Content-Type: " + FORM + "\r\nContent-Length: 21\r\nContent-Length: 5\r\n\r\n" + LOGIN, 400,
                    Map.of("liberty", new Expect(200, ECHO))),
            // Undertow, embedded, in WildFly or in Boot, closes the connection without an answer.
            container("an invalid chunk size", "POST /loginServlet HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: "
                    + FORM + "\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nusername=1\r\n0\r\n\r\n", 400,
                    Map.of("undertow", new Expect(-1, null), "undertow-ee", new Expect(-1, null), "wildfly", new Expect(-1, null),
                            "spring3-undertow", new Expect(-1, null))),
            // WildFly resolves the path to /loginServlet, which stays inside the root, and serves it; Boot's
            // Undertow finds nothing there and Boot's error controller answers 404 in JSON.
            container("a path that climbs out of the root", "GET /../loginServlet?" + LOGIN
                    + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400,
                    Map.of("undertow", new Expect(404, null), "undertow-ee", new Expect(404, null), "wildfly", new Expect(200, ECHO),
                            "spring3-undertow", new Expect(404, null))),
            // Embedded Undertow serves an unknown HTTP version as HTTP/1.1; Tomcat refuses it with 505, WildFly and
            // Boot's Undertow 2.3.20 with 400; Liberty serves it and answers "HTTP/9.9 200 OK".
            container("an unknown HTTP version", "GET /loginServlet?" + LOGIN + " HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n",
                    505, Map.of("undertow", new Expect(200, ECHO), "undertow-ee", new Expect(200, ECHO), "wildfly", new Expect(400, null),
                            "liberty", new Expect(200, ECHO),
                            "spring3-undertow", new Expect(400, null))));

    /** The same answer from every Jetty: embedded, the server, and Boot's on both Boot lines. */
    private static Map<String, Expect> everyJetty(Expect expect) {
        return Map.of("jetty", expect, "jetty-server", expect, "spring-jetty", expect, "spring3-jetty", expect);
    }

    private static final java.util.regex.Pattern STACK_FRAME = java.util.regex.Pattern.compile("\\bat [\\w$.]+\\([\\w$]+\\.java:\\d+\\)");

    /**
     * The servlet's type: charset names are case-insensitive (Jetty lower-cases them), and Liberty
     * writes a space after the semicolon, as HTTP allows.
     */
    private static boolean isPlainText(String contentType) {
        return contentType != null && contentType.replace(" ", "").equalsIgnoreCase("text/plain;charset=UTF-8");
    }

    private static String lowerCase(String value) {
        return value == null ? null : value.toLowerCase(java.util.Locale.ROOT);
    }

    private final RunningTargets targets = new RunningTargets();

    @BeforeAll
    void startTargets() throws Exception {
        targets.startAll(RunningTargets.containers());
    }

    /** Every case on one container, one after another; the containers side by side, each its own server. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("containerbench.launch.RunningTargets#containers")
    @Execution(ExecutionMode.CONCURRENT)
    void answersEveryCase(String container) {
        assertAll(container, CASES.stream().map(c -> () -> named(c, () -> answers(container, c))));
    }

    /** Runs {@code check}, a failure named by its case. */
    static void named(Object c, org.junit.jupiter.api.function.Executable check) throws Throwable {
        try {
            check.execute();
        } catch (AssertionError e) {
            throw new AssertionError(c + ": " + e.getMessage(), e);
        }
    }

    private void answers(String container, Case c) throws Exception {
        int port = targets.port(container);
        RawHttp.Answer answer = RawHttp.exchange(port, c.request().getBytes(StandardCharsets.UTF_8), c.halfClose());
        check(container, c, answer);
        assertEquals(ECHO, RawHttp.exchange(port, get(LOGIN)).body(), "a normal login still works afterwards");
    }

    /** What every container must answer to {@code c}, over cleartext or TLS: its expected status and body, never a 5xx or a stack trace. */
    static void check(String container, Case c, RawHttp.Answer answer) {
        Expect expect = c.on(container);
        assertEquals(expect.status(), answer.status(), () -> "whole answer: " + answer);
        if (expect.body() != null) {
            assertEquals(expect.body(), answer.body());
        }
        assertTrue(answer.status() < 500 || answer.status() == 505, "never a server error");
        // A frame of one ("at java.io.X.y(X.java:1)"); Liberty's 404 page names an exception's class, but no more.
        assertFalse(STACK_FRAME.matcher(answer.body()).find(), "never a stack trace");
        if (!isPlainText(answer.header("Content-Type"))) {
            assertFalse(answer.body().toLowerCase(java.util.Locale.ROOT).contains("<script"), "nothing a browser could run");
        }
        if (c.servlet() && !c.differs().containsKey(container) && answer.status() > 0) {
            // The servlet answered: plain text a browser must not sniff, of the declared length.
            assertTrue(isPlainText(answer.header("Content-Type")), answer.header("Content-Type"));
            assertEquals("nosniff", answer.header("X-Content-Type-Options"));
            if (!c.request().startsWith("HEAD ")) {
                assertEquals(String.valueOf(expect.body().getBytes(StandardCharsets.UTF_8).length), answer.header("Content-Length"));
            }
        }
        if (answer.status() == 405 && c.servlet()) {
            assertEquals("GET, POST", answer.header("Allow"));
        }
    }

    @Test
    void aClientThatStallsInItsHeadersIsCutOffAtTheContainersTimeout() throws Exception {
        // Every container stalled at once: each waits out its own 2 s timeout, and no test waits out eight in turn.
        Map<String, java.net.Socket> stalled = new LinkedHashMap<>();
        try {
            for (String container : RunningTargets.containers()) {
                java.net.Socket socket = new java.net.Socket("127.0.0.1", targets.port(container));
                stalled.put(container, socket);
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write("GET /loginServlet?username=1&password=1 HTTP/1.1\r\nHost: x\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
            }
            long start = System.nanoTime();
            for (Map.Entry<String, java.net.Socket> entry : stalled.entrySet()) {
                // The targets here run with 2 s timeouts; the read returns when the container closes.
                int read = entry.getValue().getInputStream().read();
                long millis = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                System.out.println("ServletContractTest: " + entry.getKey() + " had cut a stalled request off " + millis
                        + " ms after the last one was sent");
                assertTrue(read == -1 || read == 'H', entry.getKey() + " closed (or answered) the stalled request");
            }
        } finally {
            for (java.net.Socket socket : stalled.values()) {
                socket.close();
            }
        }
    }

    @Test
    void everyContainerSendsTheSameHeadersThatMatterAndTheSameBytes() throws Exception {
        List<String> containers = RunningTargets.containers();
        assertTrue(containers.size() >= 2, "at least two containers to compare: " + containers);
        RawHttp.Answer first = RawHttp.exchange(targets.port(containers.get(0)), get(LOGIN));
        for (String container : containers.subList(1, containers.size())) {
            RawHttp.Answer other = RawHttp.exchange(targets.port(container), get(LOGIN));
            assertEquals(first.status(), other.status(), container);
            assertEquals(200, other.status(), container);
            assertEquals(first.body(), other.body(), container);
            assertTrue(isPlainText(other.header("content-type")), container);
            for (String header : List.of("content-length", "x-content-type-options", "connection",
                    "transfer-encoding", "set-cookie", "server")) {
                // Compared as HTTP compares them: Liberty writes "Connection: Close".
                assertEquals(lowerCase(first.header(header)), lowerCase(other.header(header)), container + ": header " + header);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("containerbench.launch.RunningTargets#containers")
    void aCleartextTargetHasNoHandshakeToCheck(String container) {
        assertEquals("http", targets.target(container).baseUrl().getScheme());
        assertNull(targets.target(container).negotiation());
    }

    @Test
    void thePasswordNeverReachesATargetLog() throws Exception {
        String secret = "s3cr3t-" + System.nanoTime();
        for (String container : RunningTargets.containers()) {
            int port = targets.port(container);
            RawHttp.exchange(port, get("username=u&password=" + secret));
            RawHttp.exchange(port, get("username=%ZZ&password=" + secret));
            String log = java.nio.file.Files.readString(targets.target(container).log());
            assertFalse(log.contains(secret), container + " logged the password");
        }
    }

    /** Stopped as a run stops them: each launcher, and with it every process a standalone server started. */
    @AfterAll
    void stopTargets() throws Exception {
        List<Long> servers = RunningTargets.containers().stream().map(targets::target)
                .map(p -> p.facts().get(containerbench.launcher.TargetProtocol.SERVER_PID)).filter(java.util.Objects::nonNull)
                .map(Long::parseLong).toList();
        targets.close();
        assertEquals(List.of(), servers.stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .toList(), "every standalone server's JVM stopped with its launcher");
    }
}
