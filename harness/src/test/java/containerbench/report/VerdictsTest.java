package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import containerbench.results.TierComparison.Comparison;
import org.junit.jupiter.api.Test;

class VerdictsTest {

    @Test
    void aDifferenceIsStatedWithItsInterval() {
        assertEquals("undertow serves 0.83× tomcat's TPS at 500 users (95% CI 0.81-0.85, 6 pairs) and spends 1.41× its"
                + " CPU per response (95% CI 1.38-1.44).", Verdicts.sentence(500,
                new Comparison("tomcat", "undertow", 0.83, 0.81, 0.85, 1.41, 1.38, 1.44, 6, false)));
    }

    @Test
    void anIntervalHoldingOneIsNoDifference() {
        assertEquals("tomcat#2 and tomcat are not distinguishable in TPS at 100 users: the interval 0.97-1.04 holds 1"
                + " (6 pairs); its CPU per response is not distinguishable (0.98-1.02 holds 1).", Verdicts.sentence(100,
                new Comparison("tomcat", "tomcat#2", 1.01, 0.97, 1.04, 1.0, 0.98, 1.02, 6, false)));
    }

    @Test
    void theInjectorsLimitWithholdsTheTpsVerdictButNotTheCpuOne() {
        assertEquals("jetty against tomcat at 2000 users: no TPS verdict, the injector limited the load (Gatling used"
                + " nearly all its cores); it spends 1.20× its CPU per response (95% CI 1.10-1.30).", Verdicts.sentence(2000,
                new Comparison("tomcat", "jetty", 0.9, 0.85, 0.95, 1.2, 1.1, 1.3, 6, true)));
        assertEquals("jetty against tomcat at 100 users: 1 pair(s), too few for an interval.", Verdicts.sentence(100,
                new Comparison("tomcat", "jetty", 0.9, 0.9, 0.9, 1.2, 1.2, 1.2, 1, false)));
    }
}
