package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Environment;
import containerbench.measure.Injector;
import containerbench.measure.Sampling;
import containerbench.measure.TierResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One run, as written to {@code <benchmarks.dir>/<runId>.json}; README documents the schema. Paths
 * in it are relative to the file, so that a results folder still works when copied. Schema 3 holds
 * several targets (an interleaved run), its blocks and its paired comparisons; {@link ResultsStore}
 * reads schemas 1 and 2 (one target, absolute paths in 1) into this shape.
 *
 * @param container the baseline's container: the only one of a one-container run
 * @param containerVersion the baseline's version
 * @param description the containers and the knobs that differ from their defaults
 * @param gatlingReport the index.html of this run's Gatling report, relative to this file
 * @param targets every target, the baseline first
 * @param interleaving how several targets shared each tier, or {@code null} for one target
 * @param cpuLimit the CPU quota each launched target ran under, or {@code null} for none
 * @param environment the machine and its limits, or {@code null} when the run failed before the load
 * @param warmups every target's warm-up, counted in no tier
 * @param settling how long each target's warm-up lasted, and whether an auto warm-up found it steady
 * @param tiers every tier of every target, in plan order, the targets in order within a tier
 * @param blocks every block of an interleaved run, in the order they ran; empty for one target
 * @param comparisons per tier, every target against the baseline, from the paired blocks
 * @param answeredAfterRun whether the launched targets still answered a login after the load (null if not asked)
 * @param injection how several injectors shared the run, or {@code null} for one injector (schema 4)
 */
public record RunResult(int schema, String runId, RunStatus status, String container, String containerVersion,
        String description, String startedAt, String finishedAt, String gatlingReport, List<Target> targets,
        Plan plan, Interleaving interleaving, CpuLimit cpuLimit, Injector injector, Environment environment,
        Sampling sampling, List<TierResult> warmups, List<Settling> settling, List<TierResult> tiers,
        List<BlockResult> blocks, List<TierComparison> comparisons, Boolean answeredAfterRun, Injection injection) {

    public static final int SCHEMA = 4;

    /** Every schema this version reads. */
    public static final List<Integer> READABLE = List.of(1, 2, 3, 4);

    /**
     * @param label how results and pages name it: the container, with #2 for the same container again
     * @param launched whether the harness started the target (else it was already running at url)
     * @param settings every knob as the target reported it after start (empty for a running target)
     * @param common the same settings under their cross-container names: threads, backlog, idleTimeout
     * @param log the target's log, relative to the results file
     */
    public record Target(String label, String container, String containerVersion, boolean launched, String url,
            String java, String jvmArgs, Map<String, String> settings, Map<String, String> common, String log) {
    }

    /** @param recording false when the per-tier recording was switched off to measure its cost */
    public record Plan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean recording) {
    }

    /**
     * Rounds of one block per target, the order reversed every other round.
     *
     * @param rounds the rounds every tier ran at least
     * @param precision the ±percent asked of every interval, or {@code null} for a fixed number of rounds
     * @param maxMinutes the time cap that went with it
     */
    public record Interleaving(int rounds, int blockSeconds, Double precision, Integer maxMinutes) {
    }

    /**
     * Each target's CPU quota, the same for all.
     *
     * @param controller the kernel interface that set it: cgroup v2 cpu.max or v1 cpu.cfs_quota_us
     * @param throttling per target label, the kernel's counters at the end of the run: periods,
     *     throttledPeriods, throttledMicros (empty until the run ends)
     */
    public record CpuLimit(double cpus, int periodMs, String controller, Map<String, Map<String, Long>> throttling) {
    }

    /**
     * One target's warm-up.
     *
     * @param settled whether an auto warm-up saw three windows in a row agree within ±5%; {@code null} for a fixed warm-up
     */
    public record Settling(String target, int seconds, Boolean settled) {
    }

    /** A run that ended before its load began: a target that did not start, a probe that got no answer. */
    public static RunResult failedToStart(String runId, String container, String description, String startedAt,
            String finishedAt) {
        return new RunResult(SCHEMA, runId, RunStatus.FAILED, container, null, description, startedAt, finishedAt, null,
                List.of(), null, null, null, null, null, null, List.of(), List.of(), List.of(), List.of(), List.of(), null, null);
    }

    /** A run whose targets answer and whose load is about to start. */
    public static RunResult running(String runId, String description, String startedAt, List<Target> targets, Plan plan,
            Interleaving interleaving, CpuLimit cpuLimit, Injector injector, Environment environment, Injection injection) {
        Target baseline = targets.get(0);
        return new RunResult(SCHEMA, runId, RunStatus.RUNNING, baseline.container(), baseline.containerVersion(),
                description, startedAt, null, null, targets, plan, interleaving, cpuLimit, injector, environment, null,
                List.of(), List.of(), List.of(), List.of(), List.of(), null, injection);
    }

    /** @param throttling per target label, the CPU limit's throttling counters; ignored without a limit */
    public RunResult finished(RunStatus status, String finishedAt, String gatlingReport, Sampling sampling,
            List<TierResult> warmups, List<Settling> settling, List<TierResult> tiers, List<BlockResult> blocks,
            List<TierComparison> comparisons, Boolean answeredAfterRun, Map<String, Map<String, Long>> throttling) {
        CpuLimit limit = cpuLimit == null ? null
                : new CpuLimit(cpuLimit.cpus(), cpuLimit.periodMs(), cpuLimit.controller(), throttling);
        return new RunResult(schema, runId, status, container, containerVersion, description, startedAt, finishedAt,
                gatlingReport, targets, plan, interleaving, limit, injector, environment, sampling, warmups, settling, tiers,
                blocks, comparisons, answeredAfterRun, injection);
    }

    /** The baseline: the only target of a one-container run; {@code null} for a run that never started one. */
    public Target baseline() {
        return targets == null || targets.isEmpty() ? null : targets.get(0);
    }

    /** Whether several targets were measured in turn, with paired comparisons. */
    public boolean interleaved() {
        return targets != null && targets.size() > 1;
    }

    /** The tier of {@code users} (its first, if repeated) of the target labelled {@code label}. */
    public Optional<TierResult> tier(String label, int users) {
        return tiers.stream().filter(t -> t.users() == users && label.equals(t.target())).findFirst();
    }
}
