package containerbench.calibrate;

import containerbench.launch.RunningTarget;
import containerbench.measure.Decimals;
import containerbench.measure.TierResult;
import containerbench.report.ConsoleTable;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import containerbench.run.ChildRun;
import containerbench.run.MavenRun;
import containerbench.settings.CpuPlacement;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TierPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Is Gatling or the container the limit on this machine? Starts one target, warms it up, then runs
 * every concurrency with a reference client (wrk over HTTP/1.1, cleartext or TLS; h2load over h2),
 * then with this project's simulation, then with the reference again (the target still warms and
 * the machine drifts: Gatling is compared with the mean of the runs either side of it), and gives
 * Gatling's TPS as a share of the reference's with each injector's CPU per request.
 *
 * @param http what the target speaks ({@code -Dhttp}): h1, h1-tls or h2
 * @param reference the reference client's name and version ({@code h2load nghttp2/1.52.0})
 * @param gatlingTransport Netty's I/O under Gatling, {@code io_uring} or {@code epoll}
 */
public record Calibration(String container, String http, String reference, String startedAt, String targetCpus,
        String injectorCpus, int seconds, String gatlingTransport, int gatlingEventLoops, List<Row> rows) {

    /**
     * One concurrency: the reference client before and after Gatling, Gatling, Gatling's share of
     * the mean of both reference runs, and each injector's CPU per request.
     */
    public record Row(int users, double referenceTpsBefore, double gatlingTps, double referenceTpsAfter, double ratio,
            double referenceCpuMicrosPerRequest, double gatlingCpuMicrosPerRequest) {
    }

    /**
     * Runs the calibration and writes {@code calibration.json} into a new folder under
     * {@code benchmarks.dir/calibration}; returns that file.
     *
     * @param gatlings Gatling's and Netty's own properties for its run ({@code gatling.netty.useIoUring}), passed on as given
     */
    public static Path run(RunSettings settings, TargetCatalog catalog, int machineCpus, Map<String, String> gatlings)
            throws IOException, InterruptedException {
        if (settings.plan().arrivesAtRates()) {
            if (settings.target().tls()) {
                // The constant-rate client speaks cleartext HTTP/1.1 only: it would measure something else.
                throw new SettingException("calibrate --model open compares Gatling with a constant-rate client of cleartext"
                        + " HTTP/1.1; its target speaks " + settings.target().http() + " (-Dhttp): calibrate the open model without it");
            }
            return OpenCalibration.run(settings, catalog, gatlings);
        }
        TierPlan plan = settings.plan();
        CpuPlacement placement = settings.placement();
        String container = settings.target().container();
        Instant started = Instant.now();
        Path dir = ResultsStore.newDirectory(settings.benchmarksDir().resolve("calibration"), container, started);
        try (RunningTarget target = RunningTarget.start(settings.target(), settings, catalog, dir.resolve("target.log"))) {
            URI base = target.baseUrl();
            // One client thread per CPU the injector may use, as the pinned Gatling has one event loop per CPU.
            ReferenceClient reference = ReferenceClient.of(settings.target().http(), placement.injectorLaunch(),
                    placement.injectorCpuCount(machineCpus), base);
            String name = reference.name();
            if (plan.warmupSeconds() > 0) {
                System.out.printf("[calibrate] warming %s up with %s for %d s%n", container, name, plan.warmupSeconds());
                reference.run(plan.warmupUsers(), plan.warmupSeconds());
            }
            Map<Integer, ReferenceClient.Result> before = reference.tiers(plan, "before Gatling");
            RunResult gatling = gatling(dir.resolve("gatling-run"), settings, catalog, base, gatlings);
            Map<Integer, ReferenceClient.Result> after = reference.tiers(plan, "after Gatling");
            Map<Integer, TierResult> gatlingTiers = new LinkedHashMap<>();
            gatling.tiers().forEach(tier -> gatlingTiers.put(tier.users(), tier));
            List<Row> rows = new ArrayList<>();
            System.out.printf("%n%s over %s (%s against Gatling)%n%7s %14s %12s %14s %8s %14s %14s%n", container,
                    settings.target().http(), reference.version(), "users", name + " before", "Gatling", name + " after", "ratio",
                    name + " us/req", "Gatling us/req");
            for (int users : plan.tiers()) {
                Row row = row(users, before.get(users), gatlingTiers.get(users), after.get(users));
                rows.add(row);
                System.out.printf("%7d %14.0f %12.0f %14.0f %8.2f %14.1f %14.1f%n", users, row.referenceTpsBefore(), row.gatlingTps(),
                        row.referenceTpsAfter(), row.ratio(), row.referenceCpuMicrosPerRequest(), row.gatlingCpuMicrosPerRequest());
            }
            // --profile.injector: where Gatling's CPU went, its flame graphs beside the Gatling run's results.
            List<String> profile = ConsoleTable.injectorProfile(gatling);
            if (!profile.isEmpty()) {
                System.out.printf("%nGatling's own CPU (flame graphs under %s):%n", dir.resolve("gatling-run"));
                profile.forEach(System.out::println);
            }
            Calibration calibration = new Calibration(container, settings.target().http(), reference.version(), started.toString(),
                    placement.targetCpus(),
                    placement.injectorCpus(), plan.tierSeconds(), gatling.injector().transport(),
                    gatling.injector().eventLoops(), rows);
            Path file = dir.resolve("calibration.json");
            ResultsStore.writeJson(file, calibration);
            System.out.printf("[calibrate] Gatling ran on %s with %d event loop(s). A ratio near 1: Gatling drives the"
                    + " target as hard as %s; well below, with more CPU per request than %s, Gatling is the limit. %s%n",
                    calibration.gatlingTransport(), calibration.gatlingEventLoops(), name, name, file);
            return file;
        }
    }

    private static Row row(int users, ReferenceClient.Result before, TierResult tier, ReferenceClient.Result after) {
        double gatling = tier == null ? 0 : tier.tps();
        double referenceMean = (before.tps() + after.tps()) / 2;
        double gatlingCpu = tier == null || tier.resources() == null || gatling == 0 ? 0
                : tier.resources().injectorCpuMeanPercent() / 100 * 1e6 / gatling;
        return new Row(users, Decimals.two(before.tps()), Decimals.two(gatling), Decimals.two(after.tps()),
                Decimals.two(referenceMean == 0 ? 0 : gatling / referenceMean),
                Decimals.two((before.cpuMicrosPerRequest() + after.cpuMicrosPerRequest()) / 2),
                Decimals.two(gatlingCpu));
    }

    /**
     * The simulation against the running target: one Gatling run with the same tiers, after its own
     * warm-up, since a cold Gatling JVM is slower than a warm one, as the target is. Started on the
     * injector's CPUs, as a study's cells are.
     */
    static RunResult gatling(Path dir, RunSettings settings, TargetCatalog catalog, URI base, Map<String, String> gatlings)
            throws IOException, InterruptedException {
        System.out.println("[calibrate] now Gatling, same tiers, same target");
        RunSettings against = settings.loading(base).writingTo(dir);
        Files.createDirectories(dir);
        ChildRun child = ChildRun.prepare(against);
        int exit = MavenRun.gatling(dir.resolve("mvn.log"), against, child, "calibration: " + settings.description(catalog),
                gatlings).waitFor();
        StoredRun run = child.results();
        if (exit != 0 || run == null) {
            throw new IllegalStateException("the Gatling run failed" + (run == null || run.run().failure() == null ? ""
                    : " (" + run.run().failure() + ")") + "; see " + dir.resolve("mvn.log"));
        }
        return run.run();
    }
}
