package containerbench.calibrate;

import containerbench.launch.RunningTarget;
import containerbench.measure.OpenFigures;
import containerbench.measure.TierResult;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TierPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Does the open workload measure latency as wrk2 does? One target, warmed up, then every rate with
 * the {@link ConstantRateClient}, then with this project's simulation ({@code -Dmodel=open}), then
 * with the client again; the corrected percentiles side by side. Where Gatling kept its schedule
 * they should agree within what the two runs of the client differ by.
 *
 * @param connections the client's keep-alive connections
 */
public record OpenCalibration(String container, String startedAt, int seconds, int connections, List<Row> rows) {

    /** One rate: the client before and after, the simulation between, p50 and p99 from due time in ms. */
    public record Row(int rate, double clientP50Before, double clientP99Before, double gatlingP50, double gatlingP99,
            double clientP50After, double clientP99After, boolean gatlingLate, double gatlingAchieved, double clientAchieved) {
    }

    /**
     * 16 connections, a thread each: at 4000 req/s and a millisecond each, four are busy on average,
     * and a stall's queue waits its turn and counts. 64 threads waking on 2 cores were seen to wait
     * for a CPU themselves (p99 17-50 ms where Gatling measured 2).
     */
    static final int CONNECTIONS = 16;

    static Path run(RunSettings settings, TargetCatalog catalog, Map<String, String> gatlings) throws IOException, InterruptedException {
        TierPlan plan = settings.plan();
        String container = settings.target().container();
        Instant started = Instant.now();
        Path dir = ResultsStore.newDirectory(settings.benchmarksDir().resolve("calibration"), container, started);
        int connections = Math.min(CONNECTIONS, plan.open().maxInFlight());
        try (RunningTarget target = RunningTarget.start(settings.target(), settings, catalog, dir.resolve("target.log"))) {
            URI base = target.baseUrl();
            if (plan.warmupSeconds() > 0) {
                System.out.printf("[calibrate] warming %s up with the constant-rate client for %d s%n", container,
                        plan.warmupSeconds());
                ConstantRateClient.run(base, plan.tiers().get(plan.tiers().size() - 1), connections, plan.warmupSeconds());
            }
            Map<Integer, ConstantRateClient.Result> before = client(base, plan, connections, "before Gatling");
            RunResult gatling = Calibration.gatling(dir.resolve("gatling-run"), settings, catalog, base, gatlings);
            Map<Integer, ConstantRateClient.Result> after = client(base, plan, connections, "after Gatling");
            Map<Integer, TierResult> tiers = new LinkedHashMap<>();
            gatling.tiers().forEach(tier -> tiers.put(tier.users(), tier));
            List<Row> rows = new ArrayList<>();
            System.out.printf("%n%7s %21s %21s %21s%n", "rate", "client before p50/p99", "Gatling p50/p99", "client after p50/p99");
            for (int rate : plan.tiers()) {
                OpenFigures open = tiers.get(rate) == null ? null : tiers.get(rate).open();
                ConstantRateClient.Result b = before.get(rate);
                ConstantRateClient.Result a = after.get(rate);
                Row row = new Row(rate, b.percentileMs(50), b.percentileMs(99),
                        open == null || open.correctedMs() == null ? -1 : open.correctedMs().p50(),
                        open == null || open.correctedMs() == null ? -1 : open.correctedMs().p99(), a.percentileMs(50),
                        a.percentileMs(99), open != null && open.injectorLate(), open == null ? 0 : open.achievedRate(),
                        (a.achievedRate() + b.achievedRate()) / 2);
                rows.add(row);
                System.out.printf("%7d %10.2f/%-10.2f %10.2f/%-10.2f %10.2f/%-10.2f%s%n", rate, row.clientP50Before(),
                        row.clientP99Before(), row.gatlingP50(), row.gatlingP99(), row.clientP50After(), row.clientP99After(),
                        row.gatlingLate() ? "  Gatling late: not comparable" : "");
            }
            OpenCalibration calibration = new OpenCalibration(container, started.toString(), plan.tierSeconds(), connections, rows);
            Path file = dir.resolve("open-calibration.json");
            ResultsStore.writeJson(file, calibration);
            System.out.printf("[calibrate] latency from due time in ms, the client with %d connections. Where Gatling kept its"
                    + " schedule, its percentiles should fall near the client's two runs. %s%n", connections, file);
            return file;
        }
    }

    private static Map<Integer, ConstantRateClient.Result> client(URI base, TierPlan plan, int connections, String when)
            throws InterruptedException {
        Map<Integer, ConstantRateClient.Result> runs = new LinkedHashMap<>();
        for (int rate : plan.tiers()) {
            ConstantRateClient.Result result = ConstantRateClient.run(base, rate, connections, plan.tierSeconds());
            runs.put(rate, result);
            System.out.printf("[calibrate] constant-rate client %s at %d/s: %.0f answered/s, %d errors, from due time p50 %.2f"
                    + " p99 %.2f ms%n", when, rate, result.achievedRate(), result.errors(), result.percentileMs(50),
                    result.percentileMs(99));
        }
        return runs;
    }
}
