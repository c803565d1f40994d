package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Decimals;
import containerbench.settings.OpenModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each target's capacity at a latency goal, from a capacity search's blocks: every round of the
 * stair is one repeat of the search. In round j a target's capacity is the highest rate whose block
 * kept the goal below the first that did not; the truth lies between that rate and the next step,
 * so the interval is Student's t over the repeats on the logarithms of the kept rates (its lower
 * end) and of the missed ones (its upper end). A repeat that never missed, or whose injector fell
 * behind first and so far that the target's part cannot be told ({@link #outcome}), bounds the
 * capacity from below only.
 */
public final class Capacities {

    private Capacities() {
    }

    /** What ended one target's repeat of the stair. */
    public enum End {
        /** A step missed the goal: the capacity lies below it. */
        MISSED,
        /**
         * The injector fell behind its schedule first, too far to tell: a block that neither kept the
         * goal nor missed it by more than twice the injector's longest lateness ({@link #outcome}).
         * The capacity is at least the last kept rate.
         */
        INJECTOR,
        /** Every step kept the goal: the capacity is above the stair. */
        STAIR,
        /** Not ended yet: the stair still climbs. */
        CLIMBING
    }

    /**
     * One target's capacity at the goal.
     *
     * @param rate the geometric mean over the repeats of the highest rate kept (requests per second); 0 when a
     *     repeat kept none
     * @param low the interval's lower end, from the kept rates
     * @param high the interval's upper end, from the first rates missed; {@code null} when a repeat never
     *     missed (the capacity is at least {@code low})
     * @param kept each repeat's highest rate kept, 0 for none
     * @param missed each repeat's first rate missed, {@code null} where none was
     * @param ends what ended each repeat
     */
    public record Capacity(String target, double rate, double low, Double high, List<Integer> kept, List<Integer> missed,
            List<End> ends) {

        /** Whether every repeat found a rate it missed: both ends of the interval measured. */
        public boolean bounded() {
            return high != null;
        }
    }

    /**
     * The other's capacity over the baseline's, paired repeat by repeat, with a 95% interval whose
     * ends allow for each capacity lying anywhere up to its next step; {@code high} is {@code null}
     * when the other's capacity is bounded only from below, {@code low} 0 when the baseline's is.
     */
    public record Ratio(String baseline, String other, double ratio, double low, Double high, int pairs) {
    }

    /** The goal's capacities of every target, in label order; empty without a block. */
    public static List<Capacity> of(List<BlockResult> blocks, List<String> labels, OpenModel.Slo slo) {
        List<Capacity> capacities = new ArrayList<>();
        for (String label : labels) {
            List<Repeat> repeats = repeats(blocks, label, slo);
            if (repeats.isEmpty()) {
                continue;
            }
            double[] kept = repeats.stream().mapToDouble(r -> Math.max(r.kept, 1)).toArray();
            boolean bounded = repeats.stream().allMatch(r -> r.missed != null);
            double[] missed = repeats.stream().mapToDouble(r -> r.missed == null ? Double.NaN : r.missed).toArray();
            boolean keptAll = repeats.stream().allMatch(r -> r.kept > 0);
            capacities.add(new Capacity(label, keptAll ? Decimals.two(geometricMean(kept)) : 0,
                    keptAll ? Decimals.two(Math.exp(lowEnd(logs(kept)))) : 0, bounded ? Decimals.two(Math.exp(highEnd(logs(missed)))) : null,
                    repeats.stream().map(r -> r.kept).toList(), repeats.stream().map(r -> r.missed).toList(),
                    repeats.stream().map(r -> r.end).toList()));
        }
        return capacities;
    }

    /** Every other target's capacity over the baseline's (the first label's), repeat by repeat. */
    public static List<Ratio> ratios(List<BlockResult> blocks, List<String> labels, OpenModel.Slo slo) {
        List<Ratio> ratios = new ArrayList<>();
        List<Repeat> base = repeats(blocks, labels.get(0), slo);
        for (String other : labels.subList(1, labels.size())) {
            List<Repeat> theirs = repeats(blocks, other, slo);
            int n = Math.min(base.size(), theirs.size());
            if (n == 0) {
                continue;
            }
            double[] point = new double[n];
            double[] lower = new double[n];
            double[] upper = new double[n];
            boolean upperKnown = true;
            boolean lowerKnown = true;
            for (int j = 0; j < n; j++) {
                Repeat b = base.get(j);
                Repeat o = theirs.get(j);
                point[j] = Math.log(Math.max(o.kept, 1) / (double) Math.max(b.kept, 1));
                lowerKnown &= b.missed != null && o.kept > 0;
                upperKnown &= o.missed != null && b.kept > 0;
                lower[j] = lowerKnown ? Math.log(o.kept / (double) b.missed) : Double.NaN;
                upper[j] = upperKnown ? Math.log(o.missed / (double) b.kept) : Double.NaN;
            }
            ratios.add(new Ratio(labels.get(0), other, Decimals.four(Math.exp(Arrays.stream(point).average().orElseThrow())),
                    lowerKnown ? Decimals.four(Math.exp(lowEnd(lower))) : 0,
                    upperKnown ? Decimals.four(Math.exp(highEnd(upper))) : null, n));
        }
        return ratios;
    }

