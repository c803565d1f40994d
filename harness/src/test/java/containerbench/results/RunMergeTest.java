package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.Histograms;
import containerbench.measure.TierResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Merging the runs of several injectors: exact counts and percentiles, and refusals that name the difference. */
class RunMergeTest {

    private static final String START = "2026-12-02T05:00:00Z";

    /** Latencies of a long-tailed shape, as a loaded server gives: mostly 1-5 ms, some up to seconds. */
    private static long[] latencies(int count, long seed) {
        Random random = new Random(seed);
        long[] values = new long[count];
        for (int i = 0; i < count; i++) {
            double u = random.nextDouble();
            values[i] = u < 0.9 ? 1 + random.nextInt(5) : u < 0.99 ? 5 + random.nextInt(200) : 200 + random.nextInt(3000);
        }
        return values;
    }

    private static TierResult tier(String name, int users, long[] values, long start, long end, Map<String, Long> failures) {
        Histogram histogram = Histograms.empty();
        for (long value : values) {
            histogram.recordValue(value);
        }
        long ko = failures.values().stream().mapToLong(Long::longValue).sum();
        return new TierResult(new TierResult.Load(name, "tomcat", users), new TierResult.Answers(values.length + ko, values.length, ko,
                (end - start) / 1000.0, values.length * 1000.0 / (end - start), 0), Histograms.latency(histogram),
                new TierResult.Failures(failures, List.of()), new TierResult.Window(start, end), null, ko > 0, null, null);
    }

    private static StoredRun run(int index, int count, String startAt, List<TierResult> tiers) {
        RunResult.Target target = new RunResult.Target("tomcat", "tomcat", "11.0.27",
                new RunResult.Target.Started(index == 0, "http://127.0.0.1:1", null), new RunResult.Target.Jvm("17", ""),
                new RunResult.Target.Knobs(Map.of(), Map.of(), null), null, null);
        RunResult run = RunResult.builder().runId("tomcat-injector" + index).status(RunStatus.COMPLETE).description("tomcat")
                .startedAt(startAt).finishedAt(startAt).targets(List.of(target))
                .plan(new RunResult.Plan(List.of(100, 500), 15, 0, 100, true)).tiers(tiers).answeredAfterRun(true)
                .injection(new Injection(count, index, startAt, null)).build();
        return new StoredRun(run, Path.of("tomcat-injector" + index + ".json"));
    }

    @Test
    void latenciesSplitAcrossInjectorsMergeToTheSameCountAndPercentilesAsOneHistogramOfAll() {
        long[] all = latencies(300_000, 42);
        Histogram whole = Histograms.empty();
        for (long value : all) {
            whole.recordValue(value);
        }
        // Three injectors get unequal, interleaved parts of the same stream.
        List<List<Long>> parts = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        Random split = new Random(7);
        for (long value : all) {
            parts.get(split.nextInt(10) < 5 ? 0 : split.nextInt(2) + 1).add(value);
        }
        List<StoredRun> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long[] mine = parts.get(i).stream().mapToLong(Long::longValue).toArray();
            runs.add(run(i, 3, START, List.of(
                    tier("100 users", 34 - (i == 0 ? 0 : 1), mine, 1_000 + i * 10, 16_000 + i * 10, Map.of("refused", (long) i)),
                    tier("500 users", 167 - (i == 0 ? 0 : 1), mine, 20_000 + i * 10, 35_000, Map.of()))));
        }

        RunResult merged = RunMerge.merge(runs, "tomcat-merged", RunMerge.DEFAULT_TOLERANCE_MILLIS);

