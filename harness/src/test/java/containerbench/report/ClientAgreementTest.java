package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientAgreementTest {

    private static StoredRun stored(RunResult run) {
        return new StoredRun(run, Path.of("/results/" + run.runId() + ".json"));
    }

    private static RunResult byWrk(RunResult run) {
        RunResult.Plan plan = run.plan();
        return run.toBuilder().plan(new RunResult.Plan(plan.tiers(), plan.tierSeconds(), plan.warmupSeconds(), plan.warmupUsers(),
                plan.recording(), plan.open(), plan.connections(), "wrk")).build();
    }

    @Test
    void theSameComparisonByTwoClientsIsSetSideBySideAndTheirIntervalsComparedFirstGatling() {
        // Undertow at 1.5x tomcat's CPU per response under Gatling, 1.1x under wrk: the intervals (3% noise) cannot overlap.
        RunResult gatling = PageFixture.run("four-20261206-210000", "2026-12-06T21:00:00Z", 1, 30);
        RunResult wrk = byWrk(PageFixture.run("four-20261206-220000", "2026-12-06T22:00:00Z", 2, 22));
        List<ClientAgreement> agreements = ClientAgreement.of(new RunSet(List.of(stored(wrk), stored(gatling)), List.of()));
        assertEquals(3, agreements.size(), "undertow, jetty and wildfly against tomcat, once each though both runs are shown");
        ClientAgreement undertow = agreements.get(0);
        assertEquals("undertow against tomcat, by gatling (four-20261206-210000) and by wrk (four-20261206-220000)",
                undertow.heading());
        ClientAgreement.Row cpu = undertow.rows().get(0);
        assertEquals(List.of("500 users", "CPU per response"), List.of(cpu.load(), cpu.figure()));
        assertEquals(List.of("1.48× 1.40-1.57", "1.09× 1.01-1.17"), List.of(cpu.first(), cpu.second()), "the seeded fixture's");
        assertEquals("differ", cpu.said());
        ClientAgreement.Row jettyCpu = agreements.get(1).rows().get(0);
        assertEquals("agree", jettyCpu.said(), "jetty costs tomcat's CPU under both: " + jettyCpu);
        assertEquals(2 * 2, undertow.rows().size(), "CPU per response and TPS at each of two tiers");
        assertEquals("  tier         figure            gatling                  wrk", undertow.lines().get(1));
    }

    /**
     * By hand: 1.50× (95% CI 1.30-1.73) and 1.20× (1.10-1.31), each on 4 degrees of freedom (t = 2.7764):
     * standard errors ln(1.73/1.30) / 5.5529 = 0.05146 and ln(1.31/1.10) / 5.5529 = 0.03146, of their
     * difference 0.06032 on (0.002648 + 0.000990)^2 / ((0.002648^2 + 0.000990^2) / 4) = 6.62 degrees;
     * adjusted for 4 rows t(1 - 0.025 / 4, 6.62) = 3.397, so 1.25× exp(±3.397 × 0.06032) = 1.018-1.534:
     * the two clients differ, though their own intervals overlap (1.30-1.73 and 1.10-1.31).
     */
    @Test
    void twoClientsRatiosAreToldApartByTheirQuotientNotByOverlap() {
        var spread = new containerbench.results.PairedRatio.Components(5, 3.0,
                new containerbench.results.PairedRatio.LaunchSpread(0.001, 4, 2, containerbench.results.PairedRatio.LaunchSpread.Source.MODEL));
        var gatling = new containerbench.results.TierComparison.Ratio(1.5, 1.3, 1.73, 1.2, 1.9, 4, 3, spread);
        var wrk = new containerbench.results.TierComparison.Ratio(1.2, 1.1, 1.31, 1.0, 1.45, 4, 3, spread);
        ClientAgreement.Between between = ClientAgreement.between(gatling, wrk, 4);
        assertEquals(1.25, between.ratio(), 1e-12);
        assertEquals(1.0184, between.low(), 5e-5);
        assertEquals(1.5342, between.high(), 5e-5);
        assertEquals("1.25× 1.02-1.53", between.said());
        var oneLaunch = new containerbench.results.TierComparison.Ratio(1.2, 1.1, 1.31, 1.0, 1.45, 4);
        assertEquals(null, ClientAgreement.between(gatling, oneLaunch, 4), "no degrees of freedom kept: overlap instead");
    }

    @Test
    void runsThatDifferInMoreThanTheirClientAreNotSetSideBySide() {
        RunResult gatling = PageFixture.run("four-20261206-210000", "2026-12-06T21:00:00Z", 1, 30);
        RunResult wrk = byWrk(PageFixture.run("four-20261206-220000", "2026-12-06T22:00:00Z", 2, 22));
        RunResult longer = wrk.toBuilder().plan(new RunResult.Plan(List.of(500, 2000), 15, 60, 500, true, null, null, "wrk")).build();
        assertEquals(List.of(), ClientAgreement.of(new RunSet(List.of(stored(gatling), stored(longer)), List.of())),
                "a longer warm-up is another operating point");
        assertEquals(List.of(), ClientAgreement.of(new RunSet(List.of(stored(gatling)), List.of())));
    }
}
