package containerbench.servlet;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * The study's loginServlet: parses {@code username} and {@code password} and echoes them.
 *
 * <p>Every container serves this class unchanged, and it sets every header that differs between
 * them by default (type, length), so that no container pays for a different response. It logs
 * nothing: the password never reaches a log.
 */
public final class LoginServlet extends HttpServlet {

    /** The path the study used. */
    public static final String PATH = "/loginServlet";

    /** A login form is under 1 KB even at the value limit; anything much larger is refused unread. */
    static final int MAX_BODY_BYTES = 8 * 1024;

    // Type and charset set apart, the portable way: Tomcat and Undertow write "text/plain;charset=UTF-8",
    // Jetty "text/plain;charset=utf-8" (it lower-cases every charset it knows).
    private static final String TEXT_PLAIN = "text/plain";
    private static final String FORM_TYPE = "application/x-www-form-urlencoded";

    /**
     * The init-param that makes each login hash its password this many times with SHA-256 before the
     * echo: 0 (none) unless a WAR's web.xml sets it, as examples/slowed-war.sh does to build "the same
     * application, made slower on purpose" for a build verdict (docs/versions.md).
     */
    static final String HASH_ROUNDS = "hashRounds";

    private int hashRounds;

    // Where the digests go, so that the JIT cannot drop the work that makes the change slower.
    private byte[] digest = new byte[0];

    @Override
    public void init() {
        String rounds = getInitParameter(HASH_ROUNDS);
        hashRounds = rounds == null ? 0 : Integer.parseInt(rounds.trim());
        if (hashRounds < 0) {
            throw new IllegalArgumentException(HASH_ROUNDS + "=" + rounds + ": give a number of rounds >= 0");
        }
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Stall.await();
        // The echo is plain text, and a browser must never guess otherwise.
        response.setHeader("X-Content-Type-Options", "nosniff");
        switch (request.getMethod()) {
            case "GET" -> answer(hashed(request.getQueryString()), response);
            case "POST" -> post(request, response);
            default -> {
                response.setHeader("Allow", "GET, POST");
                send(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "method not allowed: use GET or POST\n");
            }
        }
    }

    private void post(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith(FORM_TYPE)) {
            send(response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, "content type must be " + FORM_TYPE + "\n");
            return;
        }
        if (request.getContentLengthLong() > MAX_BODY_BYTES) {
            send(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, tooLarge());
            return;
        }
        byte[] body;
        try {
            body = request.getInputStream().readNBytes(MAX_BODY_BYTES + 1);
        } catch (IOException e) {
            // A body shorter than declared ends in the container's read timeout: the client's fault.
            send(response, HttpServletResponse.SC_BAD_REQUEST, "the request body could not be read\n");
            return;
        }
        if (body.length > MAX_BODY_BYTES) {
            send(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, tooLarge());
            return;
        }
        answer(hashed(new String(body, StandardCharsets.ISO_8859_1)), response);
    }

    /** The form, after {@link #HASH_ROUNDS} rounds of SHA-256 over it where a web.xml asks for them. */
    private String hashed(String form) {
        if (hashRounds == 0 || form == null) {
            return form;
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] value = form.getBytes(StandardCharsets.UTF_8);
            for (int round = 0; round < hashRounds; round++) {
                value = sha.digest(value);
            }
            digest = value;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        return form;
    }

    private static void answer(String form, HttpServletResponse response) throws IOException {
        try {
            send(response, HttpServletResponse.SC_OK, LoginForm.parse(form).echo());
        } catch (LoginForm.InvalidFormException e) {
            send(response, HttpServletResponse.SC_BAD_REQUEST, e.getMessage() + "\n");
        }
    }

    private static String tooLarge() {
        return "request body larger than " + MAX_BODY_BYTES + " bytes\n";
    }

    private static void send(HttpServletResponse response, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(TEXT_PLAIN);
        response.setCharacterEncoding("UTF-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
