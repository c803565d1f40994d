package containerbench.calibrate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import containerbench.harness.CpuPlacement;
import containerbench.harness.LoginProbe;
import containerbench.harness.MavenRun;
import containerbench.harness.ResultsStore;
import containerbench.harness.RunResult;
import containerbench.harness.SettingException;
import containerbench.harness.TargetModule;
import containerbench.harness.TargetProcess;
import containerbench.harness.TargetSettings;
import containerbench.harness.TierPlan;
import containerbench.harness.TierResult;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Is Gatling or the container the limit on this machine? Starts one target, warms it up, then runs
 * every concurrency with wrk, then with this project's simulation, then with wrk again (the target
 * still warms and the machine drifts: Gatling is compared with the mean of the wrk runs either side
 * of it), and prints Gatling's TPS as a share of wrk's with each injector's CPU per request.
 * Settings are the benchmark's -D properties: {@code container} (or a profile), {@code tiers},
 * {@code tierSeconds}, {@code warmupSeconds}, {@code target.cpus}, {@code injector.cpus}, knobs.
 * Run: {@code mvn -q test-compile -Pcalibrate -Pundertow -Dtiers=100,200,500}.
 */
public final class CalibrateMain {

    private static final Pattern WRK_RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    // bash's `times`: its own user and system time, then its children's (wrk's), as 0m1.234s.
    private static final Pattern CHILD_TIMES = Pattern.compile("(?m)^\\S+ \\S+\\n(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s\\s*\\z");

    /** One wrk run: its rate and the CPU it spent per request, in microseconds. */
    public record WrkRun(double tps, double cpuMicrosPerRequest) {
    }

    /**
     * One concurrency: wrk before and after Gatling, Gatling, Gatling's share of the mean of both
     * wrk runs, and each injector's CPU per request.
     */
    public record Row(int users, double wrkTpsBefore, double gatlingTps, double wrkTpsAfter, double ratio,
            double wrkCpuMicrosPerRequest, double gatlingCpuMicrosPerRequest) {
    }

    /** @param gatlingTransport Netty's I/O under Gatling, {@code io_uring} or {@code epoll} */
    public record Calibration(String container, String startedAt, String targetCpus, String injectorCpus,
            int seconds, String gatlingTransport, int gatlingEventLoops, List<Row> rows) {
    }

    private CalibrateMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> properties = new HashMap<>();
        System.getProperties().stringPropertyNames().forEach(n -> properties.put(n, System.getProperty(n)));
        Path root = Path.of("").toAbsolutePath();
        TierPlan plan;
        TargetSettings settings;
        CpuPlacement placement;
        int machineCpus = CpuPlacement.machineCpus();
        try {
            plan = TierPlan.from(properties);
            settings = TargetSettings.from(properties, root);
            placement = CpuPlacement.from(properties, machineCpus);
            requireWrk();
        } catch (SettingException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        Path dir = Files.createDirectories(Path.of(properties.getOrDefault("benchmarks.dir",
                root.resolve("target/benchmarks").toString())).resolve("calibration"));
        Instant started = Instant.now();
        String stamp = started.toString().replaceAll("[:.]", "-");
        try (TargetProcess target = TargetProcess.start(TargetModule.of(root, settings.container()), settings,
                placement.targetPrefix(), dir.resolve(stamp + ".target.log"), Duration.ofSeconds(60))) {
            URI base = target.baseUrl(settings.host());
            LoginProbe.await(base, Duration.ofSeconds(15), target::isAlive);
            // One wrk thread per CPU the injector may use, as the pinned Gatling has one event loop per CPU.
            Wrk wrk = new Wrk(placement.injectorLaunch(), placement.injectorCpuCount(machineCpus), base);
            if (plan.warmupSeconds() > 0) {
                System.out.printf("[calibrate] warming %s up with wrk for %d s%n", settings.container(), plan.warmupSeconds());
                wrk.run(plan.warmupUsers(), plan.warmupSeconds());
            }
            Map<Integer, WrkRun> before = wrk.tiers(plan, "before Gatling");
            RunResult gatling = gatling(dir, stamp, settings, base, plan, placement);
            Map<Integer, WrkRun> after = wrk.tiers(plan, "after Gatling");
            Map<Integer, TierResult> gatlingTiers = new LinkedHashMap<>();
            gatling.tiers().forEach(tier -> gatlingTiers.put(tier.users(), tier));
            List<Row> rows = new ArrayList<>();
            System.out.printf("%n%7s %12s %12s %12s %8s %12s %12s%n", "users", "wrk before", "Gatling", "wrk after", "ratio",
                    "wrk us/req", "Gatling us/req");
            for (int users : plan.tiers()) {
                TierResult tier = gatlingTiers.get(users);
                double g = tier == null ? 0 : tier.tps();
                double wrkMean = (before.get(users).tps() + after.get(users).tps()) / 2;
                double gatlingCpu = tier == null || tier.resources() == null || g == 0 ? 0
                        : tier.resources().injectorCpuMeanPercent() / 100 * 1e6 / g;
                Row row = new Row(users, round(before.get(users).tps()), round(g), round(after.get(users).tps()),
                        round(wrkMean == 0 ? 0 : g / wrkMean),
                        round((before.get(users).cpuMicrosPerRequest() + after.get(users).cpuMicrosPerRequest()) / 2),
                        round(gatlingCpu));
                rows.add(row);
                System.out.printf("%7d %12.0f %12.0f %12.0f %8.2f %12.1f %12.1f%n", users, row.wrkTpsBefore(), row.gatlingTps(),
                        row.wrkTpsAfter(), row.ratio(), row.wrkCpuMicrosPerRequest(), row.gatlingCpuMicrosPerRequest());
            }
            Calibration calibration = new Calibration(settings.container(), started.toString(), placement.targetCpus(),
                    placement.injectorCpus(), plan.tierSeconds(), gatling.injector().transport(),
                    gatling.injector().eventLoops(), rows);
            Path file = dir.resolve(stamp + ".json");
            Files.write(file, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(calibration));
            System.out.printf("[calibrate] Gatling ran on %s with %d event loop(s). A ratio near 1: Gatling drives the"
                    + " target as hard as wrk; well below, with more CPU per request than wrk, Gatling is the limit. %s%n",
                    calibration.gatlingTransport(), calibration.gatlingEventLoops(), file);
        }
    }

