package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import containerbench.results.TierComparison.Comparison;
import containerbench.results.TierComparison.Failures;
import containerbench.results.TierComparison.Ratio;
import org.junit.jupiter.api.Test;

class VerdictsTest {

    private static final Failures NONE = new Failures(0, 0, 0, 0, 1, 0, 0, false, false);

    @Test
    void aDifferenceIsStatedOnlyWhereTheAdjustedIntervalExcludesOne() {
        assertEquals("undertow against tomcat at 500 users, 12 pairs: TPS 0.83× (95% CI 0.81-0.85; adjusted for 12: 0.79-0.87),"
                + " lower; CPU per response 1.41× (95% CI 1.38-1.44; adjusted for 12: 1.35-1.47), more.", Verdicts.sentence("500 users",
                new Comparison("tomcat", "undertow", new Ratio(0.83, 0.81, 0.85, 0.79, 0.87, 12),
                        new Ratio(1.41, 1.38, 1.44, 1.35, 1.47, 12), NONE, 12, 0, 0, false, false)));
        assertEquals("jetty against tomcat at 100 users, 12 pairs: TPS 0.97× (95% CI 0.95-0.99; adjusted for 12: 0.93-1.01),"
                + " not established once adjusted; CPU per response 1.00× (95% CI 0.98-1.02; adjusted for 12: 0.96-1.04), not"
                + " distinguishable.", Verdicts.sentence("100 users", new Comparison("tomcat", "jetty",
                new Ratio(0.97, 0.95, 0.99, 0.93, 1.01, 12), new Ratio(1.0, 0.98, 1.02, 0.96, 1.04, 12), NONE, 12, 0, 0, false, false)));
    }

    @Test
    void theInjectorsLimitWithholdsTheTpsVerdictButNotItsFiguresNorTheCpuVerdict() {
        assertEquals("jetty against tomcat at 2000 users, 6 pairs: TPS 0.90× (95% CI 0.85-0.95), not judged: Gatling itself"
                + " limited the load (its CPU at its cores, or a thread at a full core, in a quarter of the blocks or more); CPU per"
                + " response 1.20× (95% CI 1.10-1.30; adjusted for 2: 1.05-1.35), more.",
                Verdicts.sentence("2000 users", new Comparison("tomcat", "jetty", new Ratio(0.9, 0.85, 0.95, 0.8, 1.0, 2),
                        new Ratio(1.2, 1.1, 1.3, 1.05, 1.35, 2), NONE, 6, 0, 0, true, true)));
        assertEquals("jetty against tomcat at 100 users: 1 pair(s), too few for an interval.", Verdicts.sentence("100 users",
                new Comparison("tomcat", "jetty", new Ratio(0.9, 0.9, 0.9, 0.9, 0.9, 1), null, NONE, 1, 0, 1, false, false)));
    }

    @Test
    void aMachineFullWithTargetAndGatlingGivesATpsVerdictOfTheTwoTogether() {
        assertEquals("undertow against tomcat at 500 users, 12 pairs: TPS 0.83× (95% CI 0.81-0.85; adjusted for 12: 0.79-0.87),"
                + " lower (container and injector together: the machine was full); CPU per response 1.41× (95% CI 1.38-1.44;"
                + " adjusted for 12: 1.35-1.47), more.", Verdicts.sentence("500 users", new Comparison("tomcat", "undertow",
                new Ratio(0.83, 0.81, 0.85, 0.79, 0.87, 12), new Ratio(1.41, 1.38, 1.44, 1.35, 1.47, 12), NONE, 12, 0, 0, false, true)));
    }

    @Test
    void failuresUnderTheThresholdAreStatedWithTheirSignTestBesideTheJudgedRatios() {
        assertEquals("undertow against tomcat at 2000 users, 12 pairs: TPS 0.50× (95% CI 0.40-0.60; adjusted for 2: 0.35-0.70),"
                + " lower; CPU per response not known; failed 0.40% of requests against 0.00%, a larger share in 12 rounds and"
                + " a smaller in 0 (sign test p<0.001).", Verdicts.sentence("2000 users", new Comparison("tomcat", "undertow",
                new Ratio(0.5, 0.4, 0.6, 0.35, 0.7, 2), null, new Failures(0, 0.4, 12, 0, 0.0005, 0, 0, false, false), 12, 0, 12,
                false, false)));
    }

    @Test
    void aTargetThatFailedTheTierIsSaidToHaveFailedFirstAndNoRatioIsJudged() {
        assertEquals("undertow against tomcat at 2000 users, 12 pairs: FAILED: undertow failed 48.21% of its requests, 6 of 12"
                + " blocks, against tomcat's 0.00% and 0 (a larger share in 6 rounds and a smaller in 0, sign test p=0.031); no"
                + " ratio judged: TPS 0.52× from the 6 rounds in which both answered, CPU per response 1.10×.",
                Verdicts.sentence("2000 users", new Comparison("tomcat", "undertow", new Ratio(0.52, 0.5, 0.54, 0.49, 0.55, 2),
                        new Ratio(1.1, 1.0, 1.2, 0.9, 1.3, 2), new Failures(0, 48.21, 6, 0, 0.0313, 0, 6, false, true), 12, 6, 6,
                        false, false)));
        assertEquals("jetty against tomcat at 2000 users, 12 pairs: the baseline FAILED: jetty failed 0.00% of its requests, 0 of 12"
                + " blocks, against tomcat's 2.50% and 3 (a larger share in 0 rounds and a smaller in 3, sign test p=0.250); no"
                + " ratio judged: TPS 1.10×.", Verdicts.sentence("2000 users", new Comparison("tomcat", "jetty",
                new Ratio(1.1, 1.0, 1.2, 0.9, 1.3, 2), null, new Failures(2.5, 0, 0, 3, 0.25, 3, 0, true, false), 12, 0, 12, false, false)));
    }

