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
