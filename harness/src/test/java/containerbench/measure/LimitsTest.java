package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import containerbench.settings.OpenModel;
import containerbench.settings.TierPlan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LimitsTest {

    // A machine whose only limit is 2048 open files.
    private static final Environment MACHINE = new Environment("Linux", "cpu", 8, 24_000, 2048, 2048L, 4096, "32768-60999", null,
            null);

    @Test
    void aClosedTierNeedsAFilePerUser() {
        assertEquals(List.of("the open-files limit is 2048, too low for 2000 users plus the JVM's own files: raise it"
                + " (ulimit -n 65536) or the largest tier fails on the injector, not on the container."),
                Limits.warnings(MACHINE, new TierPlan(List.of(100, 2000), 15, 30, 100, false), Map.of()));
    }

    @Test
    void anOpenTierNeedsAFilePerRequestInFlightNotPerArrivalASecond() {
        TierPlan rates = new TierPlan(List.of(4000, 20000), 15, 30, 100, false, new OpenModel(List.of(4000, 20000), 1000, null));
        assertEquals(1000, Limits.connections(rates));
        assertEquals(List.of(), Limits.warnings(MACHINE, rates, Map.of()), "20000 arrivals a second hold at most 1000 connections");
        TierPlan wide = new TierPlan(List.of(4000), 15, 30, 100, false, new OpenModel(List.of(4000), 3000, null));
        assertEquals(List.of("the open-files limit is 2048, too low for 3000 connections (the most requests in flight,"
                + " maxInFlight) plus the JVM's own files: raise it (ulimit -n 65536) or the largest tier fails on the injector,"
                + " not on the container."), Limits.warnings(MACHINE, wide, Map.of()));
    }
}
