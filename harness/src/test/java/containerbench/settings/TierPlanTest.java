package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TierPlanTest {

    @Test
    void defaultsToTheStudysTiers() {
        TierPlan plan = TierPlan.from(Given.maven(Map.of()));
        assertEquals(List.of(100, 200, 300, 500, 1000, 2000), plan.tiers());
        assertEquals(15, plan.tierSeconds());
        assertEquals(30, plan.warmupSeconds());
        assertEquals(100, plan.warmupUsers());
        assertEquals(30 + 6 * 15, plan.loadSeconds());
    }

    @Test
    void readsEveryProperty() {
        TierPlan plan = TierPlan.from(Given.maven(Map.of("tiers", " 5, 10 ", "tierSeconds", "2", "warmupSeconds", "0", "warmupUsers", "7")));
        assertEquals(new TierPlan(List.of(5, 10), 2, 0, 7, false), plan);
    }

    @Test
    void severalContainersWarmUpUntilSteadyUnlessToldOtherwise() {
        assertEquals(new TierPlan(List.of(100), 15, 120, 100, true), TierPlan.from(Given.maven(Map.of("tiers", "100")), true));
        assertEquals(new TierPlan(List.of(100), 15, 60, 100, true),
                TierPlan.from(Given.maven(Map.of("tiers", "100", "warmupSeconds", "auto", "warmupMaxSeconds", "60")), false));
        assertEquals(new TierPlan(List.of(100), 15, 20, 100, false), TierPlan.from(Given.maven(Map.of("tiers", "100", "warmupSeconds", "20")), true));
        assertEquals("-DwarmupMaxSeconds caps -DwarmupSeconds=auto, and the warm-up here is 20 s", assertThrows(SettingException.class,
                () -> TierPlan.from(Given.maven(Map.of("warmupSeconds", "20", "warmupMaxSeconds", "60")), true)).getMessage());
    }

    @ParameterizedTest(name = "-D{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "tiers         | abc   | bad value -Dtiers=abc: tiers accepts a comma-separated list of user counts, each >= 1, for example 100,200,300,500,1000,2000",
        "tiers         | 0     | bad value -Dtiers=0: tiers accepts a comma-separated list of user counts, each >= 1, for example 100,200,300,500,1000,2000",
        "tiers         | 100,  | bad value -Dtiers=100,: tiers accepts a comma-separated list of user counts, each >= 1, for example 100,200,300,500,1000,2000",
        "tierSeconds   | -1    | bad value -DtierSeconds=-1: tierSeconds accepts a whole number of seconds >= 1",
        "tierSeconds   | 0     | bad value -DtierSeconds=0: tierSeconds accepts a whole number of seconds >= 1",
        "tierSeconds   | 1.5   | bad value -DtierSeconds=1.5: tierSeconds accepts a whole number of seconds >= 1",
        "warmupSeconds | -5    | bad value -DwarmupSeconds=-5: warmupSeconds accepts a whole number of seconds >= 0 (0 skips the warm-up), or auto",
        "warmupUsers   | none  | bad value -DwarmupUsers=none: warmupUsers accepts a number of users >= 1",
    })
    void aBadValueNamesThePropertyAndWhatItAccepts(String property, String value, String message) {
        assertEquals(message, assertThrows(SettingException.class, () -> TierPlan.from(Given.maven(Map.of(property, value)))).getMessage());
    }
}
