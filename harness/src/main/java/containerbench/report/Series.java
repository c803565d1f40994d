package containerbench.report;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One target of one run as the page shows it: a line in the charts and a row per tier in the
 * tables. A one-container run is one series; an interleaved run one per target.
 *
 * @param label the target's label, with the run's id where two series would otherwise share it
 */
record Series(StoredRun stored, RunResult.Target target, String label) {

    /** Every series of the runs, in their order, each labelled so that no two read the same. */
    static List<Series> of(List<StoredRun> runs) {
        List<Series> series = new ArrayList<>();
        for (StoredRun stored : runs) {
            for (RunResult.Target target : stored.run().targets()) {
                long same = runs.stream().flatMap(r -> r.run().targets().stream()).filter(t -> t.label().equals(target.label())).count();
                series.add(new Series(stored, target, same > 1 ? target.label() + " (" + stored.run().runId() + ")" : target.label()));
            }
        }
        return series;
    }

    RunResult run() {
        return stored.run();
    }

    List<TierResult> tiers() {
        return run().tiers().stream().filter(t -> target.label().equals(t.target())).toList();
    }

    Optional<TierResult> tier(int users) {
        return run().tier(target.label(), users);
    }
}
