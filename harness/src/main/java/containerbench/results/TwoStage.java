package containerbench.results;

/**
 * How many pairs a ratio needs for an interval of ±percent, from a pilot's spread (Stein's
 * two-stage procedure): n = (t x s / ln(1 + percent/100))², t from the pilot's degrees of freedom. The
 * interval is then {@link PairedRatio#stein}: its width is fixed by the pilot, so stopping never
 * depends on a spread that happened to be small, the fault of adding rounds until the interval looks
 * narrow enough. The pilot's spread is {@link PilotSpread}'s: widened where its pairs lean on each other.
 */
public final class TwoStage {

    private TwoStage() {
    }

    /** The pairs that give a 95% interval of ±percent from the pilot's log ratios (at least the pilot's own). */
    public static int pairsFor(double[] pilotLogs, double percent) {
        return pairsFor(pilotLogs, percent, 0.95);
    }

    /** The pairs that give an interval of {@code confidence} of ±percent: the run's adjusted one, which its words rest on. */
    public static int pairsFor(double[] pilotLogs, double percent, double confidence) {
        PilotSpread spread = PilotSpread.of(pilotLogs);
        double perPair = spread.half(1, confidence) / Math.log1p(percent / 100);
        return Math.max(pilotLogs.length, (int) Math.ceil(perPair * perPair));
    }

    /** The ±percent of the 95% interval that {@code pairs} pairs give from the pilot's spread. */
    public static double percentWith(double[] pilotLogs, int pairs) {
        return percentWith(pilotLogs, pairs, 0.95);
    }

    /** The ±percent of the interval of {@code confidence} that {@code pairs} pairs give from the pilot's spread. */
    public static double percentWith(double[] pilotLogs, int pairs, double confidence) {
        return 100 * Math.expm1(PilotSpread.of(pilotLogs).half(pairs, confidence));
    }
}
