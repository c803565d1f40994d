package containerbench.settings;

import static containerbench.settings.RunProperties.TARGET_CPU_LIMIT;
import static containerbench.settings.RunProperties.TARGET_CPU_PERIOD_MS;

/**
 * A CPU limit for each launched target, as a Kubernetes CPU limit sets one: the kernel lets the
 * target run {@code cpus x period} of CPU time in every period, then throttles it until the next.
 * The period shapes latency (a request that misses its period waits for the next), so it is a
 * setting too.
 *
 * @param cpus CPUs' worth of time per period, for example 0.5
 * @param periodMs the kernel's accounting period, 100 ms unless told otherwise
 */
public record CpuLimit(double cpus, int periodMs) {

    /** The limit the properties ask for, or {@code null} for none. */
    public static CpuLimit from(Given given, int machineCpus) {
        String limit = TARGET_CPU_LIMIT.given(given);
        if (limit == null) {
            if (given.has(TARGET_CPU_PERIOD_MS)) {
                throw new SettingException(given.spelled(TARGET_CPU_PERIOD_MS) + " is the period of "
                        + given.spelled(TARGET_CPU_LIMIT) + ", which is not set");
            }
            return null;
        }
        double cpus;
        try {
            cpus = Double.parseDouble(limit);
        } catch (NumberFormatException e) {
            throw given.bad(TARGET_CPU_LIMIT, limit);
        }
        int periodMs = TARGET_CPU_PERIOD_MS.atLeast(given, 1, Integer.parseInt(TARGET_CPU_PERIOD_MS.defaultValue()));
        if (periodMs > 1000) {
            throw given.bad(TARGET_CPU_PERIOD_MS, Integer.toString(periodMs));
        }
        // The kernel takes a quota of at least 1 ms.
        if (!(cpus > 0) || cpus > machineCpus || cpus * periodMs < 1) {
            throw given.bad(TARGET_CPU_LIMIT, limit, TARGET_CPU_LIMIT.accepts() + ", here at most " + machineCpus
                    + ", and at least 1 ms per period (" + periodMs + " ms)");
        }
        return new CpuLimit(cpus, periodMs);
    }

    public long quotaMicros() {
        return Math.round(cpus * periodMs * 1000);
    }

    public long periodMicros() {
        return periodMs * 1000L;
    }
}
