package containerbench.harness;

import java.util.List;
import java.util.Map;

/**
 * One run, as written to {@code target/benchmarks/<runId>.json}; README documents the schema.
 *
 * @param status {@code running} while the load lasts, then {@code complete}, {@code failed} (the target
 *     could not start or died) or {@code interrupted} (Ctrl-C or a crash of the benchmark JVM)
 * @param gatlingReport the index.html of this run's Gatling report (written just after the results)
 * @param environment the machine and its limits, or {@code null} when the run failed before the load
 * @param warmup the warm-up's figures, counted in no tier
 * @param answeredAfterRun whether the launched target still answered a login after the load (null if not asked)
 */
public record RunResult(int schema, String runId, String status, String container, String containerVersion,
        String startedAt, String finishedAt, String gatlingReport, Target target, Plan plan, Injector injector,
        Environment environment, Sampling sampling, TierResult warmup, List<TierResult> tiers,
        Boolean answeredAfterRun) {

    public static final int SCHEMA = 1;

    /**
     * @param launched whether the harness started the target (else it was already running at url)
     * @param settings every knob as the target reported it after start (empty for a running target)
     * @param common the same settings under their cross-container names: threads, backlog, idleTimeout
     */
    public record Target(boolean launched, String url, String java, String jvmArgs, Map<String, String> settings,
            Map<String, String> common, String log) {
    }

    /** @param recording false when the per-tier recording was switched off to measure its cost */
    public record Plan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean recording) {
    }

    /**
     * The load generator's side: Gatling and its JVM.
     *
     * @param transport Netty's I/O under Gatling: {@code io_uring}, {@code epoll} or {@code nio}
     * @param eventLoops Netty event loop threads, Gatling's two per CPU seen at start unless set
     */
    public record Injector(String gatlingVersion, String java, int cpus, String jvmArgs, String transport,
            int eventLoops) {
    }

    /**
     * How the resources were sampled, and what sampling cost the injector.
     *
     * @param cpuMicrosPerSample CPU time of one sample of target, injector and machine
     */
    public record Sampling(int periodMillis, int samples, double cpuMicrosPerSample) {
    }

    public RunResult finished(String status, String finishedAt, String gatlingReport, Sampling sampling,
            TierResult warmup, List<TierResult> tiers, Boolean answeredAfterRun) {
        return new RunResult(schema, runId, status, container, containerVersion, startedAt, finishedAt, gatlingReport,
                target, plan, injector, environment, sampling, warmup, tiers, answeredAfterRun);
    }
}
