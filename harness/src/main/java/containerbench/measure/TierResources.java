package containerbench.measure;

import java.util.List;

/**
 * Server and injector resources during one tier, from the samples taken inside its window.
 * CPU is in percent of one core (200 = two cores busy); memory in MiB.
 *
 * @param targetCpuMachinePercent the target's mean CPU in percent of the whole machine
 * @param targetCpuMicrosPerRequest target CPU time per OK response, the cost the study compared
 * @param injectorSaturated the injector itself limited the load ({@link InjectorLimit}): its CPU at its
 *     cores, or its busiest thread (mean of each second's) at a full core; the tier then measures Gatling
 * @param machineSaturated the whole machine was nearly busy: target and injector competed for CPU, and
 *     the rate is of the two together
 * @param kernelTcp the machine's TCP counters over the tier's windows (listen overflows: the backlog
 *     was full), or {@code null} off Linux
 */
public record TierResources(int samples, double targetCpuMeanPercent, double targetCpuMaxPercent,
        double targetCpuMachinePercent, long targetRssMaxMib, long heapUsedMaxMib, long heapCommittedMaxMib,
        double targetCpuMicrosPerRequest, double injectorCpuMeanPercent, double machineCpuMeanPercent,
        boolean injectorSaturated, boolean machineSaturated, TcpCounters kernelTcp) {

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
        List<ServerSampler.Sample> inside = all.stream().filter(s -> s.injectorCores() >= 0)
                .filter(s -> windows.stream().anyMatch(w -> s.epochMillis() - 1000 >= w[0] && s.epochMillis() <= w[1])).toList();
        if (inside.isEmpty()) {
            return null;
        }
        // A reading that failed (a target gone between samples, a report that did not answer) is unknown, not zero.
        double targetCores = inside.stream().mapToDouble(ServerSampler.Sample::targetCores).filter(cores -> cores >= 0).average()
                .orElse(-1);
        double injector = inside.stream().mapToDouble(ServerSampler.Sample::injectorCores).average().orElse(0);
        double busiest = inside.stream().mapToDouble(ServerSampler.Sample::injectorBusiestThreadCores).average().orElse(-1);
        double machine = inside.stream().mapToDouble(ServerSampler.Sample::machineCores).average().orElse(0);
        double okPerSecond = tierSeconds > 0 ? okRequests / tierSeconds : 0;
        return new TierResources(inside.size(), percent(targetCores),
                percent(inside.stream().mapToDouble(ServerSampler.Sample::targetCores).max().orElse(-1)),
                Decimals.two(100 * targetCores / machineCores), mib(inside.stream().mapToLong(ServerSampler.Sample::targetRssBytes).max()),
                mib(inside.stream().mapToLong(ServerSampler.Sample::heapUsedBytes).max()),
                mib(inside.stream().mapToLong(ServerSampler.Sample::heapCommittedBytes).max()),
                targetCores < 0 || okPerSecond == 0 ? -1 : Decimals.two(targetCores * 1e6 / okPerSecond), percent(injector),
                percent(machine), InjectorLimit.limited(100 * injector, injectorCores, busiest < 0 ? null : 100 * busiest),
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

    private static double percent(double cores) {
        return cores < 0 ? -1 : Decimals.two(100 * cores);
    }

    private static long mib(java.util.OptionalLong bytes) {
        return bytes.orElse(-1) < 0 ? -1 : bytes.getAsLong() / MIB;
    }

}
