package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TargetJvmTest {

    @Test
    void aBlocksJvmFiguresAreTheDifferenceOfTwoReadingsOfOneJvm() {
        TargetJvm.Gauge start = new TargetJvm.Gauge(1000L, 5, 1);
        assertEquals(new BlockJvm(500L, 7, 2, 2000), BlockJvm.between(start, new TargetJvm.Gauge(1500L, 12, 3), 2000));
        assertNull(BlockJvm.between(null, start, 2000), "a reading missing");
        assertNull(BlockJvm.between(start, new TargetJvm.Gauge(10L, 0, 0), 2000), "lower counters: another JVM, a new launch");
        assertEquals(new BlockJvm(null, 0, 0, 2000), BlockJvm.between(new TargetJvm.Gauge(null, 5, 1), start, 2000),
                "allocation not counted, pauses still known");
        assertTrue(TargetJvm.pauses("G1 Young Generation") && TargetJvm.pauses("ZGC Pauses") && !TargetJvm.pauses("ZGC Cycles")
                && !TargetJvm.pauses("Shenandoah Cycles"), "the beans that time concurrent cycles are not pauses");
    }
}
