package containerbench.launch;

import containerbench.launcher.TrustAll;
import containerbench.settings.AppRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.function.Function;

/** One request of the application as the JDK's HTTP client sends it: for the probe and the check before the load. */
final class AppHttp {

    // The JDK's client sets these itself and refuses them from a caller.
    private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");

    private AppHttp() {
    }

    /**
     * The client: HTTP/1.1, as Gatling loads the target. The default would offer an h2c upgrade, which
     * no run makes, and Liberty, taking it, held the connection: a 5 s probe, a 20 s stop. Over TLS
     * it takes the run's own certificate ({@link TrustAll}).
     */
    /**
     * Loads, once, what this JVM's HTTP client needs to send a request: one sent to a port nobody
     * listens on, refused at once. A start-up timed to its first OK answer then pays none of it.
     */
    static void warm() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            URI closed = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
            socket.close();
            client().send(HttpRequest.newBuilder(closed).timeout(Duration.ofSeconds(1)).build(), HttpResponse.BodyHandlers.discarding());
        } catch (java.io.IOException refused) {
            // what it was for
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2))
                .sslContext(TrustAll.context()).build();
    }

    static HttpRequest of(URI base, AppRequest request, Function<String, String> values) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + request.pathAndQuery(values)))
                .timeout(Duration.ofSeconds(5));
        request.headers().stream().filter(h -> !RESTRICTED.contains(h.name().toLowerCase()))
                .forEach(h -> builder.header(h.name(), AppRequest.fill(h.value(), values)));
        String body = request.bodyText(values);
        if (body == null) {
            builder.method(request.method(), HttpRequest.BodyPublishers.noBody());
        } else {
            builder.header("Content-Type", request.contentType()).method(request.method(), HttpRequest.BodyPublishers.ofString(body));
        }
        return builder.build();
    }
}
