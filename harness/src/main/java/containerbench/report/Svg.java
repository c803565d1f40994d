package containerbench.report;

import java.util.Locale;

/** What the page's SVG charts share: the palette, a label escaped, and a round axis end. */
final class Svg {

    /** Okabe and Ito's palette, told apart by colour-blind readers; the page's Chart.js charts use it too ({@code comparison.js}). */
    static final String[] PALETTE = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"};

    private Svg() {
    }

    static String colour(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /** The next of 1, 2 or 5 times a power of ten at or above {@code value}. */
    static double niceCeiling(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        return 10 * power;
    }

    static String text(double x, double y, String anchor, int size, String colour, String text) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\" fill=\"%s\">%s</text>", x, y,
                anchor, size, colour, Html.text(text));
    }
}
