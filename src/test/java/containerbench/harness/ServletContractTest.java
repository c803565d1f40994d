package containerbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The login servlet's answers on every container, each started as the benchmark starts it: in its
 * own JVM on a free port. Where a container answers before the servlet sees the request, the
 * table records that container's own answer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServletContractTest {

    private static final String LOGIN = "username=1&password=1";
    private static final String ECHO = "username: 1\npassword: 1\n";

    /**
     * @param body the exact body expected, or null for any
     * @param differs container -> {status, body} where that container answers differently
     */
    record Case(String name, String request, int status, String body, Map<String, Object[]> differs) {

        Case(String name, String request, int status, String body) {
            this(name, request, status, body, Map.of());
        }

        int statusOn(String container) {
            return differs.containsKey(container) ? (Integer) differs.get(container)[0] : status;
        }

        String bodyOn(String container) {
            return differs.containsKey(container) ? (String) differs.get(container)[1] : body;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static String get(String query) {
        return "GET /loginServlet?" + query + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    }

    private static String post(String type, String body) {
        return "POST /loginServlet HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + (type == null ? "" : "Content-Type: " + type + "\r\n")
                + "Content-Length: " + body.length() + "\r\n\r\n" + body;
    }

    static final List<Case> CASES = List.of(
            new Case("the study's GET", get(LOGIN), 200, ECHO),
            new Case("the same login as a form POST", post("application/x-www-form-urlencoded", LOGIN), 200, ECHO),
            new Case("a form POST with a charset", post("application/x-www-form-urlencoded; charset=UTF-8", LOGIN), 200, ECHO),
            new Case("UTF-8 and plus decoded", get("username=j%C3%BCrgen+k&password=p"), 200, "username: jürgen k\npassword: p\n"),
            new Case("script in a value stays text", get("username=%3Cscript%3Ealert(1)%3C%2Fscript%3E&password=p"), 200,
                    "username: <script>alert(1)</script>\npassword: p\n"),
            new Case("no query", "GET /loginServlet HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 400,
                    "missing parameter: username\n"),
            new Case("missing password", get("username=1"), 400, "missing parameter: password\n"),
            new Case("empty username", get("username=&password=1"), 400, "empty parameter: username\n"),
            new Case("duplicated username", get("username=1&username=2&password=1"), 400,
                    "parameter username is given more than once\n"),
            new Case("value of 257 characters", get("username=" + "a".repeat(257) + "&password=1"), 400,
                    "parameter username is longer than 256 characters\n"),
            new Case("invalid UTF-8", get("username=%C3%28&password=1"), 400, "parameter username is not valid UTF-8\n"),
            new Case("NUL in a value", get("username=a%00b&password=1"), 400, "parameter username contains a control character\n"),
            new Case("CR LF in a value", get("username=a%0D%0ASet-Cookie:x&password=1"), 400,
                    "parameter username contains a control character\n"),
            // Undertow refuses a bad escape in the query itself, before any servlet runs.
            new Case("malformed percent-encoding", get("username=%ZZ&password=1"), 400,
                    "parameter username has malformed percent-encoding\n", Map.of("undertow", new Object[] {400, ""})),
            new Case("malformed percent-encoding in a POST body", post("application/x-www-form-urlencoded", "username=%ZZ&password=1"),
                    400, "parameter username has malformed percent-encoding\n"),
            new Case("POST without a form type", post("text/plain", LOGIN), 415,
                    "content type must be application/x-www-form-urlencoded\n"),
            new Case("POST body over 8 KB", post("application/x-www-form-urlencoded", "username=1&password=" + "p".repeat(9000)),
                    413, "request body larger than 8192 bytes\n"),
            new Case("PUT", "PUT /loginServlet HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
                    405, "method not allowed: use GET or POST\n"),
            new Case("DELETE", "DELETE /loginServlet HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 405,
                    "method not allowed: use GET or POST\n"));

    private final RunningTargets targets = new RunningTargets();

    Stream<Arguments> everyCaseOnEveryContainer() {
        List<Arguments> all = new ArrayList<>();
        for (String container : RunningTargets.containers()) {
            CASES.forEach(c -> all.add(Arguments.of(container, c)));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("everyCaseOnEveryContainer")
    void answers(String container, Case c) throws Exception {
        RawHttp.Answer answer = RawHttp.exchange(targets.port(container), c.request());
        assertEquals(c.statusOn(container), answer.status(), () -> "whole answer: " + answer);
        if (c.bodyOn(container) != null) {
            assertEquals(c.bodyOn(container), answer.body());
        }
        assertTrue(answer.status() < 500, "never a 5xx");
        assertFalse(answer.body().contains("Exception"), "never a stack trace");
        if (!c.bodyOn(container).isEmpty()) {
            // The servlet answered: plain text a browser must not sniff, of the declared length.
            assertEquals("text/plain;charset=UTF-8", answer.header("Content-Type"));
            assertEquals("nosniff", answer.header("X-Content-Type-Options"));
            assertEquals(String.valueOf(c.bodyOn(container).getBytes(java.nio.charset.StandardCharsets.UTF_8).length),
                    answer.header("Content-Length"));
        }
        if (c.status() == 405) {
            assertEquals("GET, POST", answer.header("Allow"));
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
            assertEquals(first.body(), other.body(), container);
            for (String header : List.of("content-type", "content-length", "x-content-type-options", "connection",
                    "transfer-encoding", "set-cookie", "server")) {
                assertEquals(first.header(header), other.header(header), container + ": header " + header);
            }
        }
    }

    @Test
    void thePasswordNeverReachesATargetLog() throws Exception {
        String secret = "s3cr3t-" + System.nanoTime();
        for (String container : RunningTargets.containers()) {
            int port = targets.port(container);
            RawHttp.exchange(port, get("username=u&password=" + secret));
            RawHttp.exchange(port, get("username=%ZZ&password=" + secret));
            String log = java.nio.file.Files.readString(targets.process(container).log());
            assertFalse(log.contains(secret), container + " logged the password");
        }
    }

    @AfterAll
    void stopTargets() {
        targets.close();
    }
}
