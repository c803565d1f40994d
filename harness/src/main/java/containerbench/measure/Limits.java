package containerbench.measure;

import containerbench.settings.TierPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What would silently cap a run on this machine, each with the number and the fix. */
public final class Limits {

    private Limits() {
    }

    /** @param common the target's effective settings under their cross-container names, to find its backlog */
    public static List<String> warnings(Environment environment, TierPlan plan, Map<String, String> common) {
        List<String> warnings = new ArrayList<>();
        int connections = connections(plan);
        String held = plan.arrivesAtRates() ? connections + " connections (the most requests in flight, maxInFlight)"
                : connections + " " + Tier.Unit.USERS.word();
        // Each connection is one socket in the injector and, on one machine, one in the target.
        if (environment.injectorOpenFilesLimit() > 0 && environment.injectorOpenFilesLimit() < connections + 256) {
            warnings.add("the open-files limit is " + environment.injectorOpenFilesLimit() + ", too low for " + held
                    + " plus the JVM's own files: raise it (ulimit -n 65536) or the largest tier fails on the"
                    + " injector, not on the container.");
        }
        String ports = environment.ephemeralPorts();
        if (ports != null && ports.matches("\\d+-\\d+")) {
            int range = Integer.parseInt(ports.split("-")[1]) - Integer.parseInt(ports.split("-")[0]) + 1;
            // Every user's connection takes one local port; closed ones linger in TIME_WAIT.
            if (range < 2 * connections) {
                warnings.add("the ephemeral port range " + ports + " holds " + range + " ports, tight for " + held
                        + " reconnecting: widen it (sysctl -w net.ipv4.ip_local_port_range=\"1024 65535\").");
            }
        }
        String backlog = common.get("backlog");
        if (backlog != null && environment.somaxconn() != null && environment.somaxconn() > 0
                && Integer.parseInt(backlog) > environment.somaxconn()) {
            warnings.add("net.core.somaxconn is " + environment.somaxconn() + ": Linux caps the backlog of " + backlog
                    + " there (sysctl -w net.core.somaxconn=" + backlog + ").");
        }
        if (environment.logicalCpus() <= 4) {
            var shared = environment.sharedCpus();
            if (!shared.isEmpty()) {
                warnings.add("the target and Gatling share CPUs " + String.join(",", shared) + " of " + environment.logicalCpus()
                        + ": each tier measures both; pin them apart, for example -Dtarget.cpus=0 -Dinjector.cpus=1");
            }
        }
        return warnings;
    }

    /**
     * The most connections the load holds at once: a closed tier's users, each with its own; an open
     * tier's requests in flight, whatever its rate, since arrivals share a pool that grows only while
     * all are busy and an arrival beyond the cap is not sent.
     */
    static int connections(TierPlan plan) {
        int largest = plan.tiers().stream().max(Integer::compare).orElse(0);
        return plan.arrivesAtRates() ? Math.min(largest, plan.open().maxInFlight()) : largest;
    }
}
