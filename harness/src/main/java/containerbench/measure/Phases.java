package containerbench.measure;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The instants the phases of a shared run start at: every injector lays a phase's steps out from
 * its instant, so that their blocks turn together. A phase ends where no one can know its length in
 * advance: at the end of each launch of the targets (the next has to be started) and of each auto
 * warm-up (it lasts until its target is steady). The first phase's instant is given or set as all
 * injectors are ready; each later one's is set once all are ready for it.
 */
public final class Phases {

    private final Map<Integer, LoadStart> starts = new ConcurrentHashMap<>();

    public Phases(LoadStart first) {
        starts.put(0, first);
    }

    /** The start of phase {@code phase}, not known until it is set. */
    public LoadStart of(int phase) {
        return starts.computeIfAbsent(phase, p -> LoadStart.later());
    }
}
