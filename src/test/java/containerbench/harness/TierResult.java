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
 * @param startMillis when the tier's first request was sent (epoch ms)
 * @param endMillis when its last response arrived (epoch ms)
 * @param resources the target's and injector's CPU and memory during the tier, or {@code null}
 */
public record TierResult(String name, int users, long requests, long ok, long ko, double seconds, double tps,
        double failurePercent, Latency latencyMs, Map<String, Long> failures, long startMillis, long endMillis,
        TierResources resources) {

    public TierResult withResources(TierResources resources) {
        return new TierResult(name, users, requests, ok, ko, seconds, tps, failurePercent, latencyMs, failures,
                startMillis, endMillis, resources);
    }

    /** Response times in milliseconds, as Gatling measures them. */
    public record Latency(double mean, long p50, long p95, long p99, long max) {
    }
}
