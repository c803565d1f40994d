package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuPlacementTest {

    @Test
    void countsTheInjectorsCpusThroughRangesAndLists() {
        assertEquals(1, injector("1").injectorCpuCount(8));
        assertEquals(2, injector("0-1").injectorCpuCount(8));
        assertEquals(2, injector("0,2").injectorCpuCount(8));
        assertEquals(5, injector("0-2,4,6").injectorCpuCount(8));
        assertEquals(8, CpuPlacement.from(Given.maven(Map.of()), 8).injectorCpuCount(8), "unpinned: every CPU");
    }

    @Test
    void refusesACpuTheMachineDoesNotHaveNamingTheProperty() {
        SettingException e = assertThrows(SettingException.class, () -> CpuPlacement.from(Given.maven(Map.of("injector.cpus", "2")), 2));
        assertTrue(e.getMessage().contains("injector.cpus") && e.getMessage().contains("0 to 1"), e.getMessage());
    }

    @Test
    void startsAPinnedGatlingOnItsCpusWithOneEventLoopEach() {
        assertEquals(List.of("taskset", "-c", "1"), injector("1").injectorLaunch());
        assertEquals(List.of("-Dio.netty.eventLoopThreads=3"), injector("1-3").injectorProperties());
        CpuPlacement unpinned = CpuPlacement.from(Given.maven(Map.of()), 8);
        assertEquals(List.of(), unpinned.injectorLaunch(), "unpinned: Maven as it is");
        assertEquals(List.of(), unpinned.injectorProperties(), "unpinned: Gatling's own event loops");
    }

    @Test
    void warnsOnlyWhenGatlingWasStartedOnMoreCpusThanItIsPinnedTo() {
        String late = injector("1").pinnedLateWarning(2, 4);
        assertTrue(late != null && late.contains("4 Netty event loops on 1 CPU") && late.contains("taskset -c 1 mvn") && late.contains("-Dio.netty.eventLoopThreads=1"), late);
        assertNull(injector("1").pinnedLateWarning(1, 1), "started pinned: nothing to say");
        assertNull(CpuPlacement.from(Given.maven(Map.of()), 2).pinnedLateWarning(2, 4), "not pinned at all");
    }

    private static CpuPlacement injector(String cpus) {
        return CpuPlacement.from(Given.maven(Map.of("injector.cpus", cpus)), 8);
    }
}
