package containerbench.measure;

import containerbench.settings.InjectorShare;
import containerbench.settings.Interleaving;
import containerbench.settings.LoadClient;
import containerbench.settings.TierPlan;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
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
    private final List<Tier> tiers = new ArrayList<>();
    private final FailureCauses causes = new FailureCauses();
    private final GatlingFailureLog failureLog;
    // Each launch's samplers, one per target; the last launch's are the ones sampling.
    private final List<List<ServerSampler>> samplers = new ArrayList<>();
    private final boolean sampling;
    // The targets' process ids in the launch running now, read at every block's turn.
    private final java.util.concurrent.atomic.AtomicReferenceArray<Long> pids;
    // Each target's own report of its resources, read in place of its process; null for one whose process is read.
    private final List<TargetReport> reports;
    // The targets' JVMs in the launch running now, read at every measured block's turn; null for one that cannot be attached to.
    private final java.util.concurrent.atomic.AtomicReferenceArray<TargetJvm> jvms;
    private final CpuClock clock;
    private final int machineCpus;
    private final int injectorCores = Runtime.getRuntime().availableProcessors();
    // As the load is laid out, just before it begins: how busy the machine is from here to the end.
    private final HostLoad.Mark hostMark = HostLoad.mark();

    /**
     * A target as the measurement reads it.
     *
     * @param pid its JVM in the first launch; {@code null} for one started elsewhere
     * @param resources where it serves its own resources ({@code -Dtarget.resources}), read in place of its
     *     process; {@code null} for a target whose process is read, by pid
     */
    public record Target(String label, Long pid, URI resources) {

        /** A target read by its process. */
        public static Target launched(String label, Long pid) {
            return new Target(label, pid, null);
        }
    }

    /**
     * @param interleaving how several targets share each tier, or {@code null} for one target
     * @param targets the targets, the baseline first
     * @param sampling false to sample nothing
     */
    public Measurement(TierPlan plan, Interleaving interleaving, List<Target> targets, boolean sampling, int machineCpus) {
        this(plan, interleaving, targets, sampling, machineCpus, InjectorShare.ALONE, null, List.of("login"));
    }

    /**
     * The time between two steps of an injector that shares the run: the last requests of a step
     * return, and every injector starts the next one at the same instant.
     */
    static final int STEP_GAP_SECONDS = 2;

    /**
     * @param share this injector's part when several share the run: its users of each tier, and
     *     every step at its instant from its phase's start ({@link #STEP_GAP_SECONDS} apart)
     * @param phases when every injector of a shared run starts each phase of its load; {@code null} for one injector
     * @param requests the names of the requests sent, each tier's figures broken down by them when there are several
     */
    public Measurement(TierPlan plan, Interleaving interleaving, List<Target> targets, boolean sampling, int machineCpus,
            InjectorShare share, Phases phases, List<String> requests) {
        this.labels = targets.stream().map(Target::label).toList();
        this.clock = new CpuClock(plan.client() == LoadClient.WRK);
        this.interleaving = interleaving;
        this.machineCpus = machineCpus;
        this.sampling = sampling;
        this.pids = new java.util.concurrent.atomic.AtomicReferenceArray<>(targets.stream().map(Target::pid).toArray(Long[]::new));
        this.reports = targets.stream().map(t -> t.resources() == null ? null : new TargetReport(t.resources())).toList();
        this.jvms = new java.util.concurrent.atomic.AtomicReferenceArray<>(targets.size());
        Rotation.Cores cores = new Rotation.Cores(injectorCores);
        boolean several = labels.size() > 1;
        int launches = interleaving == null ? 1 : interleaving.launches();
        // Gatling's report shows each tier as a request of this name; a tier repeated gets #2, #3.
        Map<Integer, Integer> seen = new HashMap<>();
        List<Tier> planned = new ArrayList<>();
        for (int tier = 0; tier < plan.tiers().size(); tier++) {
            int repeat = seen.merge(share.usersOf(plan.tiers().get(tier)), 1, Integer::sum);
            planned.add(new Tier(plan.tiers().get(tier), plan.arrivesAtRates() ? Tier.Unit.RATE : Tier.Unit.USERS, repeat));
        }
        tiers.addAll(planned);
        int phase = 0;
        for (int launch = 0; launch < launches; launch++) {
            // Gatling's scenarios need names of their own; a launch after the first says which it is.
            String suffix = launch == 0 ? "" : " (launch " + (launch + 1) + ")";
            // Each launch starts a phase of its own.
            phase += launch == 0 ? 0 : 1;
            if (plan.warmupSeconds() > 0) {
                for (int t = 0; t < labels.size(); t++) {
                    String name = several ? "warm-up " + labels.get(t) : "warm-up";
                    Rotation.Rounds rounds = plan.autoWarmup()
                            ? new Rotation.Rounds(TierPlan.WARMUP_WINDOW_SECONDS, 0, plan.warmupSeconds() / TierPlan.WARMUP_WINDOW_SECONDS)
                            : Rotation.Rounds.once(plan.warmupSeconds());
                    int users = share.usersOf(plan.warmupUsers());
                    Step.Kind kind = new Step.Warmup(t);
                    Rotation warmup = new Rotation(name, kind, users, List.of(target(t, name)), rounds, clock, cores, requests, false,
                            launch);
                    steps.add(new Step(name + suffix, users, kind, warmup, startOf(phases, phase), offset(steps, phase), null,
                            launch, phase));
                    if (plan.autoWarmup()) {
                        phase++;
                    }
                }
                if (plan.arrivesAtRates()) {
                    steps.add(openWarmup(plan, share, clock, cores, requests, startOf(phases, phase), offset(steps, phase), phase,
                            launch));
                }
            }
            // Rates keep the plan's order: an open run's tiers are a stair that a capacity search climbs.
            for (int tier : tierOrder(planned.size(), launch, plan.arrivesAtRates() ? 1 : launches)) {
                int users = share.usersOf(plan.tiers().get(tier));
                Tier measured = planned.get(tier);
                String name = measured.toString();
                Step.Kind kind = new Step.Measured(measured, tier);
                List<Rotation.Target> turned = new ArrayList<>();
                for (int t = 0; t < labels.size(); t++) {
                    turned.add(target(t, several ? name + " " + labels.get(t) : name));
                }
                Rotation.Rounds rounds = interleaving != null ? new Rotation.Rounds(interleaving.blockSeconds(), interleaving.rounds(),
                        interleaving.roundsLaidOut(labels.size())) : Rotation.Rounds.once(plan.tierSeconds());
                steps.add(new Step(name + suffix, users, kind, new Rotation(name, kind, users, turned, rounds, clock, cores, requests,
                        plan.arrivesAtRates(), launch), startOf(phases, phase), offset(steps, phase),
                        plan.arrivesAtRates() ? new Arrivals(users, plan.open().maxInFlight()) : null, launch, phase));
            }
        }
        for (Step step : steps) {
            if (step.start() != null) {
                step.rotation().turnsFrom(() -> step.start().millis() + step.offsetMillis());
            }
        }
        this.failureLog = GatlingFailureLog.attach(causes);
        launched(0, targets.stream().map(Target::pid).toList());
    }

    /**
     * The order in which launch {@code launch} of {@code launches} runs a plan's {@code tiers}: the
     * plan's, rotated by a share of the tiers from launch to launch (six tiers over three launches
     * start at the first, the third and the fifth), so that no tier always runs first or last in its
     * launch and a drift over a launch's minutes does not land on the same tiers every time.
     */
    static List<Integer> tierOrder(int tiers, int launch, int launches) {
        int shift = launch * tiers / Math.max(1, launches);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < tiers; i++) {
            order.add((shift + i) % tiers);
        }
        return order;
    }

    /** Target {@code t} as a rotation turns to it, under the request name {@code request}: its CPU read from the launch running, or its report. */
    private Rotation.Target target(int t, String request) {
        TargetReport report = reports.get(t);
        return new Rotation.Target(t, labels.get(t), request, report != null ? report::cpuMillis : () -> clock.processMillis(pids.get(t)),
                () -> {
                    TargetJvm jvm = jvms.get(t);
                    return jvm == null ? null : jvm.read();
                });
    }

    /** Target {@code t}'s JVM in the launch running now; {@code null} for one started elsewhere, or one that could not be attached to. */
    public TargetJvm jvm(int t) {
        return jvms.get(t);
    }

    /**
     * The targets of launch {@code launch} answer, with these process ids: the blocks from here on
     * read their CPU, and their resources are sampled, the last launch's sampling stopped.
     */
    public synchronized void launched(int launch, List<Long> launchedPids) {
        for (int t = 0; t < launchedPids.size(); t++) {
            pids.set(t, launchedPids.get(t));
            TargetJvm last = jvms.getAndSet(t, launchedPids.get(t) == null || reports.get(t) != null ? null
                    : TargetJvm.attach(launchedPids.get(t)));
            if (last != null) {
                last.close();
            }
        }
        if (!samplers.isEmpty()) {
            samplers.get(samplers.size() - 1).forEach(ServerSampler::close);
        }
        if (sampling) {
            List<ServerSampler> these = new ArrayList<>();
            for (int t = 0; t < launchedPids.size(); t++) {
                these.add(reports.get(t) != null ? ServerSampler.start(reports.get(t), SAMPLE_PERIOD)
                        : ServerSampler.start(launchedPids.get(t), jvms.get(t), SAMPLE_PERIOD));
            }
            samplers.add(these);
        }
    }

    /**
     * The injector's own warm-up before open tiers: arrivals at the first rate, every target in
     * turn, counted nowhere. Gatling's open path (a user per request, the shared pool) compiles
     * apart from the closed warm-up's loop: without this the first open tier measured it, 80 ms
     * late at the 99th percentile where the next tiers were 1 ms. Each launch has its own: its
     * targets are new JVMs, and Gatling's scenarios need names of their own.
     */
    private Step openWarmup(TierPlan plan, InjectorShare share, CpuClock clock, Rotation.Cores cores, List<String> requests,
            LoadStart start, long offset, int phase, int launch) {
        String name = "warm-up arrivals";
        List<Rotation.Target> targets = new ArrayList<>();
        for (int t = 0; t < labels.size(); t++) {
            targets.add(target(t, name + " " + labels.get(t)));
        }
        // This injector's share of the first rate, as of every step's.
        int rate = share.usersOf(plan.tiers().get(0));
        Step.Kind kind = new Step.OpenWarmup();
        Rotation rotation = new Rotation(name, kind, rate, targets, new Rotation.Rounds(OPEN_WARMUP_BLOCK_SECONDS, 1, 1), clock,
                cores, requests, true, launch);
        String scenario = launch == 0 ? name : name + " (launch " + (launch + 1) + ")";
        return new Step(scenario, rate, kind, rotation, start, offset, new Arrivals(rate, plan.open().maxInFlight()), launch,
                phase);
    }

    static final int OPEN_WARMUP_BLOCK_SECONDS = 5;

    /** When the next step of a shared run starts after its phase's start: each after the one before, and a gap. */
    private static long offset(List<Step> before, int phase) {
        return 1000L * before.stream().filter(step -> step.phase() == phase)
                .mapToInt(step -> step.rotation().mostSeconds() + STEP_GAP_SECONDS).sum();
    }

    private static LoadStart startOf(Phases phases, int phase) {
        return phases == null ? null : phases.of(phase);
    }

    /** Every step of the load, in the order the simulation runs them. */
    public List<Step> steps() {
        return steps;
    }

    /** The tier at {@code index} in the plan. */
    public Tier tier(int index) {
        return tiers.get(index);
    }

    /** Every target's warm-up, its windows combined over every launch, in target order. */
    public List<TierResult> warmupResults() {
        List<TierResult> results = new ArrayList<>();
        for (int target = 0; target < labels.size(); target++) {
            List<TierRecorder> recorders = new ArrayList<>();
            String scenario = null;
            int users = 0;
            for (Step step : steps) {
                if (step.warmupOf(target)) {
                    recorders.addAll(step.rotation().recordersOf(target));
                    scenario = scenario == null ? step.rotation().name() : scenario;
                    users = step.users();
                }
            }
            if (scenario != null) {
                results.add(explained(TierRecorder.combined(scenario, labels.get(target), users, recorders), target, recorders));
            }
        }
        return results;
    }

    /** The seconds of warm-up each target had, in target order: the longest of its launches', none without a warm-up. */
    public List<Integer> warmupSeconds() {
        List<Integer> seconds = new ArrayList<>(Collections.nCopies(labels.size(), 0));
        for (Step step : steps) {
            if (step.kind() instanceof Step.Warmup warmup) {
                int these = step.rotation().recordersOf(warmup.target()).size() * step.rotation().rounds().blockSeconds();
                seconds.set(warmup.target(), Math.max(seconds.get(warmup.target()), these));
            }
        }
        return seconds;
    }

    /** Every tier, and in an interleaved run every target of every tier, its blocks of every launch combined. */
    public List<TierResult> tierResults() {
        List<TierResult> results = new ArrayList<>();
        for (int tier = 0; tier < tiers.size(); tier++) {
            for (int target = 0; target < labels.size(); target++) {
                List<TierRecorder> recorders = ofTier(tier, target, Rotation::recordersOf);
                results.add(explained(TierRecorder.combined(tiers.get(tier).toString(), labels.get(target), usersOf(tier), recorders),
                        target, recorders));
            }
        }
        return results;
    }

    /** With several targets, each tier's lead-in per target, over every launch: run, and in no tier's figures. */
    public List<TierResult> leadInResults() {
        List<TierResult> results = new ArrayList<>();
        for (int tier = 0; tier < tiers.size(); tier++) {
            for (int target = 0; target < labels.size(); target++) {
                List<TierRecorder> recorders = ofTier(tier, target, Rotation::leadInOf);
                if (!recorders.isEmpty()) {
                    results.add(TierRecorder.combined(tiers.get(tier) + " lead-in", labels.get(target), usersOf(tier), recorders));
                }
            }
        }
        return results;
    }

    /** One target's recorders of one tier, {@code which} of them, over every launch. */
    private List<TierRecorder> ofTier(int tier, int target, java.util.function.BiFunction<Rotation, Integer, List<TierRecorder>> which) {
        List<TierRecorder> recorders = new ArrayList<>();
        steps.stream().filter(step -> step.measures(tier)).forEach(step -> recorders.addAll(which.apply(step.rotation(), target)));
        return recorders;
    }

    private int usersOf(int tier) {
        return steps.stream().filter(step -> step.measures(tier)).findFirst().orElseThrow().users();
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

    /** How the resources were sampled, or {@code null} when they were not: the baseline's samples over every launch. */
    public Sampling sampling() {
        if (samplers.isEmpty()) {
            return null;
        }
        return new Sampling((int) SAMPLE_PERIOD.toMillis(), samplesOf(0).size(),
                samplers.get(0).stream().mapToDouble(ServerSampler::cpuMicrosPerSample).sum());
    }

    /** Every sample of one target's resources, launch after launch. */
    private List<ServerSampler.Sample> samplesOf(int target) {
        return samplers.stream().flatMap(launch -> launch.get(target).samples().stream()).toList();
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
        TierResources resources = samplers.isEmpty() ? null : TierResources.of(samplesOf(target), windows,
                tier.seconds(), tier.ok(), injectorCores, machineCpus);
        String request = recorders.get(0).name();
        return tier.explained(causes.causesOf(request), causes.examplesOf(request), resources);
    }

    @Override
    public void close() {
        samplers.forEach(launch -> launch.forEach(ServerSampler::close));
        for (int t = 0; t < jvms.length(); t++) {
            TargetJvm jvm = jvms.getAndSet(t, null);
            if (jvm != null) {
                jvm.close();
            }
        }
        failureLog.close();
    }
}
