package containerbench.measure;

import containerbench.settings.InjectorShare;
import containerbench.settings.Interleaving;
import containerbench.settings.TierPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measures: the steps of its load, the causes of its failed requests, and
 * every target's resources once a second (unless switched off). Every step turns a {@link Rotation}:
 * with one container a warm-up and each tier are one block of a fixed time; with several, each
 * target warms up in turn and each tier turns block by block between them. An auto warm-up is a
 * rotation of one target's windows.
 */
public final class Measurement implements AutoCloseable {

    private static final Duration SAMPLE_PERIOD = Duration.ofSeconds(1);

    private final List<String> labels;
    // Blocks, with several targets or a capacity search's rounds; null for one target's tiers of a fixed length.
    private final Interleaving interleaving;
    private final List<Step> steps = new ArrayList<>();
    private final List<String> tierNames = new ArrayList<>();
    private final FailureCauses causes = new FailureCauses();
    private final GatlingFailureLog failureLog;
    private final List<ServerSampler> samplers = new ArrayList<>();
    private final int machineCpus;
    private final int injectorCores = Runtime.getRuntime().availableProcessors();
    // As the load is laid out, just before it begins: how busy the machine is from here to the end.
    private final HostLoad.Mark hostMark = HostLoad.mark();

    /**
     * @param interleaving how several targets share each tier, or {@code null} for one target
     * @param labels the targets' labels, the baseline first
     * @param pids the targets' process ids, -1 for one started elsewhere
     * @param sampling false to sample nothing
     */
    public Measurement(TierPlan plan, Interleaving interleaving, List<String> labels, List<Long> pids, boolean sampling,
            int machineCpus) {
        this(plan, interleaving, labels, pids, sampling, machineCpus, InjectorShare.ALONE, null, List.of("login"));
    }

    /**
     * The time between two steps of an injector that shares the run: the last requests of a step
     * return, and every injector starts the next one at the same instant.
     */
    static final int STEP_GAP_SECONDS = 2;

    /**
     * @param share this injector's part when several share the run: its users of each tier, and
     *     every step at its instant from {@code start} ({@link #STEP_GAP_SECONDS} apart)
     * @param start when every injector of a shared run starts its load; {@code null} for one injector
     * @param requests the names of the requests sent, each tier's figures broken down by them when there are several
     */
    public Measurement(TierPlan plan, Interleaving interleaving, List<String> labels, List<Long> pids, boolean sampling,
            int machineCpus, InjectorShare share, LoadStart start, List<String> requests) {
        this.labels = List.copyOf(labels);
        this.interleaving = interleaving;
        this.machineCpus = machineCpus;
        CpuClock clock = new CpuClock();
        Rotation.Cores cores = new Rotation.Cores(injectorCores, machineCpus);
        boolean several = labels.size() > 1;
        if (plan.warmupSeconds() > 0) {
            for (int t = 0; t < labels.size(); t++) {
                String name = several ? "warm-up " + labels.get(t) : "warm-up";
                Rotation.Rounds rounds = plan.autoWarmup()
                        ? new Rotation.Rounds(TierPlan.WARMUP_WINDOW_SECONDS, 0, plan.warmupSeconds() / TierPlan.WARMUP_WINDOW_SECONDS)
                        : Rotation.Rounds.once(plan.warmupSeconds());
                int users = share.usersOf(plan.warmupUsers());
                Rotation warmup = new Rotation(name, -1, users, List.of(new Rotation.Target(t, labels.get(t), name, pids.get(t))),
                        rounds, clock, cores, requests, false);
                steps.add(new Step(name, users, -1, t, warmup, start, offset(steps)));
            }
            if (plan.arrivesAtRates()) {
                steps.add(openWarmup(plan, labels, pids, clock, cores, requests));
            }
        }
        // Gatling's report shows each tier as a request of this name; a tier repeated gets #2, #3.
        Map<Integer, Integer> seen = new HashMap<>();
        for (int tier = 0; tier < plan.tiers().size(); tier++) {
            int users = share.usersOf(plan.tiers().get(tier));
            int repeat = seen.merge(users, 1, Integer::sum);
            String name = plan.tiers().get(tier) + (plan.arrivesAtRates() ? " req/s" : " users") + (repeat > 1 ? " #" + repeat : "");
            tierNames.add(name);
            List<Rotation.Target> targets = new ArrayList<>();
            for (int t = 0; t < labels.size(); t++) {
                targets.add(new Rotation.Target(t, labels.get(t), several ? name + " " + labels.get(t) : name, pids.get(t)));
            }
            Rotation.Rounds rounds = interleaving != null ? new Rotation.Rounds(interleaving.blockSeconds(), interleaving.rounds(),
                    interleaving.roundsLaidOut(labels.size())) : Rotation.Rounds.once(plan.tierSeconds());
            steps.add(new Step(name, users, tier, 0, new Rotation(name, tier, users, targets, rounds, clock, cores, requests,
                    plan.arrivesAtRates()), start, offset(steps), plan.arrivesAtRates() ? new Arrivals(users, plan.open().maxInFlight()) : null));
        }
        this.failureLog = GatlingFailureLog.attach(causes);
        if (sampling) {
            pids.forEach(pid -> samplers.add(ServerSampler.start(pid, SAMPLE_PERIOD)));
        }
    }

