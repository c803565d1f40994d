package containerbench.report;

import java.util.Locale;

/** What the page's SVG charts share: the palette and a label, escaped. */
final class Svg {

    /** Okabe and Ito's palette, told apart by colour-blind readers; the page's Chart.js charts use it too ({@code comparison.js}). */
    static final String[] PALETTE = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"};

    private Svg() {
    }

    static String colour(int index) {
        return PALETTE[index % PALETTE.length];
    }

    static String text(double x, double y, String anchor, int size, String colour, String text) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\" fill=\"%s\">%s</text>", x, y,
                anchor, size, colour, Html.text(text));
    }
}
