package containerbench.measure;

import containerbench.settings.TierPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measures: a recorder for the warm-up and for each tier, the causes of its
 * failed requests, and (unless switched off) the target's and injector's resources once a second.
 * The simulation records into it; {@link #warmupResult} and {@link #tierResults} give the figures.
 */
public final class Measurement implements AutoCloseable {

    private static final Duration SAMPLE_PERIOD = Duration.ofSeconds(1);

    private final TierRecorder warmup;
    private final List<TierRecorder> tiers = new ArrayList<>();
    private final FailureCauses causes = new FailureCauses();
    private final GatlingFailureLog failureLog;
    private final ServerSampler sampler;
    private final int machineCpus;

    /**
     * @param targetPid the target JVM to sample, or -1 for a target started elsewhere
     * @param sampling false to sample nothing
     */
    public Measurement(TierPlan plan, long targetPid, boolean sampling, int machineCpus) {
        this.machineCpus = machineCpus;
        this.warmup = new TierRecorder("warm-up", plan.warmupUsers());
        // Gatling's report shows each tier as a request of this name; a tier repeated gets #2, #3.
        Map<Integer, Integer> seen = new HashMap<>();
        for (int users : plan.tiers()) {
            int repeat = seen.merge(users, 1, Integer::sum);
            tiers.add(new TierRecorder(users + " users" + (repeat > 1 ? " #" + repeat : ""), users));
        }
        this.failureLog = GatlingFailureLog.attach(causes);
        this.sampler = sampling ? ServerSampler.start(targetPid, SAMPLE_PERIOD) : null;
    }

    public TierRecorder warmup() {
        return warmup;
    }

    public List<TierRecorder> tiers() {
        return tiers;
    }

    public TierResult warmupResult() {
        return explained(warmup.result());
    }

    public List<TierResult> tierResults() {
        return tiers.stream().map(tier -> explained(tier.result())).toList();
    }

    /** How the resources were sampled, or {@code null} when they were not. */
    public Sampling sampling() {
        return sampler == null ? null
                : new Sampling((int) SAMPLE_PERIOD.toMillis(), sampler.samples().size(), sampler.cpuMicrosPerSample());
    }

    /** A tier with Gatling's causes of its failures and the resources sampled inside its window. */
    private TierResult explained(TierResult tier) {
        if (tier.requests() == 0) {
            return tier;
        }
        TierResources resources = sampler == null ? null : TierResources.of(sampler.samples(), tier.startMillis(),
                tier.endMillis(), tier.seconds(), tier.ok(), Runtime.getRuntime().availableProcessors(), machineCpus);
        return tier.explained(causes.causesOf(tier.name()), causes.examplesOf(tier.name()), resources);
    }

    @Override
    public void close() {
        if (sampler != null) {
            sampler.close();
        }
        failureLog.close();
    }
}
