package containerbench.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleTest {

    /** A warm-up's 5 s windows, one per pair of TPS and CPU per response (µs; -1 unread). */
    private static List<BlockResult> windows(double[][] tpsAndCpu) {
        List<BlockResult> windows = new ArrayList<>();
        for (int i = 0; i < tpsAndCpu.length; i++) {
            double tps = tpsAndCpu[i][0];
            windows.add(new BlockResult(null, 100, i, "liberty", i * 5_000L, (i + 1) * 5_000L, (long) tps * 5, (long) tps * 5,
                    0, tps, new BlockCpu(tpsAndCpu[i][1] < 0 ? null : tpsAndCpu[i][1], null, 95.0, 30.0, 99.0, 0.0, 0.0), true, null, null));
        }
        return windows;
    }

    private static double[][] repeat(double tps, double cpu, int count) {
        double[][] windows = new double[count][];
        for (int i = 0; i < count; i++) {
            windows[i] = new double[] {tps, cpu};
        }
        return windows;
    }

    @Test
    void aWarmUpIsSteadyWhenItsLastThreeWindowsAgreeInTpsAndCpuPerResponseAfter30Seconds() {
        assertTrue(Schedule.steady(windows(repeat(4_700, 150, 6))));
        assertFalse(Schedule.steady(windows(repeat(4_700, 150, 5))), "not before 30 s");
    }

    @Test
    void aFlatTpsIsNotSteadyWhileTheCpuPerResponseStillFalls() {
        // The injector holds TPS flat; the target is still compiling (Liberty serving hawtio).
        double[][] compiling = repeat(4_700, 0, 6);
        double[] cpu = {420, 390, 360, 330, 300, 280};
        for (int i = 0; i < cpu.length; i++) {
            compiling[i][1] = cpu[i];
        }
        assertFalse(Schedule.steady(windows(compiling)));
    }

    @Test
    void withoutCpuFiguresTpsAloneDecides() {
        assertTrue(Schedule.steady(windows(repeat(4_700, -1, 6))));
        double[][] rising = repeat(4_000, -1, 6);
        rising[5][0] = 4_600;
        assertFalse(Schedule.steady(windows(rising)));
    }
}
