package containerbench.run;

import containerbench.measure.BlockResult;
import containerbench.measure.Measurement;
import containerbench.measure.Step;
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
 * has missed it (or its injector fell behind), the rest of the stair is called off. Judging on a
 * virtual user's thread would delay the next step's first arrivals, and count that as lateness.
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
    private int judged;
    private volatile boolean searched;

    Stair(Measurement measurement, List<String> labels, OpenModel.Slo slo) {
        this.steps = measurement.steps().stream().filter(step -> !step.warmup()).toList();
        this.labels = labels;
        this.slo = slo;
        watch.scheduleWithFixedDelay(this::judge, 200, 200, TimeUnit.MILLISECONDS);
    }

    /** Whether every target's capacity has been found: the stair's later steps send nothing. */
    boolean searched() {
        return searched;
    }

    private void judge() {
        while (judged < steps.size() && !searched) {
            Step step = steps.get(judged);
            if (!step.rotation().endedByNow() || !step.arrivals().idle()) {
                return;
            }
            judged++;
            List<BlockResult> blocks = new ArrayList<>();
            steps.subList(0, judged).forEach(s -> blocks.addAll(s.rotation().openBlocks()));
            if (Capacities.searched(blocks, labels, slo)) {
                searched = true;
                System.out.printf("[run] capacity search: every repeat of every target has missed p99 <= %s ms (or its"
                        + " injector fell behind) by %s: the stair stops there%n", slo.p99Ms(), step.rotation().tier());
            }
        }
    }

    @Override
    public void close() {
        watch.shutdownNow();
    }
}
