package containerbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuPlacementTest {

    @Test
    void countsTheInjectorsCpusThroughRangesAndLists() {
        assertEquals(1, injector("1").injectorCpuCount(8));
        assertEquals(2, injector("0-1").injectorCpuCount(8));
        assertEquals(2, injector("0,2").injectorCpuCount(8));
        assertEquals(5, injector("0-2,4,6").injectorCpuCount(8));
        assertEquals(8, CpuPlacement.from(Map.of(), 8).injectorCpuCount(8), "unpinned: every CPU");
    }

    @Test
    void refusesACpuTheMachineDoesNotHaveNamingTheProperty() {
        SettingException e = assertThrows(SettingException.class, () -> CpuPlacement.from(Map.of("injector.cpus", "2"), 2));
        assertTrue(e.getMessage().contains("injector.cpus") && e.getMessage().contains("0 to 1"), e.getMessage());
    }

    private static CpuPlacement injector(String cpus) {
        return CpuPlacement.from(Map.of("injector.cpus", cpus), 8);
    }
}