    @Test
    void aTpsRatioThatLeftOutARoundOrHasNoneIsShownNotJudged() {
        assertEquals("jetty against tomcat at 100 users, 12 pairs: TPS 0.90× from the 11 rounds in which both answered within their"
                + " blocks, not judged: 1 round(s) had a block without an OK response within it (responses slower than a block),"
                + " and leaving them out would favour the slower target; CPU per response 1.00× (95% CI 0.98-1.02; adjusted for 1:"
                + " 0.98-1.02), not distinguishable.", Verdicts.sentence("100 users", new Comparison("tomcat", "jetty",
                new Ratio(0.9, 0.85, 0.95, 0.8, 1.0, 1), new Ratio(1.0, 0.98, 1.02, 0.98, 1.02, 1), NONE, 12, 1, 0, false, false)));
        assertEquals("jetty against tomcat at 100 users, 12 pairs: TPS not known: fewer than two rounds in which both answered within"
                + " their blocks; CPU per response not known.", Verdicts.sentence("100 users", new Comparison("tomcat", "jetty",
                null, null, NONE, 12, 12, 12, false, false)));
    }

    @Test
    void anIntervalIsPrintedWithTheDecimalsThatKeepItsRelationToOne() {
        assertEquals("0.86-0.98", Verdicts.interval(0.8612, 0.9811));
        assertEquals("0.860-0.998", Verdicts.interval(0.8600, 0.9981), "two decimals would print 1.00, which reads as holding 1");
        assertEquals("0.999-1.040", Verdicts.interval(0.9990, 1.04), "two would print 1.00 at the end that holds it");
        assertEquals("1.003-1.200", Verdicts.interval(1.0031, 1.2));
        assertEquals("0.97-1.04", Verdicts.interval(0.97, 1.04));
    }

    @Test
    void theRunSaysOnceInFiguresHowFullTheMachineWasAndCitesTheNotesThatSayWhatItMeans() {
        var full = java.util.List.of(block("tomcat", 95, 99, false), block("undertow", 89, 98, false), block("tomcat", 90, 80, false));
        var shared = new containerbench.measure.Environment("Linux", "EPYC", 2, 24000, 1024, 1024L, 4096, "32768-60999", "0,1", "0,1");
        MachineShare filled = MachineShare.of(containerbench.results.RunResult.builder().runId("r").environment(shared).blocks(full).build());
        assertEquals("Gatling shared the targets' 2 CPUs, full in 2 of 3 blocks, and used 46% of them.", filled.sentence());
        assertEquals(java.util.List.of(Caveat.MACHINE_FULL), filled.caveats());
        var apart = new containerbench.measure.Environment("Linux", "EPYC", 2, 24000, 1024, 1024L, 4096, "32768-60999", "1", "0");
        var limited = java.util.List.of(block("tomcat", 95, 99, true), block("undertow", 94, 98, false));
        MachineShare pinned = MachineShare.of(containerbench.results.RunResult.builder().runId("r").environment(apart).blocks(limited).build());
        assertEquals("Gatling itself limited the load in 1 of 2 blocks.", pinned.sentence(),
                "pinned apart, the machine shared nothing with Gatling; its own limit is said");
        assertEquals(java.util.List.of(Caveat.INJECTOR_LIMITED), pinned.caveats());
        MachineShare both = MachineShare.of(containerbench.results.RunResult.builder().runId("r").environment(shared).blocks(limited).build());
        assertEquals("Gatling shared the targets' 2 CPUs, full in 2 of 2 blocks, and used 47% of them; it limited the load in 1 of 2"
                + " blocks.", both.sentence());
        assertEquals(null, MachineShare.of(containerbench.results.RunResult.builder().runId("r").environment(shared)
                .blocks(java.util.List.of(block("tomcat", 50, 60, false), block("undertow", 50, 62, false))).build()).sentence(),
                "a machine with CPU to spare, Gatling under its limit: nothing to say");
        assertEquals(" [2] [1]", Caveat.marks(java.util.List.of(Caveat.INJECTOR_LIMITED, Caveat.MACHINE_FULL),
                java.util.List.of(Caveat.MACHINE_FULL, Caveat.INJECTOR_LIMITED)));
    }

    private static containerbench.measure.BlockResult block(String target, double injectorPercent, double busy, boolean limited) {
        return new containerbench.measure.BlockResult(containerbench.measure.Tier.users(100), 100, 0, target, 0, 2000, 100, 100, 0, 50,
                new containerbench.measure.BlockCpu(20.0, 21.0, injectorPercent, 30.0, busy, 0.0, 2.0), limited, null, null);
    }
}
