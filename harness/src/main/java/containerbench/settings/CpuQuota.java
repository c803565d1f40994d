package containerbench.settings;

import static containerbench.settings.RunProperties.TARGET_CPU_LIMIT;
import static containerbench.settings.RunProperties.TARGET_CPU_PERIOD_MS;

import java.util.Map;

/**
 * A CPU limit for each launched target, as a Kubernetes CPU limit sets one: the kernel lets the
 * target run {@code cpus x period} of CPU time in every period, then throttles it until the next.
 * The period shapes latency (a request that misses its period waits for the next), so it is a
 * setting too.
 *
 * @param cpus CPUs' worth of time per period, for example 0.5
 * @param periodMs the kernel's accounting period, 100 ms unless told otherwise
 */
public record CpuQuota(double cpus, int periodMs) {

    /** The limit the properties ask for, or {@code null} for none. */
    public static CpuQuota from(Map<String, String> properties, int machineCpus) {
        String limit = TARGET_CPU_LIMIT.given(properties);
        if (limit == null) {
            if (properties.containsKey(TARGET_CPU_PERIOD_MS.name())) {
                throw new SettingException("-D" + TARGET_CPU_PERIOD_MS.name() + " is the period of -D" + TARGET_CPU_LIMIT.name()
                        + ", which is not set");
            }
            return null;
        }
        double cpus;
        try {
            cpus = Double.parseDouble(limit);
        } catch (NumberFormatException e) {
            throw TARGET_CPU_LIMIT.bad(limit);
        }
        int periodMs = TARGET_CPU_PERIOD_MS.atLeast(properties, 1, Integer.parseInt(TARGET_CPU_PERIOD_MS.defaultValue()));
        if (periodMs > 1000) {
            throw TARGET_CPU_PERIOD_MS.bad(Integer.toString(periodMs));
        }
        // The kernel takes a quota of at least 1 ms.
        if (!(cpus > 0) || cpus > machineCpus || cpus * periodMs < 1) {
            throw new SettingException(TARGET_CPU_LIMIT.name(), limit, TARGET_CPU_LIMIT.accepts() + ", here at most " + machineCpus
                    + ", and at least 1 ms per period (" + periodMs + " ms)");
        }
        return new CpuQuota(cpus, periodMs);
    }

    public long quotaMicros() {
        return Math.round(cpus * periodMs * 1000);
    }

    public long periodMicros() {
        return periodMs * 1000L;
    }
}
