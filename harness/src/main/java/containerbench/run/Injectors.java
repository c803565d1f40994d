package containerbench.run;

import containerbench.measure.LoadStart;
import containerbench.results.ResultsStore;
import containerbench.results.StoredRun;
import containerbench.settings.InjectorShare;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * This injector's part in a run that several injectors share: when their load starts (the instant
 * each was given, or once all on this machine are ready), where this one waits for the others, and
 * the others it started on this machine, whose results it merges with its own. An injector alone
 * has none of these.
 */
final class Injectors {

    private final InjectorShare share;
    private final LoadStart start;
    private final StartBarrier barrier;
    private final LocalInjectors others;

    private Injectors(InjectorShare share, LoadStart start, StartBarrier barrier, LocalInjectors others) {
        this.share = share;
        this.start = start;
        this.barrier = barrier;
        this.others = others;
    }

    /**
     * @param simulation the simulation class, which the others on this machine run too
     * @param target the target this run launched, which the others load
     */
    static Injectors of(RunOrder order, String simulation, URI target) throws IOException {
        InjectorShare share = order.settings().injectors();
        if (share.alone()) {
            return new Injectors(share, null, null, null);
        }
        LoadStart start = share.startAt() != null ? LoadStart.at(share.startAt()) : LoadStart.later();
        Path meeting = share.local() ? StartBarrier.newFolder() : order.startBarrier();
        StartBarrier barrier = start.known() ? null : share.startFile() != null
                ? StartBarrier.fromFile(share.startFile(), Path.of(System.getProperty("java.io.tmpdir"), StartBarrier.READY_MARKER), start)
                : new StartBarrier(meeting, share.index(), share.count(), start);
        LocalInjectors others = share.local() ? LocalInjectors.start(order.settings(), simulation, target, order.runId(),
                order.catalog().allKnobNames(), meeting) : null;
        return new Injectors(share, start, barrier, others);
    }

    /** When every injector starts its load; {@code null} for an injector alone. */
    LoadStart start() {
        return start;
    }

    /** Whether this injector's users must still wait for the others; the first ask says this one is ready. */
    boolean waiting() {
        return barrier != null && barrier.waiting();
    }

    /** The run's results: this injector's own, or merged with those of the others it started. */
    StoredRun results(StoredRun mine, ResultsStore store) {
        return others == null ? mine : others.mergeWith(mine, store);
    }

    /** What a run says of its injector: nothing when alone, else which one of how many, and from when. */
    String describe() {
        return share.alone() ? "" : ", injector " + share.index() + " of " + share.count()
                + (start.known() ? " from " + start.instant() : ", once all are ready");
    }
}
