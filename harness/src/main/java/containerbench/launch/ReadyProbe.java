package containerbench.launch;

import containerbench.settings.AppRequest;
import containerbench.settings.AppRequests;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits until a target serves its application, before any load is sent to it: the login servlet
 * echoes a login, or a user's application answers its health request with the status expected.
 */
public final class ReadyProbe {

    private static final String PATH = AppRequest.LOGIN.path();

    private ReadyProbe() {
    }

    /** {@link #await(URI, AppRequests, Duration, BooleanSupplier)} for the login servlet. */
    public static void await(URI base, Duration timeout, BooleanSupplier alive) {
        await(base, AppRequests.LOGIN, timeout, alive);
    }

    /**
     * Returns once the application answers, or fails naming what answered instead: a status other
     * than 503 (still starting) fails at once, since a deployed application would not change its mind.
     *
     * @param alive false when the target is known to be gone, to fail at once rather than at the deadline
     */
    public static void await(URI base, AppRequests app, Duration timeout, BooleanSupplier alive) {
        HttpClient client = AppHttp.client();
        // The login with values of its own, so that the echo proves the servlet read them.
        HttpRequest request = app.login()
                ? HttpRequest.newBuilder(URI.create(base + PATH + "?username=probe&password=probe")).timeout(Duration.ofSeconds(5)).build()
                : AppHttp.of(base, app.health(), app.firstRow()::get);
        AppRequest health = app.health();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline && alive.getAsBoolean()) {
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == health.status() && (!app.login() || response.body().contains("username: probe"))) {
                    return;
                }
                last = "HTTP " + response.statusCode() + (response.statusCode() == 404 ? app.login()
                        ? " (is the login servlet deployed at " + PATH + " under that URL?)"
                        : " (is the WAR deployed at that context path? the target's log says)" : "");
                if (response.statusCode() != 503) {
                    break;
                }
            } catch (IOException e) {
                last = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            // Often: the first OK answer times a target's start-up (RunningTarget.StartUp), a request on loopback costs little.
            sleep(20);
        }
        throw new IllegalStateException((app.login() ? "the login servlet at " + request.uri() + " did not answer a login: "
                : "the application's health request " + health.described() + " at " + request.uri() + " did not answer "
                + health.status() + ": ") + last);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
