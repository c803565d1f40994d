package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterleavingTest {

    private static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());

    private static RunSettings settings(String... pairs) {
        Map<String, String> given = new HashMap<>(Map.of("containers", "tomcat,undertow", "tiers", "100,500"));
        for (int i = 0; i < pairs.length; i += 2) {
            // An empty value takes the default's away: an open run gives rates, not tiers.
            if (pairs[i + 1].isEmpty()) {
                given.remove(pairs[i]);
            } else {
                given.put(pairs[i], pairs[i + 1]);
            }
        }
        return RunSettings.from(Given.maven(given), CATALOG, 2);
    }

    @Test
    void byDefaultEveryTargetIsLaunchedThreeTimesForFourRoundsAndOnceForTwelveWhereLaunchesCannotGo() {
        assertEquals(new Interleaving(4, 2, null, 3), settings().interleaving());
        assertEquals(new Interleaving(6, 2, null, 3), settings("containers", "tomcat,undertow,jetty").interleaving(),
                "whole sets of three targets' order");
        assertEquals(new Interleaving(12, 2, null, 1), settings("launches", "1").interleaving(), "a quick look");
        assertEquals(new Interleaving(4, 2, null, 5), settings("launches", "5").interleaving());
        assertEquals(1, settings("precision", "5").interleaving().launches());
    }

    @Test
    void aPrecisionPilotIsTwentyRoundsUnlessRoundsAreGiven() {
        assertEquals(20, settings("precision", "5").interleaving().rounds());
        assertEquals(2, settings("precision", "5", "rounds", "2").interleaving().rounds(), "a quick look, asked for");
    }

    @Test
    void launchesRepeatEveryWarmUpAndTierAndGoWithSeveralInjectorsButNeitherPrecisionNorOneContainer() {
        RunSettings three = settings("launches", "3", "rounds", "4", "warmupSeconds", "30");
        assertEquals(3, three.interleaving().launches());
        // Per launch: two warm-ups of 30 s, and two tiers of a lead-in and four rounds of two 2 s blocks.
        assertEquals(3 * (2 * 30 + 2 * 5 * 2 * 2), three.loadSeconds());
        assertEquals("-Dlaunches=3 with -Dprecision is not supported yet: precision adds rounds to one launch, and over several"
                + " launches the interval narrows with launches", assertThrows(SettingException.class,
                        () -> settings("launches", "3", "precision", "5")).getMessage());
        assertEquals(3, settings("injectors", "2").interleaving().launches(), "injectors on this machine wait for each launch together");
        assertEquals("-Dlaunches is for several containers, and this run has one (tomcat); -DtierSeconds sets its tiers' length",
                assertThrows(SettingException.class, () -> settings("containers", "tomcat", "launches", "2")).getMessage());
    }

    @Test
    void fixedRatesRunOverLaunchesAndACapacitySearchInOne() {
        assertEquals(3, settings("model", "open", "rates", "4000,12000", "tiers", "").interleaving().launches(),
                "README's open comparison, three launches by default");
        assertEquals(1, settings("model", "open", "rates", "4000", "launches", "1", "tiers", "").interleaving().launches());
        assertEquals("-Dlaunches with -Dslo.p99Ms is not supported yet: a capacity search climbs one stair in one launch, its rounds"
                + " the repeats; fixed rates (-Dmodel=open without -Dslo.p99Ms) run over launches", assertThrows(SettingException.class,
                        () -> settings("slo.p99Ms", "10", "launches", "2", "tiers", "")).getMessage());
    }
}
