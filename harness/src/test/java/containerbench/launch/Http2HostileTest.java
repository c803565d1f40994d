package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.TrustAll;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HTTP/2's own attacks on every container over h2: a rapid-reset burst, more streams than it allows,
 * a header block far over any limit, a SETTINGS flood and a malformed preface. Each container must
 * never answer with a 5xx, never hang (it ends the connection, or answers another request on it),
 * serve another client while the attacker's connection is open, and a fresh connection afterwards;
 * the one known exception is named in its case. What each answered is printed, the table in
 * docs/targets.md.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Http2HostileTest {

    /** An attack, sent on a connection that agreed on h2. */
    interface Attack {
        void send(RawH2 h2) throws IOException;
    }

    /**
     * @param stalls the containers known to stop serving every client while this attack's connection
     *     stays open (the test requires they still do, so that a fix is seen, and that they serve
     *     again once it closes)
     * @param silentAtTimes the containers seen, now and then, to leave the attacked connection open and
     *     silent while serving every other client: of them the test accepts a silence as well as an end
     *     or an answer, and prints which it was
     */
    record Case(String name, Attack attack, Set<String> stalls, Set<String> silentAtTimes) {

        Case(String name, Attack attack) {
            this(name, attack, Set.of(), Set.of());
        }

        Case(String name, Attack attack, Set<String> stalls) {
            this(name, attack, stalls, Set.of());
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final int RESETS = 1000;
    private static final int STREAMS = 1100;
    private static final int HEADER_BYTES = 1 << 20;
    private static final int SETTINGS_FRAMES = 10_000;

    static final List<Case> CASES = List.of(
            new Case("rapid reset: " + RESETS + " requests each cancelled at once", h2 -> {
                h2.preface();
                List<byte[]> frames = new ArrayList<>();
                for (int i = 0; i < RESETS; i++) {
                    int stream = 2 * i + 1;
                    frames.add(frame(RawH2.HEADERS, RawH2.END_HEADERS | RawH2.END_STREAM, stream, RawH2.login("GET", Map.of())));
                    frames.add(frame(RawH2.RST_STREAM, 0, stream, RawH2.rst(8)));
                }
                h2.burst(frames);
            }),
            new Case(STREAMS + " streams left open at once", h2 -> {
                h2.preface();
                List<byte[]> frames = new ArrayList<>();
                for (int i = 0; i < STREAMS; i++) {
                    frames.add(frame(RawH2.HEADERS, RawH2.END_HEADERS, 2 * i + 1, RawH2.login("POST", Map.of())));
                }
                h2.burst(frames);
                // Undertow (WildFly's web container) answers as many streams as it has worker threads
                // (415: no form), each thread then waiting for the rest of its request's body, which
                // never comes; it neither refuses the others nor resets the answered ones (Tomcat
                // resets them, NO_ERROR), and serves no other client until the connection ends; so do
                // Boot 3.5's Undertow and undertow-ee 2.0.0.RC1 on core 2.4.4 (seen 2026-12-08).
            }, Set.of("undertow", "undertow-ee", "wildfly", "spring3-undertow")),
            new Case("a header block of 1 MiB", h2 -> {
                h2.preface();
                byte[] block = RawH2.login("GET", Map.of("x-big", "a".repeat(HEADER_BYTES)));
                List<byte[]> frames = new ArrayList<>();
                for (int at = 0; at < block.length; at += 16_384) {
                    byte[] part = java.util.Arrays.copyOfRange(block, at, Math.min(block.length, at + 16_384));
                    boolean last = at + 16_384 >= block.length;
                    frames.add(frame(at == 0 ? RawH2.HEADERS : RawH2.CONTINUATION,
                            (last ? RawH2.END_HEADERS : 0) | (at == 0 ? RawH2.END_STREAM : 0), 1, part));
                }
                h2.burst(frames);
                // Tomcat ends the connection (a connection error: the block is over twice its 8 KiB
                // limit), but twice in about eight runs on a loaded machine (2026-12-06 and -07) it
                // acknowledged SETTINGS and then sent nothing for 11 s, another request included, the
                // connection left open: while a stream is open no HTTP/2 timeout of Tomcat's applies
                // (Http2UpgradeHandler.setConnectionTimeoutForStreamCount). Other clients were served.
                // Boot's Tomcat did the same once in its first run (2026-12-08).
            }, Set.of(), Set.of("tomcat", "spring-tomcat", "spring3-tomcat")),
            new Case(SETTINGS_FRAMES + " SETTINGS frames", h2 -> {
                h2.preface();
                List<byte[]> frames = new ArrayList<>();
                for (int i = 0; i < SETTINGS_FRAMES; i++) {
                    frames.add(frame(RawH2.SETTINGS, 0, 0, new byte[0]));
                }
                h2.burst(frames);
            }),
            new Case("a malformed preface", h2 -> h2.raw("PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n\0\0\0\4\0\0\0\0\0".getBytes(
                    java.nio.charset.StandardCharsets.US_ASCII))));

    private static byte[] frame(int type, int flags, int stream, byte[] payload) {
        return new H2Frame(type, flags, stream, payload).bytes();
    }

    private final RunningTargets targets = new RunningTargets();

    @BeforeAll
    void startTargets() throws Exception {
        targets.startAll(RunningTargets.containers(), Map.of("http", "h2"));
    }

    @AfterAll
    void stopTargets() {
        targets.close();
    }

    @ParameterizedTest
    @MethodSource("containerbench.launch.RunningTargets#containers")
    void servesTheLoginOverHttp2AndItsHandshakeSaysSo(String container) throws Exception {
        TransportTest.servesTheLoginOver("h2", targets.target(container));
    }

    /**
     * Every attack on one container, one after another (an attack that stalls a container must end
     * before the next begins); the containers side by side, each attacked on its own.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("containerbench.launch.RunningTargets#containers")
    @Execution(ExecutionMode.CONCURRENT)
    void answersEveryAttack(String container) {
        assertAll(container, CASES.stream().map(c -> () -> {
            try {
                answers(container, c);
            } catch (AssertionError e) {
                throw new AssertionError(c.name() + ": " + e.getMessage(), e);
            }
        }));
    }

    private void answers(String container, Case c) throws Exception {
        int port = targets.port(container);
        RawH2.Answer answer;
        FollowUp followUp;
        HttpResponse<String> meanwhile;
        try (RawH2 h2 = RawH2.connect(port)) {
            boolean cutOff = false;
            try {
                c.attack().send(h2);
            } catch (IOException e) {
                // the server closed the connection while the attack was still being written
                cutOff = true;
            }
            answer = h2.read(Duration.ofSeconds(1), Duration.ofSeconds(30));
            followUp = answer.ended() || cutOff ? FollowUp.ENDED : followUp(h2);
            // Another client, while the attacker's connection is still open.
            meanwhile = login(port);
            System.out.println("Http2HostileTest: " + container + " | " + c.name() + " | " + (cutOff ? "cut off while sending, " : "")
                    + answer + " | another request on it: " + followUp + " | another client meanwhile: "
                    + (meanwhile == null ? "no answer within 10 s" : meanwhile.statusCode()));
        }
        assertFalse(answer.serverError(), container + " answered with a server error: " + answer);
        assertFalse(followUp.answer() != null && followUp.answer().serverError(), container + " answered with a server error: "
                + followUp);
        if (c.stalls().contains(container)) {
            assertNull(meanwhile, container + " now serves another client during this attack: take it out of the stalls");
            assertEquals(FollowUp.Kind.SILENT, followUp.kind(), followUp.toString());
        } else {
            assertNotNull(meanwhile, container + " served no other client while the attack's connection was open");
            assertEquals(200, meanwhile.statusCode(), container + " serves another client meanwhile");
            if (!c.silentAtTimes().contains(container)) {
                assertNotEquals(FollowUp.Kind.SILENT, followUp.kind(), container + " hung: " + answer + "; another request: " + followUp);
            }
        }
        HttpResponse<String> after = login(port);
        assertNotNull(after, container + " serves a fresh connection afterwards");
        assertEquals(200, after.statusCode(), container + " serves a fresh connection afterwards");
        assertEquals(HttpClient.Version.HTTP_2, after.version());
        assertTrue(after.body().contains("username: ann"), after.body());
    }

    /** A login over a connection of its own; {@code null} without an answer within 10 s. */
    private static HttpResponse<String> login(int port) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().sslContext(TrustAll.context()).build();
        try {
            return client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/loginServlet?username=ann&password=s3cret"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.net.http.HttpTimeoutException e) {
            return null;
        }
    }

    /**
     * What came of another request on the attacked connection: none was sent, the connection having
     * ended; the server answered that very stream (headers or a reset) or ended the connection; or it
     * stayed silent for 10 s.
     */
    record FollowUp(Kind kind, RawH2.Answer answer) {

        enum Kind { ENDED, ANSWERED, SILENT }

        static final FollowUp ENDED = new FollowUp(Kind.ENDED, null);

        @Override
        public String toString() {
            return switch (kind) {
                case ENDED -> "none: connection ended";
                case ANSWERED -> answer.toString();
                case SILENT -> "nothing within 10 s";
            };
        }
    }

    /** Another request on a connection the server left open, on a stream past every one the attacks used. */
    private static FollowUp followUp(RawH2 h2) throws IOException {
        int stream = 2 * Math.max(RESETS, STREAMS) + 1;
        try {
            h2.frame(RawH2.HEADERS, RawH2.END_HEADERS | RawH2.END_STREAM, stream, RawH2.login("GET", Map.of()));
        } catch (IOException e) {
            return FollowUp.ENDED;
        }
        RawH2.Answer answer = h2.read(Duration.ofSeconds(10), Duration.ofSeconds(10));
        boolean answered = answer.answered().contains(stream) || answer.ended();
        return new FollowUp(answered ? FollowUp.Kind.ANSWERED : FollowUp.Kind.SILENT, answer);
    }
}
