package containerbench.launch;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits until a target's login servlet answers a login, before any load is sent to it. */
public final class LoginProbe {

    public static final String PATH = "/loginServlet";

    /** The study's request, as every injector sends it. */
    public static final String LOGIN = PATH + "?username=1&password=1";

    private LoginProbe() {
    }

    /**
     * Returns once {@code GET base/loginServlet?username=probe&password=probe} answers 200 with the
     * echo, or fails naming what answered instead.
     *
     * @param alive false when the target is known to be gone, to fail at once rather than at the deadline
     */
    public static void await(URI base, Duration timeout, BooleanSupplier alive) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        URI uri = URI.create(base + PATH + "?username=probe&password=probe");
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline && alive.getAsBoolean()) {
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200 && response.body().contains("username: probe")) {
                    return;
                }
                last = "HTTP " + response.statusCode() + (response.statusCode() == 404
                        ? " (is the login servlet deployed at " + PATH + " under that URL?)" : "");
                if (response.statusCode() != 503) {
                    break;
                }
            } catch (IOException e) {
                last = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            sleep(200);
        }
        throw new IllegalStateException("the login servlet at " + uri + " did not answer a login: " + last);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
