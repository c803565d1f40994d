package containerbench.measure;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Each request of a mix in one block: its OK and failed responses and the OK ones' summed times,
 * counted wait-free on the request path, so that a mix's requests can be paired block by block as
 * the whole tier is.
 */
final class RequestTally {

    /** One request's counters. */
    private record Counts(String name, LongAdder ok, LongAdder ko, LongAdder okMillis) {

        Counts(String name) {
            this(name, new LongAdder(), new LongAdder(), new LongAdder());
        }

        BlockResult.Request figures() {
            long oks = ok.sum();
            return new BlockResult.Request(name, oks, ko.sum(), oks == 0 ? null : Decimals.two((double) okMillis.sum() / oks));
        }
    }

    private final List<Counts> requests;

    /** @param names the mix's requests, in its order */
    RequestTally(List<String> names) {
        this.requests = names.stream().map(Counts::new).toList();
    }

    void ok(int request, int millis) {
        Counts counts = requests.get(request);
        counts.ok().increment();
        counts.okMillis().add(millis);
    }

    void ko(int request) {
        requests.get(request).ko().increment();
    }

    /** Each request's figures so far, in the mix's order. */
    List<BlockResult.Request> figures() {
        return requests.stream().map(Counts::figures).toList();
    }
}