    /**
     * The injector's own warm-up before open tiers: arrivals at the first rate, every target in
     * turn, counted nowhere. Gatling's open path (a user per request, the shared pool) compiles
     * apart from the closed warm-up's loop: without this the first open tier measured it, 80 ms
     * late at the 99th percentile where the next tiers were 1 ms.
     */
    private static Step openWarmup(TierPlan plan, List<String> labels, List<Long> pids, CpuClock clock, Rotation.Cores cores,
            List<String> requests) {
        String name = "warm-up arrivals";
        List<Rotation.Target> targets = new ArrayList<>();
        for (int t = 0; t < labels.size(); t++) {
            targets.add(new Rotation.Target(t, labels.get(t), name + " " + labels.get(t), pids.get(t)));
        }
        int rate = plan.tiers().get(0);
        Rotation rotation = new Rotation(name, -1, rate, targets, new Rotation.Rounds(OPEN_WARMUP_BLOCK_SECONDS, 1, 1), clock,
                cores, requests, true);
        return new Step(name, rate, -1, -1, rotation, null, 0, new Arrivals(rate, plan.open().maxInFlight()));
    }

    static final int OPEN_WARMUP_BLOCK_SECONDS = 5;

    /** When the next step of a shared run starts after the load's start: each after the one before, and a gap. */
    private static long offset(List<Step> before) {
        return 1000L * before.stream().mapToInt(step -> step.rotation().mostSeconds() + STEP_GAP_SECONDS).sum();
    }

    /** Every step of the load, in the order the simulation runs them. */
    public List<Step> steps() {
        return steps;
    }

    /** The name of the tier at {@code index} in the plan: "500 users", "500 users #2" for a repeat. */
    public String tierName(int index) {
        return tierNames.get(index);
    }

    /** Every target's warm-up, its windows combined, in target order. */
    public List<TierResult> warmupResults() {
        List<TierResult> results = new ArrayList<>();
        for (Step step : steps) {
            if (step.warmup() && step.target() >= 0) {
                List<TierRecorder> recorders = step.rotation().recordersOf(step.target());
                results.add(explained(TierRecorder.combined(step.scenario(), labels.get(step.target()), step.users(), recorders),
                        step.target(), recorders));
            }
        }
        return results;
    }

    /** The seconds of warm-up each target had, in target order: its blocks that ran, none without a warm-up. */
    public List<Integer> warmupSeconds() {
        List<Integer> seconds = new ArrayList<>(java.util.Collections.nCopies(labels.size(), 0));
        for (Step step : steps) {
            if (step.warmup() && step.target() >= 0) {
                seconds.set(step.target(), step.rotation().recordersOf(step.target()).size() * step.rotation().rounds().blockSeconds());
            }
        }
        return seconds;
    }

    /** Every tier, and in an interleaved run every target of every tier, its blocks combined. */
    public List<TierResult> tierResults() {
        List<TierResult> results = new ArrayList<>();
        for (Step step : steps) {
            if (step.warmup()) {
                continue;
            }
            for (int target = 0; target < labels.size(); target++) {
                List<TierRecorder> recorders = step.rotation().recordersOf(target);
                results.add(explained(TierRecorder.combined(tierNames.get(step.tier()), labels.get(target), step.users(), recorders),
                        target, recorders));
            }
        }
        return results;
    }

    /** The blocks of an interleaved run's or a capacity search's tiers, in the order they ran; none for one target's tiers. */
    public List<BlockResult> blocks() {
        List<BlockResult> blocks = new ArrayList<>();
        for (Step step : steps) {
            if (!step.warmup() && interleaving != null) {
                step.rotation().finish();
                blocks.addAll(step.rotation().blocksWithLatencies());
            }
        }
        return blocks;
    }

    /** How busy the machine was from the start of the load until now, or {@code null} off Linux. */
    public HostLoad hostLoad() {
        return HostLoad.since(hostMark);
    }

    /** How the resources were sampled, or {@code null} when they were not. */
    public Sampling sampling() {
        if (samplers.isEmpty()) {
            return null;
        }
        return new Sampling((int) SAMPLE_PERIOD.toMillis(), samplers.get(0).samples().size(),
                samplers.stream().mapToDouble(ServerSampler::cpuMicrosPerSample).sum());
    }

    /**
     * A tier with Gatling's causes of its failures and its target's resources, sampled inside the
     * windows it was loaded (one, or one per block).
     */
    private TierResult explained(TierResult tier, int target, List<TierRecorder> recorders) {
        if (tier.requests() == 0) {
            return tier;
        }
        List<long[]> windows = recorders.stream().map(TierRecorder::counts).filter(r -> r.requests() > 0)
                .map(r -> new long[] {r.startMillis(), r.endMillis()}).toList();
        TierResources resources = samplers.isEmpty() ? null : TierResources.of(samplers.get(target).samples(), windows,
                tier.seconds(), tier.ok(), injectorCores, machineCpus);
        String request = recorders.get(0).name();
        return tier.explained(causes.causesOf(request), causes.examplesOf(request), resources);
    }

    @Override
    public void close() {
        samplers.forEach(ServerSampler::close);
        failureLog.close();
    }
}
