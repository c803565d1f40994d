package containerbench.run;

import containerbench.measure.LoadStart;
import containerbench.measure.Measurement;
import containerbench.measure.Phases;
import containerbench.measure.Step;
import containerbench.results.ResultsStore;
import containerbench.results.StoredRun;
import containerbench.settings.InjectorShare;
import containerbench.settings.TierPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * This injector's part in a run that several injectors share: when their load starts (the instant
 * each was given, or once all on this machine are ready), where this one waits for the others, and
 * the others it started on this machine, whose results it merges with its own. An injector alone
 * has none of these.
 */
final class Injectors {

    private final InjectorShare share;
    private final Phases phases;
    private final StartBarrier barrier;
    private final LocalInjectors others;
    // Where the injectors on this machine share a capacity search; null for one alone or on a machine of its own.
    private final SharedStair stair;

    private Injectors(InjectorShare share, Phases phases, StartBarrier barrier, LocalInjectors others, SharedStair stair) {
        this.share = share;
        this.phases = phases;
        this.barrier = barrier;
        this.others = others;
        this.stair = stair;
    }

    /**
     * @param simulation the simulation class, which the others on this machine run too
     * @param targets the targets this run launched, which the others load
     */
    static Injectors of(RunOrder order, String simulation, List<URI> targets) throws IOException {
        InjectorShare share = order.settings().injectors();
        if (share.alone()) {
            return new Injectors(share, null, null, null, null);
        }
        LoadStart start = share.startAt() != null ? LoadStart.at(share.startAt()) : LoadStart.later();
        Phases phases = new Phases(start);
        Path meeting = share.local() ? StartBarrier.newFolder() : order.startBarrier();
        StartBarrier barrier = start.known() ? null : share.startFile() != null
                ? StartBarrier.fromFile(share.startFile(), Path.of(System.getProperty("java.io.tmpdir"), StartBarrier.READY_MARKER), start)
                : new StartBarrier(meeting, share.index(), share.count(), phases);
        LocalInjectors others = share.local() ? LocalInjectors.start(order.settings(), simulation, targets, order.runId(),
                order.catalog().allKnobNames(), meeting) : null;
        if (barrier != null && others != null) {
            // One that has died is not waited for at every later phase: the others go on, and the merge names it missing.
            barrier.goneWhen(others::gone);
        }
        SharedStair stair = meeting == null ? null : new SharedStair(meeting, share.index(), share.count(),
                others == null ? index -> false : others::gone);
        return new Injectors(share, phases, barrier, others, stair);
    }

    /** Where the injectors on this machine share a capacity search ({@link SharedStair}); {@code null} for one alone. */
    SharedStair stair() {
        return stair;
    }

    /** When every injector starts each phase of its load; {@code null} for an injector alone. */
    Phases phases() {
        return phases;
    }

    /** When every injector starts its load; {@code null} for an injector alone. */
    LoadStart start() {
        return phases == null ? null : phases.of(0);
    }

    /** Whether this injector's users of {@code step} must still wait for the others; the first ask says this one is ready. */
    boolean waiting(Step step) {
        return barrier != null && barrier.waiting(step.phase());
    }

    /** Whether this injector decides what the others follow: the length of an auto warm-up, when a launch starts. */
    boolean leads() {
        return share.index() == 0;
    }

    /** Injector 0: {@code action} runs before each phase's instant is set, once every injector has ended the phase before. */
    private void beforePhase(IntConsumer action) {
        if (barrier != null) {
            barrier.beforePhase(action);
        }
    }

    /** Another injector on this machine: {@code action} runs once injector 0 has ended the phase before {@code phase}. */
    private void whenLeaderReady(int phase, Runnable action) {
        if (barrier != null && !leads()) {
            barrier.whenLeaderReady(phase, action);
        }
    }

    /**
     * With several injectors on this machine: injector 0 starts each launch of the targets once all
     * have ended the launch before; the others end each auto warm-up when injector 0 has ended its own.
     */
    void follow(TierPlan plan, Measurement measurement, Launches targets) {
        List<Step> steps = measurement.steps();
        beforePhase(phase -> {
            int launch = steps.stream().filter(step -> step.phase() == phase).findFirst().orElseThrow().launch();
            while (targets.waiting(launch)) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        });
        if (plan.autoWarmup()) {
            steps.stream().filter(step -> step.warmup() && !step.open())
                    .forEach(step -> whenLeaderReady(step.phase() + 1, step.rotation()::finish));
        }
    }

    /** The run's results: this injector's own, or merged with those of the others it started. */
    StoredRun results(StoredRun mine, ResultsStore store) {
        return others == null ? mine : others.mergeWith(mine, store);
    }

    /** What a run says of its injector: nothing when alone, else which one of how many, and from when. */
    String describe() {
        return share.alone() ? "" : ", injector " + share.index() + " of " + share.count()
                + (start().known() ? " from " + start().instant() : ", once all are ready");
    }
}