        TierResult tier = merged.tiers().get(0);
        assertEquals(all.length, tier.ok(), "every response counted once");
        assertEquals(100, tier.users());
        assertEquals(Map.of("refused", 3L), tier.failures(), "failures by cause summed");
        assertEquals(whole.getValueAtPercentile(50), tier.latencyMs().p50());
        assertEquals(whole.getValueAtPercentile(95), tier.latencyMs().p95());
        assertEquals(whole.getValueAtPercentile(99), tier.latencyMs().p99());
        assertEquals(whole.getMaxValue(), tier.latencyMs().max());
        assertEquals(whole.getTotalCount(), Histograms.decode(tier.latencyMs().histogram()).getTotalCount());
        assertEquals(15.02, tier.seconds(), 1e-9, "the common window: first request of any to last response of any");
        assertEquals(Math.round(all.length / 15.02 * 100) / 100.0, tier.tps(), 0.01);
        Injection.Merged how = merged.injection().merged();
        assertEquals(List.of("tomcat-injector0", "tomcat-injector1", "tomcat-injector2"), how.runs());
        assertEquals(20L, how.driftMillis().get("100 users"));
        assertEquals(List.of(), how.drifted());
        assertEquals(3, how.injectors().size(), "each injector's own figures kept");
        assertNull(merged.injection().index());
    }

    /** A tier of a two-request mix: the whole and its parts, "get" and "post", over the same window. */
    private static TierResult mixed(long[] get, long[] post, long start, long end) {
        long[] all = java.util.stream.LongStream.concat(java.util.Arrays.stream(get), java.util.Arrays.stream(post)).toArray();
        TierResult whole = tier("100 users", 50, all, start, end, Map.of());
        TierResult getPart = tier("get", 50, get, start, end, Map.of()).over(whole.seconds());
        TierResult postPart = tier("post", 50, post, start, end, Map.of()).over(whole.seconds());
        return new TierResult(whole.load(), whole.answers(), whole.latencyMs(), whole.failed(), new TierResult.Window(start, end), null,
                false, List.of(getPart, postPart), null);
    }

    @Test
    void eachRequestOfAMixIsMergedAsTheTierIs() {
        long[] get0 = latencies(30_000, 1);
        long[] post0 = latencies(10_000, 2);
        long[] get1 = latencies(20_000, 3);
        long[] post1 = latencies(7_000, 4);
        RunResult merged = RunMerge.merge(List.of(run(0, 2, START, List.of(mixed(get0, post0, 1_000, 16_000))),
                run(1, 2, START, List.of(mixed(get1, post1, 1_010, 16_010)))), "m", 1000);

        TierResult tier = merged.tiers().get(0);
        assertEquals(List.of("get", "post"), tier.byRequest().stream().map(TierResult::name).toList());
        assertEquals(50_000, tier.byRequest().get(0).ok(), "each request's responses of both injectors");
        assertEquals(17_000, tier.byRequest().get(1).ok());
        assertEquals(tier.ok(), tier.byRequest().stream().mapToLong(TierResult::ok).sum(), "the parts add up to the tier");
        assertEquals(tier.seconds(), tier.byRequest().get(1).seconds(), "a request's TPS over the merged tier's window");
        assertEquals(Math.round(17_000 / tier.seconds() * 100) / 100.0, tier.byRequest().get(1).tps(), 0.01);
        Histogram post = Histograms.empty();
        java.util.stream.LongStream.concat(java.util.Arrays.stream(post0), java.util.Arrays.stream(post1)).forEach(post::recordValue);
        assertEquals(post.getValueAtPercentile(99), tier.byRequest().get(1).latencyMs().p99(), "its percentiles from both histograms");

        TierResult renamed = mixed(get1, post1, 1_010, 16_010);
        renamed = new TierResult(renamed.load(), renamed.answers(), renamed.latencyMs(), renamed.failed(), renamed.window(), null, false,
                List.of(renamed.byRequest().get(0), tier("put", 50, post1, 1_010, 16_010, Map.of())), null);
        assertRefused("no request 'post'", run(0, 2, START, List.of(mixed(get0, post0, 1_000, 16_000))),
                run(1, 2, START, List.of(renamed)));
    }

    @Test
    void tierWindowsFurtherApartThanTheToleranceAreNamed() {
        long[] some = latencies(1000, 1);
        List<StoredRun> runs = List.of(run(0, 2, START, List.of(tier("100 users", 50, some, 1_000, 16_000, Map.of()))),
                run(1, 2, START, List.of(tier("100 users", 50, some, 4_000, 19_000, Map.of()))));
        RunResult merged = RunMerge.merge(runs, "m", 1000);
        assertEquals(List.of("100 users"), merged.injection().merged().drifted());
        assertEquals(3000L, merged.injection().merged().driftMillis().get("100 users"));
    }

    @Test
    void runsThatDoNotBelongTogetherAreRefusedWithTheDifferenceNamed() {
        long[] some = latencies(1000, 1);
        List<TierResult> tiers = List.of(tier("100 users", 50, some, 1_000, 16_000, Map.of()));
        assertRefused("the start instant", run(0, 2, START, tiers), run(1, 2, "2026-12-02T06:00:00Z", tiers));
        assertRefused("the number of injectors", run(0, 2, START, tiers), run(1, 3, START, tiers));
        assertRefused("injector 0 of 2 is there 2 times", run(0, 2, START, tiers), run(0, 2, START, tiers));
        assertRefused("injector 2 of 3 is missing", run(0, 3, START, tiers), run(1, 3, START, tiers));
        StoredRun other = run(1, 2, START, tiers);
        RunResult plan = other.run();
        StoredRun longer = new StoredRun(plan.toBuilder().plan(new RunResult.Plan(List.of(100, 500), 30, 0, 100, true)).build(),
                other.file());
        assertRefused("the plan", run(0, 2, START, tiers), longer);
        RunResult two = RunMerge.merge(List.of(run(0, 2, START, tiers), run(1, 2, START, tiers)), "m2", 1000);
        assertRefused("already a merged run", run(0, 2, START, tiers), new StoredRun(two, Path.of("m2.json")));
        RunMerge.MismatchException alone = assertThrows(RunMerge.MismatchException.class,
                () -> RunMerge.merge(List.of(run(0, 2, START, tiers)), "m", 1000));
        assertTrue(alone.getMessage().contains("at least two"), alone.getMessage());
    }

    private static void assertRefused(String difference, StoredRun a, StoredRun b) {
        RunMerge.MismatchException e = assertThrows(RunMerge.MismatchException.class, () -> RunMerge.merge(List.of(a, b), "m", 1000));
        assertTrue(e.getMessage().contains(difference), e.getMessage());
    }
}
