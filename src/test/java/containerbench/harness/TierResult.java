package containerbench.harness;

import java.util.Map;

/**
 * The figures of one tier, as written to the results JSON.
 *
 * @param seconds from the first request sent to the last response received
 * @param tps OK responses per second of the tier
 * @param failurePercent KO requests in percent of all requests
 * @param latencyMs response times of OK requests, or {@code null} when there were none
 * @param failures KO requests by reason ("HTTP 503", "no response")
 */
public record TierResult(String name, int users, long requests, long ok, long ko, double seconds, double tps,
        double failurePercent, Latency latencyMs, Map<String, Long> failures) {

    /** Response times in milliseconds, as Gatling measures them. */
    public record Latency(double mean, long p50, long p95, long p99, long max) {
    }
}
