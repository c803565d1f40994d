package containerbench.measure;

import org.HdrHistogram.Histogram;

/**
 * What an open tier or block measured beyond a closed one: the rate it was given and the rate it
 * got, latency from each request's due time (no coordinated omission), and how late the injector
 * itself sent. Written in each tier's and block's {@code open}; docs/results.md.
 *
 * @param offeredRate the arrivals per second it was given
 * @param achievedRate OK responses per second over its loaded time
 * @param correctedMs OK responses' time from when each was due to its response, in ms to the µs;
 *     {@code null} without an OK response
 * @param latenessMs how long after its due time each request left the injector, in ms to the µs
 * @param late requests that left more than {@link #LATE_MS} after their due time
 * @param notSent arrivals that found {@code maxInFlight} requests outstanding and failed at once, unsent
 * @param injectorLate its 99th percentile of lateness exceeds {@link #LATE_MS}: the injector, not the
 *     target, fell behind the schedule; its figures are printed, not judged, and a capacity search
 *     reads it only where the delay cannot have decided ({@code Capacities.outcome})
 * @param correctedHistogram the corrected times in µs ({@link Histograms#encode}), for merging; {@code null} without any
 */
public record OpenFigures(double offeredRate, double achievedRate, Corrected correctedMs, Lateness latenessMs, long late,
        long notSent, boolean injectorLate, String correctedHistogram) {

    /**
     * Late enough to count: Gatling starts its users from a timer that ticks by the millisecond,
     * so a request a millisecond late is the injector keeping time; 5 ms at the 99th percentile is
     * the injector queueing behind, and half a 10 ms goal.
     */
    public static final double LATE_MS = 5;

    /** Percentiles of the corrected latency, in ms to the µs. */
    public record Corrected(double mean, double p50, double p90, double p99, double p999, double max) {
    }

    /** Percentiles of how late requests left, in ms to the µs. */
    public record Lateness(double p50, double p99, double max) {
    }

    /** The figures of recorded µs histograms; {@code histogram} false leaves the corrected one out. */
    static OpenFigures of(double offeredRate, double achievedRate, Histogram correctedMicros, Histogram latenessMicros,
            long notSent, boolean histogram) {
        Corrected corrected = corrected(correctedMicros);
        Lateness lateness = latenessMicros.getTotalCount() == 0 ? new Lateness(0, 0, 0) : new Lateness(
                ms(latenessMicros.getValueAtPercentile(50)), ms(latenessMicros.getValueAtPercentile(99)),
                ms(latenessMicros.getMaxValue()));
        long late = latenessMicros.getTotalCount() == 0 ? 0
                : latenessMicros.getTotalCount() - latenessMicros.getCountBetweenValues(0, (long) (LATE_MS * 1000));
        return new OpenFigures(Decimals.two(offeredRate), Decimals.two(achievedRate), corrected, lateness, late, notSent,
                lateness.p99() > LATE_MS, corrected == null || !histogram ? null : Histograms.encode(correctedMicros));
    }

    /**
     * The figures of one tier or block that several injectors shared, each sending its share of the
     * rate: the rates summed; the corrected times from their histograms merged; each injector's
     * lateness judged on its own (late where any one was late, the percentiles the latest one's, as
     * an injector behind its schedule delays only its own arrivals); {@code null} where any part is,
     * or kept no histogram to merge.
     */
    public static OpenFigures joined(java.util.List<OpenFigures> parts) {
        if (parts.stream().anyMatch(part -> part == null || part.correctedMs() != null && part.correctedHistogram() == null)) {
            return null;
        }
        Histogram corrected = new Histogram(Histograms.HIGHEST_MS * 1000, Histograms.DIGITS);
        parts.stream().map(OpenFigures::correctedHistogram).filter(java.util.Objects::nonNull).map(Histograms::decode)
                .forEach(corrected::add);
        Corrected times = corrected(corrected);
        Lateness latest = new Lateness(parts.stream().mapToDouble(p -> p.latenessMs().p50()).max().orElse(0),
                parts.stream().mapToDouble(p -> p.latenessMs().p99()).max().orElse(0),
                parts.stream().mapToDouble(p -> p.latenessMs().max()).max().orElse(0));
        return new OpenFigures(Decimals.two(parts.stream().mapToDouble(OpenFigures::offeredRate).sum()),
                Decimals.two(parts.stream().mapToDouble(OpenFigures::achievedRate).sum()), times, latest,
                parts.stream().mapToLong(OpenFigures::late).sum(), parts.stream().mapToLong(OpenFigures::notSent).sum(),
                parts.stream().anyMatch(OpenFigures::injectorLate), times == null ? null : Histograms.encode(corrected));
    }

    /** The 99th percentile of the corrected latency in ms, or infinity without an OK response: a goal missed. */
    public double p99OrInfinite() {
        return correctedMs == null ? Double.POSITIVE_INFINITY : correctedMs.p99();
    }

    /** The percentiles of corrected times recorded in µs; {@code null} without any. */
    private static Corrected corrected(Histogram micros) {
        return micros.getTotalCount() == 0 ? null : new Corrected(ms(micros.getMean()), ms(micros.getValueAtPercentile(50)),
                ms(micros.getValueAtPercentile(90)), ms(micros.getValueAtPercentile(99)), ms(micros.getValueAtPercentile(99.9)),
                ms(micros.getMaxValue()));
    }

    private static double ms(double micros) {
        return Math.round(micros) / 1000.0;
    }
}
