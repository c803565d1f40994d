package containerbench.measure;

/** Figures as the results keep them: two decimals for rates and times, four for ratios; no false precision. */
public final class Decimals {

    private Decimals() {
    }

    public static double two(double value) {
        return Math.round(value * 100) / 100.0;
    }

    /** Ratios near 1, whose third and fourth decimals are what an interval of ±2% is made of. */
    public static double four(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
