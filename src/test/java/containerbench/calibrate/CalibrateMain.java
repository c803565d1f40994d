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
 * Is Gatling or the container the limit on this machine? Starts one target, warms it up, then at
 * each concurrency runs wrk and this project's simulation against it, same target, same time, and
 * prints Gatling's TPS as a share of wrk's. Settings are the benchmark's -D properties:
 * {@code container} (or a profile), {@code tiers}, {@code tierSeconds}, {@code warmupSeconds},
 * {@code target.cpus}, {@code injector.cpus}, knobs. Run:
 * {@code mvn -q test-compile -Pcalibrate -Pundertow -Dtiers=100,200,500}.
 */
public final class CalibrateMain {

    private static final Pattern WRK_RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");

    /** One concurrency: both injectors' TPS and Gatling's share of wrk's. */
    public record Row(int users, double wrkTps, double gatlingTps, double ratio) {
    }

    public record Calibration(String container, String startedAt, String targetCpus, String injectorCpus,
            int seconds, List<Row> rows) {
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
        try {
            plan = TierPlan.from(properties);
            settings = TargetSettings.from(properties, root);
            placement = CpuPlacement.from(properties, Runtime.getRuntime().availableProcessors());
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
            List<String> wrkPrefix = placement.injectorCpus() == null ? List.of()
                    : List.of("taskset", "-c", placement.injectorCpus());
            // One wrk thread per CPU the injector may use, as Gatling has one event loop per core.
            int wrkThreads = placement.injectorCpuCount(Runtime.getRuntime().availableProcessors());
            if (plan.warmupSeconds() > 0) {
                System.out.printf("[calibrate] warming %s up with wrk for %d s%n", settings.container(), plan.warmupSeconds());
                wrk(wrkPrefix, wrkThreads, base, plan.warmupUsers(), plan.warmupSeconds());
            }
            Map<Integer, Double> wrk = new LinkedHashMap<>();
            for (int users : plan.tiers()) {
                wrk.put(users, wrk(wrkPrefix, wrkThreads, base, users, plan.tierSeconds()));
                System.out.printf("[calibrate] wrk at %d connections: %.0f requests/s%n", users, wrk.get(users));
            }
            Map<Integer, Double> gatling = gatling(dir, stamp, settings, base, plan, placement);
            List<Row> rows = new ArrayList<>();
            System.out.printf("%n%7s %12s %12s %8s%n", "users", "wrk TPS", "Gatling TPS", "ratio");
            for (int users : plan.tiers()) {
                double g = gatling.getOrDefault(users, 0.0);
                Row row = new Row(users, round(wrk.get(users)), round(g), round(wrk.get(users) == 0 ? 0 : g / wrk.get(users)));
                rows.add(row);
                System.out.printf("%7d %12.0f %12.0f %8.2f%n", users, row.wrkTps(), row.gatlingTps(), row.ratio());
            }
            Calibration calibration = new Calibration(settings.container(), started.toString(),
                    placement.targetCpus(), placement.injectorCpus(), plan.tierSeconds(), rows);
            Path file = dir.resolve(stamp + ".json");
            Files.write(file, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(calibration));
            System.out.println("[calibrate] a ratio near 1 means Gatling drives the target as hard as wrk does; " + file);
        }
    }

    /** wrk's requests per second at {@code users} connections for {@code seconds}. */
    private static double wrk(List<String> prefix, int threads, URI base, int users, int seconds)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("wrk", "-t", Integer.toString(Math.min(users, threads)), "-c", Integer.toString(users), "-d", seconds + "s",
                base + LoginProbe.LOGIN));
        Process wrk = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(wrk.getInputStream().readAllBytes());
        if (!wrk.waitFor(seconds + 60L, TimeUnit.SECONDS) || wrk.exitValue() != 0) {
            wrk.destroyForcibly();
            throw new IllegalStateException("wrk failed: " + output);
        }
        Matcher rate = WRK_RATE.matcher(output);
        if (!rate.find()) {
            throw new IllegalStateException("no 'Requests/sec' in wrk's output: " + output);
        }
        return Double.parseDouble(rate.group(1));
    }

    /**
     * The simulation against the running target: one Gatling run with the same tiers, after its own
     * warm-up, since a cold Gatling JVM is slower than a warm one, as the target is.
     */
    private static Map<Integer, Double> gatling(Path dir, String stamp, TargetSettings settings, URI base,
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
        if (MavenRun.start(results.resolve("mvn.log"), false, command).waitFor() != 0) {
            throw new IllegalStateException("the Gatling run failed; see " + results.resolve("mvn.log"));
        }
        try (Stream<Path> files = Files.list(results)) {
            Path json = files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow();
            RunResult run = ResultsStore.read(json);
            Map<Integer, Double> tps = new LinkedHashMap<>();
            for (TierResult tier : run.tiers()) {
                tps.put(tier.users(), tier.tps());
            }
            return tps;
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
