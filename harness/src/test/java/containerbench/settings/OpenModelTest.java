package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OpenModelTest {

    @Test
    void closedUnlessToldOtherwise() {
        assertNull(TierPlan.from(Given.maven(Map.of())).open());
    }

    @Test
    void anOpenPlansTiersAreItsRatesAndItsWarmupIsFiftyUsers() {
        TierPlan plan = TierPlan.from(Given.maven(Map.of("model", "open", "rates", "500, 2000", "maxInFlight", "64")));
        assertTrue(plan.arrivesAtRates());
        assertEquals(List.of(500, 2000), plan.tiers());
        assertEquals(new OpenModel(List.of(500, 2000), 64, null), plan.open());
        assertEquals(50, plan.warmupUsers());
        assertEquals(List.of(1000, 2000, 4000), TierPlan.from(Given.maven(Map.of("model", "open"))).tiers());
    }

    @Test
    void aLatencyGoalImpliesAnOpenPlanAndClimbsTheDefaultStair() {
        OpenModel open = TierPlan.from(Given.maven(Map.of("slo.p99Ms", "10"))).open();
        assertEquals(new OpenModel.Slo(10, 1), open.slo());
        assertEquals(500, open.rates().get(0));
        assertEquals(20_000, open.rates().get(open.rates().size() - 1));
        for (int i = 1; i < open.rates().size(); i++) {
            double step = (double) open.rates().get(i) / open.rates().get(i - 1);
            assertTrue(step > 1.2 && step < 1.3, "25% a step: " + open.rates());
        }
        assertTrue(open.slo().kept(10, 1) && !open.slo().kept(10.01, 0) && !open.slo().kept(1, 1.5));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "model=sideways | bad value -Dmodel=sideways: model accepts closed or open",
        "rates=1000 | -Drates is for an open workload (-Dmodel=open); this run's tiers are concurrent users (-Dmodel=closed)",
        "model=open,tiers=100 | -Dtiers are concurrent users of a closed workload; an open one (-Dmodel=open) takes arrival rates: -Drates=1000,2000",
        "model=open,rates=10;0 | bad value -Drates=10,0: rates accepts a comma-separated list of rates, each >= 1, for example 1000,2000,4000",
        "slo.p99Ms=0 | bad value -Dslo.p99Ms=0: slo.p99Ms accepts a number of milliseconds above 0, such as 10",
        "slo.p99Ms=10,rates=2000;1000 | -Drates=2000,1000: a capacity search climbs, each rate above the one before",
        "model=open,slo.maxFailurePercent=5 | -Dslo.maxFailurePercent goes with -Dslo.p99Ms, the latency goal whose capacity is searched",
        "slo.p99Ms=10,slo.maxFailurePercent=101 | bad value -Dslo.maxFailurePercent=101: slo.maxFailurePercent accepts a percentage from 0 to 100",
        "model=closed,slo.p99Ms=10 | -Dslo.p99Ms is for an open workload (-Dmodel=open); this run's tiers are concurrent users (-Dmodel=closed)",
    })
    void aWrongSettingSaysWhatItNeeds(String settings, String message) {
        Map<String, String> given = new java.util.HashMap<>();
        for (String pair : settings.split(",")) {
            String[] kv = pair.split("=", 2);
            given.put(kv[0], kv[1].replace(';', ','));
        }
        assertEquals(message, assertThrows(SettingException.class, () -> TierPlan.from(Given.maven(given))).getMessage());
    }
}
