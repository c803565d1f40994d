package containerbench.measure;

import containerbench.settings.Interleaving;
import containerbench.settings.TierPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measures: the steps of its load, each recorded on its own, the causes of its
 * failed requests, every target's resources once a second (unless switched off), and for an
 * interleaved run each block's CPU, read from the target and the injector as the block begins and
 * ends. The simulation runs the {@link #steps} in order and calls {@link #enter} as each begins.
 */
public final class Measurement implements AutoCloseable {

    private static final Duration SAMPLE_PERIOD = Duration.ofSeconds(1);
    // Saturated means at least this share of the cores available, as for a tier's resources.
    private static final double LIMITED = 0.9;

    private final List<String> labels;
    private final List<Long> pids;
    private final List<Step> steps = new ArrayList<>();
    private final List<String> tierNames = new ArrayList<>();
    private final FailureCauses causes = new FailureCauses();
    private final GatlingFailureLog failureLog;
    private final List<ServerSampler> samplers = new ArrayList<>();
    private final CpuClock clock = new CpuClock();
    private final int machineCpus;
    private final int injectorCores = Runtime.getRuntime().availableProcessors();
    private final Map<Step, long[]> cpuAtStart = new HashMap<>();
    private final List<BlockResult> blocks = new ArrayList<>();
    private Step open;

    /**
     * @param interleaving how several targets share each tier, or {@code null} for one target
     * @param labels the targets' labels, the baseline first
     * @param pids the targets' process ids, -1 for one started elsewhere
     * @param sampling false to sample nothing
     */
    public Measurement(TierPlan plan, Interleaving interleaving, List<String> labels, List<Long> pids, boolean sampling,
            int machineCpus) {
        this.labels = List.copyOf(labels);
        this.pids = List.copyOf(pids);
        this.machineCpus = machineCpus;
        boolean several = labels.size() > 1;
        if (plan.warmupSeconds() > 0) {
            for (int t = 0; t < labels.size(); t++) {
                String name = request("warm-up", t);
                steps.add(new Step(new TierRecorder(name, labels.get(t), plan.warmupUsers()), name, plan.warmupSeconds(), -1, 0, t));
            }
        }
        // Gatling's report shows each tier as a request of this name; a tier repeated gets #2, #3.
        Map<Integer, Integer> seen = new HashMap<>();
        for (int tier = 0; tier < plan.tiers().size(); tier++) {
            int users = plan.tiers().get(tier);
            int repeat = seen.merge(users, 1, Integer::sum);
            String name = users + " users" + (repeat > 1 ? " #" + repeat : "");
            tierNames.add(name);
            if (!several) {
                steps.add(new Step(new TierRecorder(name, labels.get(0), users), name, plan.tierSeconds(), tier, 0, 0));
                continue;
            }
            for (int round = 0; round < interleaving.rounds(); round++) {
                // A B, then B A: each target comes first as often as last, and drift falls on all alike.
                for (int i = 0; i < labels.size(); i++) {
                    int t = round % 2 == 0 ? i : labels.size() - 1 - i;
                    String request = request(name, t);
                    steps.add(new Step(new TierRecorder(request, labels.get(t), users), request + ", round " + (round + 1),
                            interleaving.blockSeconds(), tier, round, t));
                }
            }
        }
        this.failureLog = GatlingFailureLog.attach(causes);
        if (sampling) {
            pids.forEach(pid -> samplers.add(ServerSampler.start(pid, SAMPLE_PERIOD)));
        }
    }

    /** "100 users" with one target; "100 users tomcat" with several, so that the report tells them apart. */
    private String request(String name, int target) {
        return labels.size() > 1 ? name + " " + labels.get(target) : name;
    }

    /** Every step of the load, in the order the simulation runs them. */
    public List<Step> steps() {
        return steps;
    }

    /**
     * Marks the start of {@code step}, and so the end of the one before: the simulation runs them one
     * after another, each starting when every user of the one before has finished. Called by each
     * user as it starts; the first call counts.
     */
    public synchronized void enter(Step step) {
        if (step == open || cpuAtStart.containsKey(step)) {
            return;
        }
        closeOpenStep();
        open = step;
        cpuAtStart.put(step, new long[] {clock.processMillis(pids.get(step.target())), clock.injectorNanos(), System.nanoTime()});
    }

    private void closeOpenStep() {
        if (open == null) {
            return;
        }
        long[] start = cpuAtStart.get(open);
        long targetMillis = clock.processMillis(pids.get(open.target()));
        double wallNanos = Math.max(1, System.nanoTime() - start[2]);
        double injectorPercent = 100.0 * (clock.injectorNanos() - start[1]) / wallNanos;
        if (!open.warmup() && labels.size() > 1) {
            TierResult figures = open.recorder().result();
            double cpuPerResponse = targetMillis < 0 || start[0] < 0 || figures.ok() == 0 ? -1
                    : Round.twoDecimals((targetMillis - start[0]) * 1000.0 / figures.ok());
            blocks.add(new BlockResult(tierNames.get(open.tier()), figures.users(), open.round(), figures.target(),
                    figures.startMillis(), figures.endMillis(), figures.requests(), figures.ok(), figures.ko(), figures.tps(),
                    cpuPerResponse, Round.twoDecimals(injectorPercent), injectorPercent >= LIMITED * 100 * injectorCores));
        }
        open = null;
    }

    /** Every target's warm-up, in target order. */
    public List<TierResult> warmupResults() {
        return steps.stream().filter(Step::warmup).map(step -> explained(step.recorder().result(), List.of(step))).toList();
    }

    /** Every tier, and in an interleaved run every target of every tier, its blocks combined. */
    public List<TierResult> tierResults() {
        List<TierResult> results = new ArrayList<>();
        for (int tier = 0; tier < tierNames.size(); tier++) {
            for (int target = 0; target < labels.size(); target++) {
                int t = tier;
                int g = target;
                List<Step> mine = steps.stream().filter(s -> s.tier() == t && s.target() == g).toList();
                TierResult combined = TierRecorder.combined(tierNames.get(tier), labels.get(target), mine.get(0).users(),
                        mine.stream().map(Step::recorder).toList());
                results.add(explained(combined, mine));
            }
        }
        return results;
    }

    /** The blocks of an interleaved run, in the order they ran; none for one target. */
    public synchronized List<BlockResult> blocks() {
        closeOpenStep();
        return List.copyOf(blocks);
    }

    /** How the resources were sampled, or {@code null} when they were not. */
    public Sampling sampling() {
        if (samplers.isEmpty()) {
            return null;
        }
        ServerSampler first = samplers.get(0);
        return new Sampling((int) SAMPLE_PERIOD.toMillis(), first.samples().size(),
                samplers.stream().mapToDouble(ServerSampler::cpuMicrosPerSample).sum());
    }

    /**
     * A tier with Gatling's causes of its failures and its target's resources, sampled inside the
     * windows of its steps (one window, or one per block).
     */
    private TierResult explained(TierResult tier, List<Step> from) {
        if (tier.requests() == 0) {
            return tier;
        }
        int target = from.get(0).target();
        TierResources resources = samplers.isEmpty() ? null : TierResources.of(samplers.get(target).samples(),
                from.stream().map(step -> step.recorder().result()).filter(r -> r.requests() > 0)
                        .map(r -> new long[] {r.startMillis(), r.endMillis()}).toList(),
                tier.seconds(), tier.ok(), injectorCores, machineCpus);
        String request = from.get(0).name();
        return tier.explained(causes.causesOf(request), causes.examplesOf(request), resources);
    }

    @Override
    public void close() {
        samplers.forEach(ServerSampler::close);
        failureLog.close();
    }
}
