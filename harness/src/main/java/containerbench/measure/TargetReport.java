package containerbench.measure;

import containerbench.launcher.ResourceReport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A target's own report of its CPU time and memory ({@code -Dtarget.resources}, its launcher's
 * {@code --resources-port}): what this run reads in place of {@code /proc} for a target it did not
 * start. One GET per reading, over a connection of its own, never the measured one.
 */
public final class TargetReport {

    /** Long enough for a loaded machine to answer, short enough that a block's turn is not held up for long. */
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final URI url;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).version(HttpClient.Version.HTTP_1_1).build();

    public TargetReport(URI url) {
        this.url = url;
    }

    /** The target's reading now, or {@code null} when it does not answer with one. */
    public ResourceReport.Reading read() {
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(url).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? ResourceReport.Reading.parse(response.body()) : null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The target's CPU time so far in ms, or -1 where it cannot be read. */
    public long cpuMillis() {
        ResourceReport.Reading reading = read();
        return reading == null || reading.cpuNanos() < 0 ? -1 : reading.cpuNanos() / 1_000_000;
    }

    public URI url() {
        return url;
    }
}
