package containerbench.measure;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Server and injector resources during one tier, from the samples taken inside its window.
 * CPU is in percent of one core (200 = two cores busy); memory in MiB. A target's figure that no
 * sample could read is {@code null} (schema 17; -1 before, read as null).
 *
 * @param targetCpuMicrosPerRequest target CPU time per OK response, the cost the study compared
 * @param injectorSaturated the injector itself limited the load ({@link InjectorLimit}): its CPU at its
 *     cores, or its busiest thread (mean of each second's) at a full core; the tier then measures Gatling
 * @param machineSaturated the whole machine was nearly busy: target and injector competed for CPU, and
 *     the rate is of the two together
 * @param kernelTcp the machine's TCP counters over the tier's windows (listen overflows: the backlog
 *     was full), or {@code null} off Linux
 */
public record TierResources(int samples, @JsonUnwrapped TargetCpu targetCpu, @JsonUnwrapped TargetMemory targetMemory,
        Double targetCpuMicrosPerRequest, double injectorCpuMeanPercent, double machineCpuMeanPercent,
        boolean injectorSaturated, boolean machineSaturated, TcpCounters kernelTcp) {

    /**
     * The target's CPU over the tier's samples, written flat as it always was.
     *
     * @param targetCpuMeanPercent its mean, in percent of one core
     * @param targetCpuMaxPercent its busiest sample's
     * @param targetCpuMachinePercent its mean in percent of the whole machine
     */
    public record TargetCpu(Double targetCpuMeanPercent, Double targetCpuMaxPercent, Double targetCpuMachinePercent) {
    }

    /** The most of the target's memory over the tier's samples, in MiB, written flat as it always was. */
    public record TargetMemory(Long targetRssMaxMib, Long heapUsedMaxMib, Long heapCommittedMaxMib) {
    }

    public Double targetCpuMeanPercent() {
        return targetCpu.targetCpuMeanPercent();
    }

    public Double targetCpuMaxPercent() {
        return targetCpu.targetCpuMaxPercent();
    }

    public Double targetCpuMachinePercent() {
        return targetCpu.targetCpuMachinePercent();
    }

    public Long targetRssMaxMib() {
        return targetMemory.targetRssMaxMib();
    }

    public Long heapUsedMaxMib() {
        return targetMemory.heapUsedMaxMib();
    }

    public Long heapCommittedMaxMib() {
        return targetMemory.heapCommittedMaxMib();
    }

    private static final long MIB = 1024 * 1024;

    /**
     * The tier's resources, or {@code null} when no sample fell inside its windows: one window from
     * its first request to its last response, or one per block of an interleaved tier.
     */
    public static TierResources of(List<ServerSampler.Sample> all, List<long[]> windows, double tierSeconds,
            long okRequests, int injectorCores, int machineCores) {
        if (windows.isEmpty()) {
            return null;
        }
        // A sample covers the second before it: count those wholly inside one of the windows.
        List<ServerSampler.Sample> inside = all.stream().filter(ServerSampler.Sample::measured)
                .filter(s -> windows.stream().anyMatch(w -> s.epochMillis() - 1000 >= w[0] && s.epochMillis() <= w[1])).toList();
        if (inside.isEmpty()) {
            return null;
        }
        // A reading that failed (a target gone between samples, a report that did not answer) is unknown, not zero.
        OptionalDouble targetCores = inside.stream().map(ServerSampler.Sample::targetCores).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).average();
        double injector = inside.stream().mapToDouble(ServerSampler.Sample::injectorCores).average().orElse(0);
        OptionalDouble busiest = inside.stream().map(ServerSampler.Sample::injectorBusiestThreadCores).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).average();
        double machine = inside.stream().mapToDouble(ServerSampler.Sample::machineCores).average().orElse(0);
        double okPerSecond = tierSeconds > 0 ? okRequests / tierSeconds : 0;
        return new TierResources(inside.size(), new TargetCpu(percent(targetCores),
                percent(inside.stream().map(ServerSampler.Sample::targetCores).filter(Objects::nonNull).mapToDouble(Double::doubleValue).max()),
                targetCores.isEmpty() ? null : Decimals.two(100 * targetCores.getAsDouble() / machineCores)),
                new TargetMemory(mib(inside, ServerSampler.Sample::targetRssBytes), mib(inside, ServerSampler.Sample::heapUsedBytes),
                mib(inside, ServerSampler.Sample::heapCommittedBytes)),
                targetCores.isEmpty() || okPerSecond == 0 ? null : Decimals.two(targetCores.getAsDouble() * 1e6 / okPerSecond),
                Decimals.two(100 * injector), Decimals.two(100 * machine),
                InjectorLimit.limited(100 * injector, injectorCores, busiest.isEmpty() ? null : 100 * busiest.getAsDouble()),
                100 * machine >= BlockCpu.FULL_PERCENT * machineCores,
                tcpDelta(all, windows));
    }

    /**
     * Summed over the windows, each from the last reading before it to the first after it (readings a
     * second apart: up to a second of what ran either side is in), so that an interleaved tier counts its
     * own blocks and not what ran between them: the other targets', other tiers', other launches'.
     */
    static TcpCounters tcpDelta(List<ServerSampler.Sample> all, List<long[]> windows) {
        TcpCounters sum = null;
        for (long[] window : windows) {
            TcpCounters before = all.stream().filter(s -> s.epochMillis() <= window[0] && s.tcp() != null)
                    .reduce((a, b) -> b).map(ServerSampler.Sample::tcp).orElse(null);
            TcpCounters after = all.stream().filter(s -> s.epochMillis() >= window[1] && s.tcp() != null)
                    .findFirst().map(ServerSampler.Sample::tcp)
                    .orElse(all.isEmpty() ? null : all.get(all.size() - 1).tcp());
            if (before == null || after == null) {
                return null;
            }
            TcpCounters delta = after.since(before);
            sum = sum == null ? delta : sum.plus(delta);
        }
        return sum;
    }

    private static Double percent(OptionalDouble cores) {
        return cores.isEmpty() ? null : Decimals.two(100 * cores.getAsDouble());
    }

    /** The most of a figure in MiB; {@code null} where no sample read it. */
    private static Long mib(List<ServerSampler.Sample> samples, Function<ServerSampler.Sample, Long> bytes) {
        OptionalLong most = samples.stream().map(bytes).filter(Objects::nonNull).mapToLong(Long::longValue).max();
        return most.isEmpty() ? null : most.getAsLong() / MIB;
    }
}
