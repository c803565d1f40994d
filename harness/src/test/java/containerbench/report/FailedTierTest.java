package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Environment;
import containerbench.measure.Tier;
import containerbench.measure.TierResult;
import containerbench.results.Comparisons;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target that refuses half its blocks at a tier, as the second study's WildFly refused connections
 * at 2000 users: it comes out "failed" there in the JSON, on the console and on the page, and never
 * as "no difference"; at the tier it served, its ratios are judged as usual.
 */
class FailedTierTest {

    @Test
    void aTargetThatFailsHalfItsBlocksAtATierIsFailedThereInTheJsonTheConsoleAndThePage(@TempDir Path dir) throws Exception {
        List<BlockResult> blocks = new ArrayList<>();
        for (int round = 0; round < 12; round++) {
            blocks.add(block(Tier.users(500), 500, round, "tomcat", 10_000, 0));
            blocks.add(block(Tier.users(500), 500, round, "wildfly", 7_000, 0));
        }
        for (int round = 0; round < 12; round++) {
            blocks.add(block(Tier.users(2000), 2000, round, "tomcat", 10_000, 0));
            // Every other block refuses nearly everything: a few OK, thousands timed out.
            blocks.add(round % 2 == 0 ? block(Tier.users(2000), 2000, round, "wildfly", 10, 4_000) : block(Tier.users(2000), 2000, round,
                    "wildfly", 7_000, 0));
        }
        List<String> labels = List.of("tomcat", "wildfly");
        RunResult run = RunResult.builder().runId("tomcat-wildfly-20261205-150000").status(RunStatus.COMPLETE)
                .container("tomcat").description("tomcat vs wildfly").startedAt("2026-12-05T15:00:00Z")
                .finishedAt("2026-12-05T15:10:00Z")
                .targets(labels.stream().map(label -> new RunResult.Target(label, label, "1",
                        new RunResult.Target.Started(true, "http://127.0.0.1:1", null), new RunResult.Target.Jvm("17", ""),
                        new RunResult.Target.Knobs(Map.of(), Map.of(), null), null, null)).toList())
                .plan(new RunResult.Plan(List.of(500, 2000), 15, 30, 500, true))
                .interleaving(new RunResult.Interleaving(12, 2, null, null, 1))
                .environment(new Environment("Linux", "EPYC", 2, 24_000, 65_536, 65_536L, 4096, "32768-60999", "0,1", "0,1"))
                .tiers(List.of(tier("500 users", 500, "tomcat", 0), tier("500 users", 500, "wildfly", 0),
                        tier("2000 users", 2000, "tomcat", 0), tier("2000 users", 2000, "wildfly", 24_000)))
                .blocks(blocks).comparisons(Comparisons.of(blocks, labels)).build();

        ResultsStore store = new ResultsStore(dir);
        Path file = store.write(run);
        assertTrue(Files.readString(file).matches("(?s).*\"otherFailed\"\\s*:\\s*true.*"), "the JSON says it");
        StoredRun read = ResultsStore.read(file);
        assertFalse(read.run().comparisons().get(0).comparison().get(0).failed(), "500 users: served");
        assertTrue(read.run().comparisons().get(1).comparison().get(0).failures().otherFailed(), "2000 users: failed");

        String console = ConsoleTable.verdicts(read.run());
        assertTrue(console.contains("wildfly against tomcat over 2 tier(s): failed at 2000 users; elsewhere, on intervals adjusted"
                + " for the run's 2: TPS lower at 1 of 1 tiers (0.70×)"), console);
        assertTrue(console.contains("wildfly against tomcat at 2000 users, 12 pairs: FAILED: wildfly failed"), console);
        assertFalse(console.contains("not distinguishable"), "a failure is never 'no difference': " + console);

        String page = HtmlView.render(ComparisonDocument.of(RunSet.read(List.of(file)), dir));
        assertTrue(page.contains("failed at 2000 users"), "the page leads with it");
        assertTrue(page.contains("12 pairs: FAILED: wildfly failed"), "and says it at the tier");
    }

    /** A tier's figures as the page's table needs them: the blocks' sum is not what this test is about. */
    private static TierResult tier(String name, int users, String target, long ko) {
        return new TierResult(new TierResult.Load(name, target, users), new TierResult.Answers(60_000 + ko, 60_000, ko, 60, 1000,
                100.0 * ko / (60_000 + ko)), new TierResult.Latency(2.5, 2, 5, 9, 40),
                new TierResult.Failures(ko == 0 ? Map.of() : Map.of("timeout", ko), List.of()), new TierResult.Window(0, 60_000), null,
                ko > 0, null, null);
    }

    /** A block of 5 s with {@code ok} OK responses a second and {@code ko} failed requests in all. */
    private static BlockResult block(Tier tier, int users, int round, String target, long okPerSecond, long ko) {
        long ok = okPerSecond * 5;
        return new BlockResult(tier, users, round, target, 0, 5000, ok + ko, ok, ko, okPerSecond,
                new BlockCpu(20.0 + (target.equals("wildfly") ? 10 : 0), null, 90.0, 25.0, 98.0, 0.0, 3.0), false, null, null);
    }
}