    /** wrk on the injector's CPUs against one target. */
    private record Wrk(List<String> prefix, int threads, URI base) {

        Map<Integer, WrkRun> tiers(TierPlan plan, String when) throws IOException, InterruptedException {
            Map<Integer, WrkRun> runs = new LinkedHashMap<>();
            for (int users : plan.tiers()) {
                runs.put(users, run(users, plan.tierSeconds()));
                System.out.printf("[calibrate] wrk %s at %d connections: %.0f requests/s, %.1f us of CPU each%n", when, users,
                        runs.get(users).tps(), runs.get(users).cpuMicrosPerRequest());
            }
            return runs;
        }

        /** wrk's requests per second at {@code users} connections for {@code seconds}, and its CPU. */
        WrkRun run(int users, int seconds) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(prefix);
            command.addAll(List.of("wrk", "-t", Integer.toString(Math.min(users, threads)), "-c", Integer.toString(users),
                    "-d", seconds + "s", base + LoginProbe.LOGIN));
            // Through bash, whose `times` then tells the CPU its child wrk used, to the millisecond.
            String script = command.stream().map(word -> "'" + word + "'").reduce((a, b) -> a + " " + b).orElseThrow()
                    + " && times";
            Process wrk = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
            String output = new String(wrk.getInputStream().readAllBytes());
            if (!wrk.waitFor(seconds + 60L, TimeUnit.SECONDS) || wrk.exitValue() != 0) {
                wrk.destroyForcibly();
                throw new IllegalStateException("wrk failed: " + output);
            }
            Matcher rate = WRK_RATE.matcher(output);
            Matcher times = CHILD_TIMES.matcher(output);
            if (!rate.find() || !times.find()) {
                throw new IllegalStateException("no 'Requests/sec' or CPU times in wrk's output: " + output);
            }
            double tps = Double.parseDouble(rate.group(1));
            double cpuSeconds = Integer.parseInt(times.group(1)) * 60 + Double.parseDouble(times.group(2))
                    + Integer.parseInt(times.group(3)) * 60 + Double.parseDouble(times.group(4));
            return new WrkRun(tps, tps == 0 ? 0 : cpuSeconds * 1e6 / (tps * seconds));
        }
    }

    /**
     * The simulation against the running target: one Gatling run with the same tiers, after its own
     * warm-up, since a cold Gatling JVM is slower than a warm one, as the target is. Started on the
     * injector's CPUs, as a study's cells are.
     */
    private static RunResult gatling(Path dir, String stamp, TargetSettings settings, URI base,
            TierPlan plan, CpuPlacement placement) throws IOException, InterruptedException {
        Path results = Files.createDirectories(dir.resolve(stamp + "-gatling"));
        List<String> command = new ArrayList<>(List.of("-q", "gatling:test", "-Dcontainer=" + settings.container(), "-Dtarget.url=" + base,
                "-Dtiers=" + String.join(",", plan.tiers().stream().map(String::valueOf).toList()),
                "-DtierSeconds=" + plan.tierSeconds(), "-DwarmupSeconds=" + plan.warmupSeconds(),
                "-DwarmupUsers=" + plan.warmupUsers(), "-Dbenchmarks.dir=" + results));
        if (placement.injectorCpus() != null) {
            command.add("-Dinjector.cpus=" + placement.injectorCpus());
        }
        System.out.println("[calibrate] now Gatling, same tiers, same target");
        if (MavenRun.gatling(results.resolve("mvn.log"), placement, command).waitFor() != 0) {
            throw new IllegalStateException("the Gatling run failed; see " + results.resolve("mvn.log"));
        }
        try (Stream<Path> files = Files.list(results)) {
            return ResultsStore.read(files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow());
        }
    }

    private static void requireWrk() {
        try {
            Process wrk = new ProcessBuilder("wrk", "--version").redirectErrorStream(true).start();
            wrk.getInputStream().readAllBytes();
            wrk.waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            throw new SettingException("calibration needs wrk: apt-get install wrk (" + e.getMessage() + ")");
        }
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
