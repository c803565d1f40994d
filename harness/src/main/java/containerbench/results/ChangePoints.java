package containerbench.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Where a series of runs' figures changed level: E-divisive means (Matteson and James, "A
 * Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", JASA 2014, with
 * alpha = 1) places each candidate, a two-sample Student's t-test between the segments either side
 * decides whether it is significant, as in Hunter/Apache Otava (Fleming et al., "Hunter: Using
 * Change Point Detection to Hunt for Performance Regressions", ICPE 2023), and a change smaller than
 * {@code minMagnitude} is not reported however significant. Binary segmentation: of the candidates
 * of all segments that hold (significant and large enough), the most significant is taken, its
 * segment split, and so on until none holds; then each change point is tested again against its
 * neighbours' segments and the weakest dropped until all hold.
 *
 * <p>The series is taken on a log scale (figures are positive, and a change is a ratio); magnitudes
 * are ratios less one. The split that maximises the E-statistic is chosen, so a t-test on it is
 * anti-conservative: {@link #DEFAULT}'s p is set so that series without a change get at most 1% false
 * change points at this machine's noise ({@code ChangePointsTest}).
 *
 * @param minSegment the fewest runs on either side of a change point
 * @param maxP the largest t-test p-value (two-sided) a change point may have
 * @param minMagnitude the smallest change reported, as a fraction (0.02 for 2%)
 */
public record ChangePoints(int minSegment, double maxP, double minMagnitude) {

    public ChangePoints {
        if (minSegment < 2 || !(maxP > 0 && maxP < 1) || !(minMagnitude >= 0)) {
            throw new IllegalArgumentException("a change point needs at least 2 runs a side, a p in (0, 1) and a magnitude >= 0");
        }
    }

    /** Five runs a side, p below 0.0005, 2% or more: see {@code ChangePointsTest} for what they find. */
    public static final ChangePoints DEFAULT = new ChangePoints(5, 0.0005, 0.02);

    /**
     * A change point: the series' level changed from run {@code index} on.
     *
     * @param magnitude the ratio of the mean after to the mean before (geometric, on the log scale), less one
     * @param p the t-test's two-sided p-value between the segments either side
     */
    public record Change(int index, double magnitude, double p) {
    }

    /** The change points of {@code values} (each > 0), by index. */
    public List<Change> find(List<Double> values) {
        double[] x = values.stream().mapToDouble(Math::log).toArray();
        List<Integer> cuts = new ArrayList<>();
        while (true) {
            List<Integer> bounds = bounds(cuts, x.length);
            Change best = null;
            for (int s = 0; s + 1 < bounds.size(); s++) {
                OptionalInt split = split(x, bounds.get(s), bounds.get(s + 1));
                Change candidate = split.isEmpty() ? null : test(x, bounds.get(s), split.getAsInt(), bounds.get(s + 1));
                if (candidate != null && holds(candidate) && (best == null || candidate.p() < best.p())) {
                    best = candidate;
                }
            }
            if (best == null) {
                break;
            }
            cuts.add(best.index());
            cuts.sort(Comparator.naturalOrder());
        }
        return prune(x, cuts);
    }

    /** Tests each change point against the segments up to its neighbours, dropping the weakest until all hold. */
    private List<Change> prune(double[] x, List<Integer> cuts) {
        List<Integer> kept = new ArrayList<>(cuts);
        while (true) {
            List<Integer> bounds = bounds(kept, x.length);
            List<Change> changes = new ArrayList<>();
            Change weakest = null;
            for (int c = 1; c + 1 < bounds.size(); c++) {
                Change change = test(x, bounds.get(c - 1), bounds.get(c), bounds.get(c + 1));
                changes.add(change);
                if (!holds(change) && (weakest == null || change.p() > weakest.p())) {
                    weakest = change;
                }
            }
            if (weakest == null) {
                return List.copyOf(changes);
            }
            kept.remove(Integer.valueOf(weakest.index()));
        }
    }

    private boolean holds(Change change) {
        return change.p() < maxP && Math.abs(change.magnitude()) >= minMagnitude;
    }

    private static List<Integer> bounds(List<Integer> cuts, int n) {
        List<Integer> bounds = new ArrayList<>();
        bounds.add(0);
        bounds.addAll(cuts);
        bounds.add(n);
        return bounds;
    }

    /**
     * The split of {@code x[from, to)} that maximises the E-statistic (m n / (m + n)) (2 E|X - Y| - E|X - X'| - E|Y - Y'|),
     * each side at least {@code minSegment} long; none when the segment is too short to split.
     */
    OptionalInt split(double[] x, int from, int to) {
        OptionalInt best = OptionalInt.empty();
        double bestQ = Double.NEGATIVE_INFINITY;
        for (int tau = from + minSegment; tau <= to - minSegment; tau++) {
            int m = tau - from;
            int n = to - tau;
            double between = 0;
            for (int i = from; i < tau; i++) {
                for (int j = tau; j < to; j++) {
                    between += Math.abs(x[i] - x[j]);
                }
            }
            double q = (double) m * n / (m + n) * (2 * between / (m * (double) n) - within(x, from, tau) - within(x, tau, to));
            if (q > bestQ) {
                bestQ = q;
                best = OptionalInt.of(tau);
            }
        }
        return best;
    }

    /** The mean absolute difference over the pairs of {@code x[from, to)}; 0 for a single value. */
    private static double within(double[] x, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return 0;
        }
        double sum = 0;
        for (int i = from; i < to; i++) {
            for (int k = i + 1; k < to; k++) {
                sum += Math.abs(x[i] - x[k]);
            }
        }
        return sum / (n * (n - 1) / 2.0);
    }

    /** Student's t-test (pooled variance) between {@code x[from, split)} and {@code x[split, to)}. */
    static Change test(double[] x, int from, int split, int to) {
        int m = split - from;
        int n = to - split;
        double meanBefore = mean(x, from, split);
        double meanAfter = mean(x, split, to);
        double pooled = (squares(x, from, split, meanBefore) + squares(x, split, to, meanAfter)) / (m + n - 2);
        double se = Math.sqrt(pooled * (1.0 / m + 1.0 / n));
        double magnitude = Math.exp(meanAfter - meanBefore) - 1;
        if (se == 0) {
            return new Change(split, magnitude, meanAfter == meanBefore ? 1 : 0);
        }
        double t = Math.abs(meanAfter - meanBefore) / se;
        return new Change(split, magnitude, 2 * TDistribution.of(m + n - 2).survivalProbability(t));
    }

    private static double mean(double[] x, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += x[i];
        }
        return sum / (to - from);
    }

    private static double squares(double[] x, int from, int to, double mean) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (x[i] - mean) * (x[i] - mean);
        }
        return sum;
    }
}
