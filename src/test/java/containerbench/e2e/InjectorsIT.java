package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.Histograms;
import containerbench.measure.TierResult;
import containerbench.results.Capacities;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import containerbench.results.TierComparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code -Dinjectors=2} (Gatling started as the pom starts it, Runs.gatling): two containers
 * interleaved over two injectors, launch after launch, the Gatling JVMs on this machine sharing each
 * tier's users from one start instant, their tiers merged exactly and their blocks joined and judged;
 * a capacity search over two injectors; and two targets started by hand compared by two injectors of
 * their own, as on machines of their own. One target's tiers merged over two injectors (a stair, not
 * blocks) is TransportIT's second injector; FaultsIT kills Maven under such a run.
 */
class InjectorsIT {

    // Two injectors, 7 users a tier that do not split evenly between them, and two launches: each starts on both
    // injectors once the targets are launched afresh. Each target's tier is merged exactly (its requests summed,
    // one latency per OK response) and the blocks joined; both judged. (An auto warm-up, the other phase, lasts
    // at least 30 s a target: StartBarrierTest has the leader's end heard by the others.)
    @Test
    void twoInjectorsShareEachTierOfTwoContainersInterleavedOverTwoLaunchesMergedExactlyAndJudged() throws Exception {
        String marker = UUID.randomUUID().toString();
        Path log = run("injectors-interleaved", marker, "-Dcontainers=tomcat,undertow", "-Dinjectors=2", "-Dtiers=7",
                "-Drounds=2", "-Dlaunches=2", "-DblockSeconds=1", "-DwarmupSeconds=1");
        Path benchmarks = log.resolveSibling("benchmarks");

        Written written = Written.in(benchmarks, "tomcat-undertow-merged-");
        List<RunResult> parts = written.parts();
        RunResult merged = written.merged();
        assertEquals(2, parts.size(), "one results file per injector");
        assertEquals(RunStatus.COMPLETE, merged.status());
        assertNull(merged.injection().index());
        assertEquals(2, merged.injection().merged().runs().size());
        assertEquals(List.of("tomcat", "undertow"), merged.tiers().stream().map(TierResult::target).toList());
        for (int t = 0; t < merged.tiers().size(); t++) {
            TierResult tier = merged.tiers().get(t);
            int index = t;
            String what = tier.name() + " of " + tier.target();
            assertEquals(parts.stream().mapToLong(p -> p.tiers().get(index).requests()).sum(), tier.requests(),
                    what + ": the merged requests are the injectors' summed");
            assertEquals(7, tier.users(), what + ": every user of the tier, split between the injectors");
            assertTrue(parts.stream().allMatch(p -> p.tiers().get(index).ok() > 0), "every injector loaded " + what);
            assertEquals(tier.ok(), Histograms.decode(tier.latencyMs().histogram()).getTotalCount(), what + ": one latency per OK response");
        }
        assertTrue(merged.injection().merged().driftMillis().values().stream().allMatch(drift -> drift < 1000),
                "the injectors started each tier together: " + merged.injection().merged().driftMillis());
        assertEquals(4, parts.stream().filter(p -> p.injection().index() == 0).findFirst().orElseThrow().tiers().get(0).users(),
                "injector 0 takes its share and the user left over");
        // Per launch: a lead-in, then two rounds of one block per target.
        assertEquals(2 * 2 * 2, merged.blocks().size(), "every block of both launches, joined");
        for (int b = 0; b < merged.blocks().size(); b++) {
            int index = b;
            assertEquals(parts.stream().mapToLong(p -> p.blocks().get(index).ok()).sum(), merged.blocks().get(b).ok(),
                    "block " + b + ": the injectors' responses summed");
            assertTrue(parts.stream().allMatch(p -> p.blocks().get(index).ok() > 0), "both injectors loaded block " + b);
            assertEquals(7, merged.blocks().get(b).users());
        }
        assertEquals(List.of(0, 0, 0, 0, 1, 1, 1, 1), merged.blocks().stream().map(b -> b.launch()).toList());
        TierComparison.Comparison comparison = merged.comparisons().get(0).comparison().get(0);
        assertEquals("undertow", comparison.other());
        assertEquals(2, comparison.cpu().launches(), "the CPU ratio over both launches, from the joined blocks");
        assertTrue(Files.readString(benchmarks.resolve("index.html")).contains(merged.runId()), "the page shows the merged run");
        assertFalse(Runs.anyAlive(marker), "no JVM left: targets of both launches, injectors");
    }

    // A goal no response keeps: every repeat misses the first step, and injector 0 stops the stair for both.
    @Test
    void aCapacitySearchOverTwoInjectorsStopsOnceForBothFromTheirBlocksJoined() throws Exception {
        String marker = UUID.randomUUID().toString();
        Path log = run("injectors-open", marker, "-Dcontainers=tomcat,undertow", "-Dinjectors=2", "-Dslo.p99Ms=0.001",
                "-Drates=200,400,800,1600", "-Drounds=2", "-DblockSeconds=1", "-DwarmupSeconds=2");
        Path benchmarks = log.resolveSibling("benchmarks");
        assertTrue(Files.readString(log).contains("by 200 req/s, over every injector's blocks: the stair stops there"), Runs.tail(log));

        Written written = Written.in(benchmarks, "tomcat-undertow-merged-");
        RunResult merged = written.merged();
        for (RunResult part : written.parts()) {
            assertTrue(part.blocks().stream().noneMatch(b -> b.users() >= 800 / 2), part.runId() + " stopped with injector 0's word");
            assertTrue(part.blocks().stream().filter(b -> b.tier().load() == 200).allMatch(b -> b.users() == 100),
                    "each injector its half of the rate");
            assertEquals(List.of(), part.capacity().capacities(), "no capacity of half the rate: the merged run's alone");
        }
        assertTrue(merged.blocks().stream().filter(b -> b.tier().load() == 200).allMatch(b -> b.users() == 200
                && b.open().offeredRate() == 200), "the blocks joined: the step's whole rate");
        assertEquals(List.of("tomcat", "undertow"), merged.capacity().capacities().stream().map(c -> c.target()).toList(),
                "a capacity of each target, from the blocks joined");
        for (var capacity : merged.capacity().capacities()) {
            // Missed, or on a machine busy with other tests an injector late: either way each repeat ended at the first step.
            assertEquals(List.of(0, 0), capacity.kept(), capacity.target() + ": no step kept");
            assertTrue(capacity.ends().stream().allMatch(end -> end == Capacities.End.MISSED || end == Capacities.End.INJECTOR),
                    capacity.target() + ": every repeat ended at the first step: " + capacity.ends());
        }
        assertFalse(Runs.anyAlive(marker), "no JVM left: targets, injectors");
    }