    /**
     * Whether the stair has nothing left to find: every repeat of every target has ended (missed the
     * goal, or its injector fell behind too far to tell). A later step would load targets that already failed.
     */
    public static boolean searched(List<BlockResult> blocks, List<String> labels, OpenModel.Slo slo) {
        if (blocks.isEmpty()) {
            return false;
        }
        return labels.stream().allMatch(label -> repeats(blocks, label, slo).stream()
                .allMatch(r -> r.end == End.MISSED || r.end == End.INJECTOR));
    }

    /** One repeat of the stair for one target: its highest rate kept, the rate it missed, what ended it. */
    private record Repeat(int kept, Integer missed, End end) {
    }

    private static List<Repeat> repeats(List<BlockResult> blocks, String label, OpenModel.Slo slo) {
        // Per round, the target's blocks in the order the stair climbed them.
        Map<Integer, List<BlockResult>> rounds = new LinkedHashMap<>();
        blocks.stream().filter(b -> b.target().equals(label) && b.open() != null).sorted((a, b) -> Long.compare(a.startMillis(),
                b.startMillis())).forEach(b -> rounds.computeIfAbsent(b.round(), r -> new ArrayList<>()).add(b));
        List<Repeat> repeats = new ArrayList<>();
        rounds.keySet().stream().sorted().forEach(round -> {
            int kept = 0;
            Integer missed = null;
            End end = End.CLIMBING;
            for (BlockResult block : rounds.get(round)) {
                Outcome outcome = outcome(block, slo);
                if (outcome == Outcome.UNTOLD) {
                    end = End.INJECTOR;
                    break;
                }
                if (outcome == Outcome.MISSED) {
                    missed = block.users();
                    end = End.MISSED;
                    break;
                }
                kept = block.users();
            }
            repeats.add(new Repeat(kept, missed, end));
        });
        return repeats;
    }

    /**
     * Whether an open block kept the goal or missed it; {@link Outcome#UNTOLD} where its injector's
     * delay may have decided. Receiving an answer late only adds to its time, and sending a request
     * late lets the target answer it no sooner, so a block that kept the goal with its injector
     * behind is taken as kept. For a queue served in order, sending each request at most L ms late
     * finishes each at most L ms later, and the same busy injector may read an answer about L ms
     * late; so a late block whose p99 from due time exceeds the goal by more than twice the
     * injector's longest lateness is taken as missed by the target (a stalled target makes its
     * injector late: its answers come back in bursts). Containers share CPU among threads and a
     * quota stops a target for part of each period, so for them the margin is a rule of thumb, not a
     * bound. A block without an OK response, or short of CPU for the injector rather than late, has
     * no lateness that bounds the injector's part: untold unless kept.
     */
    static Outcome outcome(BlockResult block, OpenModel.Slo slo) {
        double failed = block.requests() == 0 ? 100 : 100.0 * block.ko() / block.requests();
        double p99 = block.open().p99OrInfinite();
        if (slo.kept(p99, failed)) {
            return Outcome.KEPT;
        }
        if (!block.injectorLimited()) {
            return Outcome.MISSED;
        }
        boolean pastItsDelay = block.open().injectorLate() && Double.isFinite(p99)
                && p99 - 2 * block.open().latenessMs().max() > slo.p99Ms();
        return pastItsDelay ? Outcome.MISSED : Outcome.UNTOLD;
    }

    /** What one open block of a stair says of its target against the goal. */
    enum Outcome {
        KEPT,
        MISSED,
        /** Its injector fell behind, or was short of CPU, by enough to have decided the block. */
        UNTOLD
    }

    /** Marks the repeats that kept every step of a finished stair as ended by it. */
    public static List<Capacity> finished(List<Capacity> capacities) {
        return capacities.stream().map(c -> new Capacity(c.target(), c.rate(), c.low(), c.high(), c.kept(), c.missed(),
                c.ends().stream().map(e -> e == End.CLIMBING ? End.STAIR : e).toList())).toList();
    }

    private static double geometricMean(double[] values) {
        return Math.exp(Arrays.stream(values).map(Math::log).average().orElseThrow());
    }

    private static double[] logs(double[] values) {
        return Arrays.stream(values).map(Math::log).toArray();
    }

    /** The lower end of the 95% t interval of the mean of {@code logs}; the mean itself for one. */
    private static double lowEnd(double[] logs) {
        return end(logs, -1);
    }

    private static double highEnd(double[] logs) {
        return end(logs, 1);
    }

    private static double end(double[] logs, int sign) {
        double mean = Arrays.stream(logs).average().orElseThrow();
        if (logs.length < 2) {
            return mean;
        }
        return mean + sign * PairedRatio.quantile(logs.length - 1, 0.95) * PairedRatio.sd(logs) / Math.sqrt(logs.length);
    }
}
