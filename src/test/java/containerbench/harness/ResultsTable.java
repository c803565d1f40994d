package containerbench.harness;

import java.util.Formatter;

/** The per-tier table printed at the end of a run. */
public final class ResultsTable {

    private ResultsTable() {
    }

    public static String render(RunResult run) {
        Formatter out = new Formatter();
        out.format("%s %s: %d tier(s) of %d s after a %d s warm-up at %d users%n", run.container(),
                run.containerVersion(), run.tiers().size(), run.plan().tierSeconds(), run.plan().warmupSeconds(),
                run.plan().warmupUsers());
        out.format("%7s %10s %10s %8s %10s %7s %6s %6s %6s %6s %7s %7s %7s %8s %7s%n",
                "users", "requests", "OK", "KO", "TPS", "mean", "p50", "p95", "p99", "max", "KO %",
                "CPU %", "us/req", "heap MiB", "inj %");
        for (TierResult tier : run.tiers()) {
            TierResult.Latency ms = tier.latencyMs();
            TierResources r = tier.resources();
            out.format("%7d %10d %10d %8d %10.1f %7s %6s %6s %6s %6s %7.2f %7s %7s %8s %7s%s%n", tier.users(), tier.requests(),
                    tier.ok(), tier.ko(), tier.tps(), ms == null ? "-" : String.format("%.2f", ms.mean()),
                    ms == null ? "-" : ms.p50(), ms == null ? "-" : ms.p95(), ms == null ? "-" : ms.p99(),
                    ms == null ? "-" : ms.max(), tier.failurePercent(),
                    r == null ? "-" : String.format("%.0f", r.targetCpuMeanPercent()),
                    r == null ? "-" : String.format("%.1f", r.targetCpuMicrosPerRequest()),
                    r == null ? "-" : r.heapUsedMaxMib(),
                    r == null ? "-" : String.format("%.0f", r.injectorCpuMeanPercent()),
                    r == null ? "" : (r.injectorSaturated() ? "  INJECTOR SATURATED" : "")
                            + (r.machineSaturated() ? "  machine busy" : ""));
            tier.failures().forEach((reason, count) -> out.format("%7s   KO %s: %d%n", "", reason, count));
        }
        out.format("(response times in ms, of OK requests; TPS = OK responses per second of the tier;"
                + " CPU %% of one core, target's; us/req = target CPU microseconds per OK response; inj %% = Gatling's CPU)%n");
        return out.toString();
    }
}
