package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A differential flame graph drawn from two sides' folded stacks, each frame's figures per response worked by hand. */
class DifferentialFlameGraphTest {

    @Test
    void eachFrameIsTheOthersCpuPerResponseColouredByItsDifferenceFromTheBaselines() {
        // The other: 10 samples in a;b and 10 in a;c, 0.5 µs per response each; the baseline: 40 in a;b at 0.25 µs.
        String page = DifferentialFlameGraph.page("undertow against tomcat", Map.of("a;b", 10L, "a;c", 10L), 0.5, Map.of("a;b", 40L), 0.25);
        assertTrue(page.contains("<title>a: 10.00 µs per response, baseline 10.00 (+0.00)</title>"), "alike in a: " + page);
        assertTrue(page.contains("<title>b: 5.00 µs per response, baseline 10.00 (-5.00)</title>"), page);
        assertTrue(page.contains("<title>c: 5.00 µs per response, baseline 0.00 (+5.00)</title>"), page);
        // The largest difference (5) at full strength: c red, b blue; a no difference, white.
        assertTrue(page.contains("fill=\"rgb(255,55,55)\""), "c, more, red");
        assertTrue(page.contains("fill=\"rgb(55,55,255)\""), "b, less, blue");
        assertTrue(page.contains("fill=\"rgb(255,255,255)\""), "a, alike, white");
        // c and b each half of a's width: 600 of 1200 pixels.
        assertTrue(page.contains("width=\"600.0\""), page);
    }

    @Test
    void framesOfTheBaselineAloneAreNotDrawnAndNamesAreEscaped() {
        String page = DifferentialFlameGraph.page("a <b>", Map.of("x;<init>", 1L), 1, Map.of("x;only_baseline", 5L), 1);
        assertFalse(page.contains("only_baseline"), "drawn only where the other spends");
        assertTrue(page.contains("&lt;init&gt;") && page.contains("a &lt;b&gt;"), page);
    }
}
