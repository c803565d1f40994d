package containerbench.measure;

import java.util.List;
import java.util.Map;

/**
 * The figures of one tier of one target, as written to the results JSON.
 *
 * @param target the label of the target it loaded
 * @param seconds from the first request sent to the last response received
 * @param tps OK responses per second of the tier
 * @param failurePercent KO requests in percent of all requests
 * @param latencyMs response times of OK requests, or {@code null} when there were none
 * @param failures KO requests by cause: {@code refused}, {@code reset}, {@code timeout}, {@code HTTP 503},
 *     {@code other}, from Gatling's messages ({@code no response} where no message was seen)
 * @param failureExamples a few of Gatling's failure messages, verbatim
 * @param startMillis when the tier's first request was sent (epoch ms)
 * @param endMillis when its last response arrived (epoch ms)
 * @param resources the target's and injector's CPU and memory during the tier, or {@code null}
 * @param overloaded the target could not keep up: requests failed, or the listen queue overflowed
 * @param byRequest with a mix of requests (-Dapp.requests), each request's own figures, named by it, its
 *     TPS over the tier's whole time; {@code null} for one request (schema 8)
 * @param open an open workload's tier (-Dmodel=open): offered and achieved rate, latency from each
 *     request's due time, the injector's lateness; {@code null} for a closed one, whose {@code users}
 *     are users, where an open one's are its rate (schema 9)
 */
public record TierResult(String name, String target, int users, long requests, long ok, long ko, double seconds, double tps,
        double failurePercent, Latency latencyMs, Map<String, Long> failures, List<String> failureExamples,
        long startMillis, long endMillis, TierResources resources, boolean overloaded, List<TierResult> byRequest,
        OpenFigures open) {

    /** The figures of one request of a mix: its TPS over the {@code seconds} its whole tier was loaded. */
    public TierResult over(double tierSeconds) {
        return new TierResult(name, target, users, requests, ok, ko, Decimals.two(tierSeconds),
                tierSeconds == 0 ? 0 : Decimals.two(ok / tierSeconds), failurePercent, latencyMs, failures, failureExamples,
                startMillis, endMillis, resources, overloaded, byRequest, open);
    }

    /** With the causes Gatling gave for the failures, and the resources sampled during the tier. */
    public TierResult explained(Map<String, Long> causes, List<String> examples, TierResources resources) {
        Map<String, Long> merged = failures;
        if (!causes.isEmpty()) {
            // Our own count knows the statuses; Gatling's messages explain the rest.
            merged = new java.util.TreeMap<>(causes);
            // Unsent arrivals never reached Gatling: only our own count knows them.
            Long unsent = failures.get(TierRecorder.NOT_SENT);
            if (unsent != null) {
                merged.put(TierRecorder.NOT_SENT, unsent);
            }
            long explained = merged.values().stream().mapToLong(Long::longValue).sum();
            if (explained < ko) {
                merged.merge(TierRecorder.NO_RESPONSE, ko - explained, Long::sum);
            }
        }
        boolean overflowed = resources != null && resources.kernelTcp() != null && resources.kernelTcp().listenOverflows() > 0;
        return new TierResult(name, target, users, requests, ok, ko, seconds, tps, failurePercent, latencyMs, merged, examples,
                startMillis, endMillis, resources, ko > 0 || overflowed, byRequest, open);
    }

    /**
     * Response times in milliseconds, as Gatling measures them.
     *
     * @param histogram all of them, HdrHistogram's compressed encoding in Base64 ({@link Histograms}):
     *     what merging several injectors' runs needs; {@code null} in results written before it was kept
     */
    public record Latency(double mean, long p50, long p95, long p99, long max, String histogram) {

        public Latency(double mean, long p50, long p95, long p99, long max) {
            this(mean, p50, p95, p99, max, null);
        }
    }
}
