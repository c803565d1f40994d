package containerbench.run;

import containerbench.measure.BlockResult;
import containerbench.measure.Measurement;
import containerbench.measure.Step;
import containerbench.results.BlockMerge;
import containerbench.results.Capacities;
import containerbench.settings.OpenModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A capacity search's stair, watched from its own thread: once a step is over and its last
 * requests are in, its blocks are judged against the goal, and when every repeat of every target
 * has missed it (or its injector fell behind too far to tell), the rest of the stair is called off. Judging on a
 * virtual user's thread would delay the next step's first arrivals, and count that as lateness.
 * Shared by several injectors ({@link SharedStair}), injector 0 judges every injector's blocks
 * joined, and the others stop when it says so.
 */
final class Stair implements AutoCloseable {

    private final List<Step> steps;
    private final List<String> labels;
    private final OpenModel.Slo slo;
    private final ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "capacity-search");
        thread.setDaemon(true);
        return thread;
    });
    // With several injectors on this machine: where they share the stair; else null.
    private final SharedStair shared;
    // Each step judged so far: its blocks, joined over every injector where several share the stair.
    private final List<BlockResult> steppedOn = new ArrayList<>();
    // Injector 0's own blocks of the step it waits for the others' of, read once.
    private List<BlockResult> ownStep;
    private int judged;
    private volatile boolean searched;

    /** @param shared where several injectors share the stair, injector 0 deciding for all; {@code null} for one injector */
    Stair(Measurement measurement, List<String> labels, OpenModel.Slo slo, SharedStair shared) {
        this.steps = measurement.steps().stream().filter(step -> !step.warmup()).toList();
        this.labels = labels;
        this.slo = slo;
        this.shared = shared;
        watch.scheduleWithFixedDelay(this::judgeOrSay, 200, 200, TimeUnit.MILLISECONDS);
    }

    /**
     * One look, on the watch's thread. A failure would end the watch unheard (an executor keeps a
     * periodic task's exception to itself): it is said, and the stair climbs on to its top, its
     * capacities found from its blocks all the same.
     */
    private void judgeOrSay() {
        try {
            judge();
        } catch (RuntimeException e) {
            System.out.println("container-bench: WARNING the capacity search can no longer decide where to stop (" + e.getMessage()
                    + "): the stair climbs to its top");
            watch.shutdown();
        }
    }

    /** Whether every target's capacity has been found: the stair's later steps send nothing. */
    boolean searched() {
        return searched;
    }

    private void judge() {
        if (shared != null && !shared.decides()) {
            follow();
            return;
        }
        while (judged < steps.size() && !searched) {
            Step step = steps.get(judged);
            if (!step.rotation().endedByNow() || !step.arrivals().idle()) {
                return;
            }
            if (shared == null) {
                steppedOn.addAll(step.rotation().openBlocks());
            } else {
                // Every injector's blocks of the step, joined: the target's p99 at the step's whole rate.
                if (ownStep == null) {
                    ownStep = step.rotation().openBlocks(true);
                }
                List<List<BlockResult>> all = shared.collect(judged, ownStep);
                if (all == null) {
                    return;
                }
                steppedOn.addAll(BlockMerge.joined(all));
                ownStep = null;
            }
            judged++;
            if (Capacities.searched(steppedOn, labels, slo)) {
                searched = true;
                if (shared != null) {
                    shared.stop();
                }
                System.out.printf("[run] capacity search: every repeat of every target has missed p99 <= %s ms (or its"
                        + " injector fell behind too far to tell) by %s%s: the stair stops there%n", slo.p99Ms(), step.rotation().tier(),
                        shared == null ? "" : ", over every injector's blocks");
            }
        }
    }

    /** One of the others: shares each step once it is over, and stops when injector 0 says the stair is done. */
    private void follow() {
        while (judged < steps.size()) {
            Step step = steps.get(judged);
            if (!step.rotation().endedByNow() || !step.arrivals().idle()) {
                break;
            }
            shared.publish(judged, step.rotation().openBlocks(true));
            judged++;
        }
        if (shared.stopped()) {
            searched = true;
        }
    }

    @Override
    public void close() {
        watch.shutdownNow();
    }
}
