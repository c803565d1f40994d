package containerbench.measure;

/** Figures as the results keep them: two decimals, enough for any rate or time here and no false precision. */
public final class Round {

    private Round() {
    }

    public static double twoDecimals(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