    // As on Kubernetes or on machines of their own: each injector its own JVM with its own index, the start
    // instant written into a file once both are ready, the targets started by hand with their own reports;
    // each target and injector on a host of its own (a network namespace with an address on a bridge):
    // requests, the targets' reports and the merge's clock over a network path, not over 127.0.0.1. Where
    // namespaces cannot be made (no root), the same over loopback; CI makes them and must not fall back.
    @Test
    void twoTargetsStartedElsewhereAreComparedByInjectorsOfTheirOwnOnHostsOfTheirOwn() throws Exception {
        String marker = UUID.randomUUID().toString();
        if (!Hosts.Namespaces.available()) {
            assertFalse("true".equals(System.getenv("CI")), "network namespaces need root and iproute2 (ip netns), which CI has");
            System.out.println("InjectorsIT: no network namespaces here (root and ip netns): the targets and injectors share loopback");
            assertComparedByHand(ByHand.compare(Runs.work("injectors-elsewhere"), marker, Hosts.LOOPBACK));
            assertFalse(Runs.anyAlive(marker), "no JVM left: targets, injectors");
            return;
        }
        try (Hosts.Namespaces hosts = Hosts.Namespaces.create(4)) {
            RunResult run = ByHand.compare(Runs.work("injectors-hosts"), marker, hosts);
            assertComparedByHand(run);
            assertTrue(run.targets().stream().allMatch(t -> t.url().startsWith("http://10.252.")), "at the hosts' own addresses: "
                    + run.targets().stream().map(RunResult.Target::url).toList());
            for (int injector : List.of(2, 3)) {
                assertTrue(hosts.bytesSent(injector) > 1_000_000, "injector host " + injector + " sent its load over its own link: "
                        + hosts.bytesSent(injector) + " bytes");
            }
            for (int target : List.of(0, 1)) {
                assertTrue(hosts.bytesSent(target) > 1_000_000, "target host " + target + " answered over its own link: "
                        + hosts.bytesSent(target) + " bytes");
            }
        }
        assertFalse(Runs.anyAlive(marker), "no JVM left: targets, injectors");
    }

    private static void assertComparedByHand(RunResult run) {
        assertTrue(run.runId().startsWith("tomcat-undertow-merged-"), run.runId());
        assertEquals(ByHand.CONTAINERS, run.targets().stream().map(RunResult.Target::label).toList());
        assertTrue(run.targets().stream().noneMatch(RunResult.Target::launched), "started by hand");
        assertEquals(1, run.interleaving().launches(), "targets started elsewhere: one launch");
        assertEquals(2 * 2, run.blocks().size(), "two rounds of one block per target, joined");
        for (var block : run.blocks()) {
            assertTrue(block.cpu().targetMicrosPerResponse() != null && block.cpu().targetMicrosPerResponse() > 0,
                    block.target() + " round " + block.round() + ": its CPU per response, from its own report");
        }
        assertEquals(List.of(), run.injection().merged().drifted(), "the injectors started every tier together, by the instant: "
                + run.injection().merged().driftMillis());
        TierComparison.Comparison comparison = run.comparisons().get(0).comparison().get(0);
        assertEquals("undertow", comparison.other());
        assertTrue(comparison.cpu().ratio() > 0, "a CPU ratio from the joined blocks");
    }

    /**
     * The benchmark's Gatling JVM with {@code properties}, its targets marked with {@code marker}, in a
     * folder of the test's own; fails the test unless it succeeds. Its log, beside its {@code benchmarks}.
     */
    private static Path run(String test, String marker, String... properties) throws Exception {
        Path log = Runs.work(test).resolve("run.log");
        List<String> all = new ArrayList<>(List.of(properties));
        all.addAll(List.of("-Dcontainerbench.test=" + marker, "-Dtarget.jvmArgs=" + Runs.TARGET_JVM + " -Dcontainerbench.test=" + marker));
        int status = Runs.gatling(log, log.resolveSibling("benchmarks"), all);
        assertEquals(0, status, () -> Runs.tail(log));
        return log;
    }

    /** The results files a run wrote: the merged one, and each injector's part. */
    private record Written(RunResult merged, List<RunResult> parts) {

        static Written in(Path benchmarks, String mergedPrefix) throws java.io.IOException {
            List<RunResult> parts = new ArrayList<>();
            RunResult merged = null;
            for (Path file : ResultsStore.runFiles(benchmarks)) {
                StoredRun stored = ResultsStore.read(file);
                if (stored.run().runId().startsWith(mergedPrefix)) {
                    merged = stored.run();
                } else {
                    parts.add(stored.run());
                }
            }
            assertNotNull(merged, "a merged results file: " + ResultsStore.runFiles(benchmarks));
            return new Written(merged, parts);
        }
    }
}
