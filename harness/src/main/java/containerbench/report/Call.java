package containerbench.report;

/**
 * What one cell of a verdict table says, by what it means for the other target: the reader of a
 * verdict table looks for the colour and the glyph before the figure. Colour says better or worse
 * (Okabe and Ito's blue and vermilion, told apart by colour-blind readers, in {@code page.css}); the
 * glyph says which way the ratio went and the word says it again, so that no reader needs the colour.
 */
enum Call {
    /** The other target does better than the baseline on an adjusted interval: higher TPS, less CPU, shorter times, fewer failures. */
    BETTER("better"),
    /** The other target does worse than the baseline on an adjusted interval. */
    WORSE("worse"),
    /** The adjusted interval holds 1. */
    NO_DIFFERENCE("same"),
    /** The figure is shown and not judged; a note says why. */
    NOT_JUDGED("unjudged"),
    /** A target failed the tier: that is the verdict, before any ratio. */
    FAILED("failed"),
    /** Nothing to judge: neither failed a request. */
    NONE("none");

    private final String cssClass;

    Call(String cssClass) {
        this.cssClass = cssClass;
    }

    String cssClass() {
        return cssClass;
    }
}
