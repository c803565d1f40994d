package containerbench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Each request of a mix in one block: its OK and failed responses and the OK ones' summed times,
 * counted wait-free on the request path, so that a mix's requests can be paired block by block as
 * the whole tier is.
 */
final class RequestTally {

    private final List<String> names;
    private final LongAdder[] ok;
    private final LongAdder[] ko;
    private final LongAdder[] okMillis;

    /** @param names the mix's requests, in its order */
    RequestTally(List<String> names) {
        this.names = List.copyOf(names);
        this.ok = adders(names.size());
        this.ko = adders(names.size());
        this.okMillis = adders(names.size());
    }

    private static LongAdder[] adders(int n) {
        LongAdder[] adders = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            adders[i] = new LongAdder();
        }
        return adders;
    }

    void ok(int request, int millis) {
        ok[request].increment();
        okMillis[request].add(millis);
    }

    void ko(int request) {
        ko[request].increment();
    }

    /** Each request's figures so far, in the mix's order. */
    List<BlockResult.Request> figures() {
        List<BlockResult.Request> figures = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            long oks = ok[i].sum();
            figures.add(new BlockResult.Request(names.get(i), oks, ko[i].sum(),
                    oks == 0 ? null : Decimals.two((double) okMillis[i].sum() / oks)));
        }
        return figures;
    }
}
