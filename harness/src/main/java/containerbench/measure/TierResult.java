package containerbench.measure;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * The figures of one tier of one target, as written to the results JSON.
 *
 * @param load the tier's name, the target's label and the users (an open tier's: its rate)
 * @param answers its requests, OK and KO, from the first request sent to the last response received in
 *     seconds, OK responses per second and KO requests in percent of all
 * @param latencyMs response times of OK requests, or {@code null} when there were none
 * @param failed KO requests by cause: {@code refused}, {@code reset}, {@code timeout}, {@code HTTP 503},
 *     {@code other}, from Gatling's messages ({@code no response} where no message was seen), and a few
 *     of those messages verbatim
 * @param window when the tier's first request was sent and its last response arrived (epoch ms)
 * @param resources the target's and injector's CPU and memory during the tier, or {@code null}
 * @param overloaded the target could not keep up: requests failed, or the listen queue overflowed
 * @param byRequest with a mix of requests (-Dapp.requests), each request's own figures, named by it, its
 *     TPS over the tier's whole time; {@code null} for one request (schema 8)
 * @param open an open workload's tier (-Dmodel=open): offered and achieved rate, latency from each
 *     request's due time, the injector's lateness; {@code null} for a closed one, whose {@code users}
 *     are users, where an open one's are its rate (schema 9)
 */
public record TierResult(@JsonUnwrapped Load load, @JsonUnwrapped Answers answers, Latency latencyMs, @JsonUnwrapped Failures failed,
        @JsonUnwrapped Window window, TierResources resources, boolean overloaded, List<TierResult> byRequest, OpenFigures open) {

    /** What the tier loaded: its name, the label of the target, and its users (an open tier's: its rate). */
    public record Load(String name, String target, int users) {
    }

    /** What became of the tier's requests, over how many seconds, its OK responses a second and its KO in percent. */
    public record Answers(long requests, long ok, long ko, double seconds, double tps, double failurePercent) {

        /** The figures of {@code ok} and {@code ko} answers over {@code seconds}, each rate to two decimals. */
        public static Answers counted(long ok, long ko, double seconds) {
            long requests = ok + ko;
            return new Answers(requests, ok, ko, Decimals.two(seconds), seconds == 0 ? 0 : Decimals.two(ok / seconds),
                    requests == 0 ? 0 : Decimals.two(100.0 * ko / requests));
        }
    }

    /** The KO requests by cause, and a few of Gatling's messages verbatim. */
    public record Failures(Map<String, Long> failures, List<String> failureExamples) {
    }

    /** From the tier's first request sent to its last response received, in epoch milliseconds; 0 and 0 with no request. */
    public record Window(long startMillis, long endMillis) {
    }

    public String name() {
        return load.name();
    }

    public String target() {
        return load.target();
    }

    public int users() {
        return load.users();
    }

    public long requests() {
        return answers.requests();
    }

    public long ok() {
        return answers.ok();
    }

    public long ko() {
        return answers.ko();
    }

    public double seconds() {
        return answers.seconds();
    }

    public double tps() {
        return answers.tps();
    }

    public double failurePercent() {
        return answers.failurePercent();
    }

    public Map<String, Long> failures() {
        return failed.failures();
    }

    public List<String> failureExamples() {
        return failed.failureExamples();
    }

    public long startMillis() {
        return window.startMillis();
    }

    public long endMillis() {
        return window.endMillis();
    }

    /** The figures of one request of a mix: its TPS over the {@code seconds} its whole tier was loaded. */
    public TierResult over(double tierSeconds) {
        Answers over = new Answers(answers.requests(), answers.ok(), answers.ko(), Decimals.two(tierSeconds),
                tierSeconds == 0 ? 0 : Decimals.two(answers.ok() / tierSeconds), answers.failurePercent());
        return new TierResult(load, over, latencyMs, failed, window, resources, overloaded, byRequest, open);
    }

    /** With the causes Gatling gave for the failures, and the resources sampled during the tier. */
    public TierResult explained(Map<String, Long> causes, List<String> examples, TierResources resources) {
        Map<String, Long> merged = failures();
        if (!causes.isEmpty()) {
            // Our own count knows the statuses; Gatling's messages explain the rest.
            merged = new java.util.TreeMap<>(causes);
            // Unsent arrivals never reached Gatling: only our own count knows them.
            Long unsent = failures().get(TierRecorder.NOT_SENT);
            if (unsent != null) {
                merged.put(TierRecorder.NOT_SENT, unsent);
            }
            long explained = merged.values().stream().mapToLong(Long::longValue).sum();
            if (explained < ko()) {
                merged.merge(TierRecorder.NO_RESPONSE, ko() - explained, Long::sum);
            }
        }
        boolean overflowed = resources != null && resources.kernelTcp() != null && resources.kernelTcp().listenOverflows() > 0;
        return new TierResult(load, answers, latencyMs, new Failures(merged, examples), window, resources, ko() > 0 || overflowed,
                byRequest, open);
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
