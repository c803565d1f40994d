package containerbench.measure;

import containerbench.launcher.ResourceReport;
import containerbench.settings.SettingException;
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

    /**
     * Read at a block's turn on the virtual user's thread that turns it, as /proc is for a target this
     * run launched: an answer takes about a millisecond on loopback or within a cluster, and one that
     * takes longer than this leaves the block's CPU unknown rather than holding every response on
     * that thread.
     */
    private static final Duration TIMEOUT = Duration.ofMillis(250);

    /**
     * The check before the load: its first request loads this JVM's HTTP client and the report's
     * classes in the target, which on a machine busy with other work took longer than {@link #TIMEOUT}
     * (CI, two injectors at once on a network path), so it waits as long as a start may.
     */
    private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(10);

    private final URI url;
    private final Duration timeout;
    private final HttpClient client;

    public TargetReport(URI url) {
        this(url, TIMEOUT);
    }

    private TargetReport(URI url, Duration timeout) {
        this.url = url;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The target's reading now, or {@code null} when it does not answer with one. */
    public ResourceReport.Reading read() {
        try {
            return answer();
        } catch (IOException | IllegalArgumentException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private ResourceReport.Reading answer() throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(url).timeout(timeout).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode());
        }
        return ResourceReport.Reading.parse(response.body());
    }

    /** The target's CPU time so far in ms; {@code null} where it cannot be read. */
    public Long cpuMillis() {
        ResourceReport.Reading reading = read();
        return reading == null || reading.cpuNanos() < 0 ? null : reading.cpuNanos() / 1_000_000;
    }

    public URI url() {
        return url;
    }

    /**
     * What the run says of a target read through its report at {@code url}, once that report answers
     * with a CPU time; else the run stops before its load, naming the setting.
     *
     * @param spelled the setting as the user wrote it ({@code -Dtarget.resources})
     */
    public static String checked(URI url, String spelled, String label) {
        ResourceReport.Reading reading;
        try {
            reading = new TargetReport(url, CHECK_TIMEOUT).answer();
        } catch (IOException | IllegalArgumentException e) {
            throw new SettingException(spelled + "=" + url + " answers no resource report (" + e + "; waited up to "
                    + CHECK_TIMEOUT.toSeconds() + " s): start the target with --resources-port PORT and give that port");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SettingException(spelled + "=" + url + ": interrupted while reading its resource report");
        }
        if (reading.cpuNanos() < 0) {
            throw new SettingException(spelled + "=" + url + " answers, but the target cannot read its own CPU time (scope "
                    + reading.scope().spelled() + (reading.scope() == ResourceReport.Scope.CGROUP ? ": no cgroup files under /sys/fs/cgroup" : "")
                    + ")");
        }
        return label + "'s CPU and memory from its own report at " + url + " (" + reading.scope().spelled() + ", "
                + (reading.processes() == 0 ? "its cgroup" : reading.processes() + " process(es)") + ")";
    }
}
