package containerbench.report;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Environment;
import containerbench.measure.Histograms;
import containerbench.measure.Tier;
import containerbench.measure.TierResult;
import containerbench.results.Comparisons;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * An interleaved run of four targets, three comparisons, each showing one thing a verdict table must
 * say: undertow judged on CPU with its TPS not judged (Gatling limited the load at 500 users), jetty
 * no different, wildfly failing half its blocks at 2000 users. Blocks carry latency histograms, so
 * response times are compared and the percentile curves have data; the noise is seeded.
 */
public final class PageFixture {

    static final List<String> LABELS = List.of("tomcat", "undertow", "jetty", "wildfly");
    static final int ROUNDS = 8;

    private PageFixture() {
    }

    public static RunResult run(String runId, String startedAt, long seed) {
        return run(runId, startedAt, seed, 30);
    }

    /** @param undertowCpu undertow's CPU per response, in µs, where tomcat's is 20 */
    public static RunResult run(String runId, String startedAt, long seed, double undertowCpu) {
        Random random = new Random(seed);
        List<BlockResult> blocks = new ArrayList<>();
        List<TierResult> tiers = new ArrayList<>();
        for (int users : List.of(500, 2000)) {
            Tier tier = Tier.users(users);
            for (String target : LABELS) {
                Histogram all = Histograms.empty();
                for (int round = 0; round < ROUNDS; round++) {
                    boolean refused = target.equals("wildfly") && users == 2000 && round % 2 == 0;
                    double tps = (target.equals("undertow") ? 7_000 : 10_000) * (1 + 0.03 * random.nextGaussian());
                    double cpu = (target.equals("undertow") ? undertowCpu : 20) * (1 + 0.03 * random.nextGaussian());
                    Histogram latencies = latencies(random, target.equals("undertow") ? 3 : 2, refused ? 10 : 2_000);
                    all.add(latencies);
                    long ok = refused ? 10 : Math.round(tps * 5);
                    boolean limited = target.equals("undertow") && users == 500;
                    blocks.add(new BlockResult(tier, users, round, target, round * 10_000L, round * 10_000L + 5_000, ok + (refused ? 4_000 : 0),
                            ok, refused ? 4_000 : 0, ok / 5.0, new BlockCpu(cpu, cpu, limited ? 190.0 : 90.0, 25.0, 98.0, 0.0, 3.0),
                            limited, Histograms.encode(latencies), null));
                }
                long ko = target.equals("wildfly") && users == 2000 ? 16_000 : 0;
                tiers.add(new TierResult(new TierResult.Load(tier.toString(), target, users), new TierResult.Answers(400_000 + ko, 400_000,
                        ko, 40, 10_000, 100.0 * ko / (400_000 + ko)), Histograms.latency(all),
                        new TierResult.Failures(ko == 0 ? Map.of() : Map.of("connection refused", ko), List.of()),
                        new TierResult.Window(0, 40_000), null, ko > 0, null, null));
            }
        }
        return RunResult.builder().runId(runId).status(RunStatus.COMPLETE).container("tomcat")
                .description(String.join(" vs ", LABELS)).startedAt(startedAt).finishedAt(startedAt)
                .targets(LABELS.stream().map(label -> new RunResult.Target(label, label, "1",
                        new RunResult.Target.Started(true, "http://127.0.0.1:1", label + ".log"),
                        new RunResult.Target.Jvm("17", "-Xms512m -Xmx2g"),
                        new RunResult.Target.Knobs(Map.of("maxThreads", label.equals("jetty") ? "1024" : "512", "backlog", "512"),
                                Map.of(), label.equals("jetty") ? Map.of("maxThreads", "1024") : Map.of()), null, null)).toList())
                .plan(new RunResult.Plan(List.of(500, 2000), 15, 30, 500, true))
                .interleaving(new RunResult.Interleaving(ROUNDS, 5, null, null, 1))
                .environment(new Environment("Linux", "EPYC", 2, 24_000, 65_536, 65_536L, 4096, "32768-60999", "0,1", "0,1"))
                .tiers(tiers).blocks(blocks).comparisons(Comparisons.of(blocks, LABELS)).build();
    }

    /** Response times of one block: {@code count} of them around {@code ms}, with a tail. */
    private static Histogram latencies(Random random, int ms, int count) {
        Histogram histogram = Histograms.empty();
        for (int i = 0; i < count; i++) {
            histogram.recordValue(Math.max(1, Math.round(ms * Math.exp(0.4 * random.nextGaussian()))));
        }
        return histogram;
    }
}
