package containerbench.results;

import containerbench.measure.Environment;
import containerbench.measure.Injector;
import containerbench.measure.Sampling;
import containerbench.measure.TierResult;
import java.util.List;
import java.util.Map;

/**
 * One run, as written to {@code <benchmarks.dir>/<runId>.json}; README documents the schema. Paths
 * in it are relative to the file (schema 2), so that a results folder still works when copied;
 * schema 1 held absolute paths, which {@link StoredRun#resolve} reads the same way.
 *
 * @param description the container and the knobs that differ from its defaults
 * @param gatlingReport the index.html of this run's Gatling report, relative to this file
 * @param environment the machine and its limits, or {@code null} when the run failed before the load
 * @param warmup the warm-up's figures, counted in no tier
 * @param answeredAfterRun whether the launched target still answered a login after the load (null if not asked)
 */
public record RunResult(int schema, String runId, RunStatus status, String container, String containerVersion,
        String description, String startedAt, String finishedAt, String gatlingReport, Target target, Plan plan,
        Injector injector, Environment environment, Sampling sampling, TierResult warmup, List<TierResult> tiers,
        Boolean answeredAfterRun) {

    public static final int SCHEMA = 2;

    /** Every schema this version reads. */
    public static final List<Integer> READABLE = List.of(1, 2);

    /**
     * @param launched whether the harness started the target (else it was already running at url)
     * @param settings every knob as the target reported it after start (empty for a running target)
     * @param common the same settings under their cross-container names: threads, backlog, idleTimeout
     * @param log the target's log, relative to the results file
     */
    public record Target(boolean launched, String url, String java, String jvmArgs, Map<String, String> settings,
            Map<String, String> common, String log) {
    }

    /** @param recording false when the per-tier recording was switched off to measure its cost */
    public record Plan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean recording) {
    }

    /** A run that ended before its load began: a target that did not start, a probe that got no answer. */
    public static RunResult failedToStart(String runId, String container, String description, String startedAt,
            String finishedAt) {
        return new RunResult(SCHEMA, runId, RunStatus.FAILED, container, null, description, startedAt, finishedAt, null,
                null, null, null, null, null, null, List.of(), null);
    }

    /** A run whose target answers and whose load is about to start. */
    public static RunResult running(String runId, String container, String containerVersion, String description,
            String startedAt, Target target, Plan plan, Injector injector, Environment environment) {
        return new RunResult(SCHEMA, runId, RunStatus.RUNNING, container, containerVersion, description, startedAt, null,
                null, target, plan, injector, environment, null, null, List.of(), null);
    }

    public RunResult finished(RunStatus status, String finishedAt, String gatlingReport, Sampling sampling,
            TierResult warmup, List<TierResult> tiers, Boolean answeredAfterRun) {
        return new RunResult(schema, runId, status, container, containerVersion, description, startedAt, finishedAt,
                gatlingReport, target, plan, injector, environment, sampling, warmup, tiers, answeredAfterRun);
    }
}
