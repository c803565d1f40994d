package containerbench.harness;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One benchmark run around the simulation: checks every setting, starts the target (or finds the
 * running one), claims the results file, and at the end writes the figures and stops the target.
 */
public final class BenchmarkRun {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(15);

    private final TierPlan plan;
    private final boolean recording;
    private final ResultsStore store;
    private final TargetProcess process;
    private final URI baseUrl;
    private final TierRecorder warmup;
    private final List<TierRecorder> tiers;
    private final RunResult started;
    private final AtomicBoolean finished = new AtomicBoolean();

    private BenchmarkRun(TierPlan plan, boolean recording, ResultsStore store, TargetProcess process, URI baseUrl,
            RunResult started) {
        this.plan = plan;
        this.recording = recording;
        this.store = store;
        this.process = process;
        this.baseUrl = baseUrl;
        this.started = started;
        this.warmup = new TierRecorder("warm-up", plan.warmupUsers());
        this.tiers = new ArrayList<>();
        Map<Integer, Integer> seen = new HashMap<>();
        for (int users : plan.tiers()) {
            int repeat = seen.merge(users, 1, Integer::sum);
            tiers.add(new TierRecorder(users + " users" + (repeat > 1 ? " #" + repeat : ""), users));
        }
        // Ctrl-C or a crash before the end: keep what was measured, marked as interrupted.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (finished.compareAndSet(false, true)) {
                store.write(result("interrupted"));
            }
        }, "results-on-exit"));
    }

    /** Everything before the load; any bad setting fails here, before a target is started. */
    public static BenchmarkRun start(Properties systemProperties) {
        Map<String, String> properties = new HashMap<>();
        systemProperties.stringPropertyNames().forEach(name -> properties.put(name, systemProperties.getProperty(name)));
        Path root = Path.of(properties.getOrDefault("project.root", ".")).toAbsolutePath().normalize();
        TierPlan plan;
        TargetSettings target;
        boolean recording;
        try {
            plan = TierPlan.from(properties);
            recording = bool(properties, "record", true);
            target = TargetSettings.from(properties, root);
        } catch (SettingException e) {
            System.err.println("container-bench: " + e.getMessage());
            throw e;
        }
        ResultsStore store = new ResultsStore(Path.of(properties.getOrDefault("benchmarks.dir",
                root.resolve("target/benchmarks").toString())));
        Instant now = Instant.now();
        String runId = store.reserve(target.container(), now);
        TargetProcess process = null;
        try {
            URI base = target.url();
            if (target.launched()) {
                TargetModule module = TargetModule.of(root, target.container());
                System.out.println("container-bench: starting the " + target.container() + " target, log in " + store.logOf(runId));
                process = TargetProcess.start(module, target, store.logOf(runId), START_TIMEOUT);
                base = process.baseUrl(target.host());
                process.facts().forEach((key, value) -> System.out.println("  " + key + " = " + value));
            }
            TargetProcess alive = process;
            LoginProbe.await(base, PROBE_TIMEOUT, () -> alive == null || alive.isAlive());
            RunResult result = new RunResult(RunResult.SCHEMA, runId, "running", target.container(),
                    process == null ? "unknown" : process.facts().get("container.version"), now.toString(), null,
                    describeTarget(target, process, base, store.logOf(runId)),
                    new RunResult.Plan(plan.tiers(), plan.tierSeconds(), plan.warmupSeconds(), plan.warmupUsers(), recording),
                    injector(), null, List.of());
            store.write(result);
            System.out.println("container-bench: run " + runId + " against " + base + ", about "
                    + plan.loadSeconds() + " s of load");
            return new BenchmarkRun(plan, recording, store, process, base, result);
        } catch (RuntimeException e) {
            if (process != null) {
                process.close();
            }
            store.write(new RunResult(RunResult.SCHEMA, runId, "failed", target.container(), null, now.toString(),
                    Instant.now().toString(), null, null, null, null, List.of()));
            System.err.println("container-bench: " + e.getMessage());
            throw e;
        }
    }

    public TierPlan plan() {
        return plan;
    }

    public boolean recording() {
        return recording;
    }

    public URI baseUrl() {
        return baseUrl;
    }

    public TierRecorder warmup() {
        return warmup;
    }

    public List<TierRecorder> tiers() {
        return tiers;
    }

    /** Writes the figures, prints the table, and stops the target whatever happens. */
    public RunResult finish() {
        try {
            boolean targetDied = process != null && !process.isAlive();
            RunResult result = result(targetDied ? "failed" : "complete");
            if (!finished.compareAndSet(false, true)) {
                return result;
            }
            Path file = store.write(result);
            System.out.println();
            System.out.print(ResultsTable.render(result));
            if (targetDied) {
                System.out.println("container-bench: the target died during the run; end of its log:\n" + process.logTail());
            }
            System.out.println("container-bench: results in " + file);
            return result;
        } finally {
            if (process != null) {
                process.close();
            }
        }
    }

    private RunResult result(String status) {
        return started.finished(status, Instant.now().toString(), warmup.result(),
                tiers.stream().map(TierRecorder::result).toList());
    }

    private static RunResult.Target describeTarget(TargetSettings target, TargetProcess process, URI base, Path log) {
        if (process == null) {
            return new RunResult.Target(false, base.toString(), null, null, Map.of(), null);
        }
        Map<String, String> settings = new HashMap<>();
        process.facts().forEach((key, value) -> {
            if (key.startsWith("knob.")) {
                settings.put(key.substring("knob.".length()), value);
            }
        });
        return new RunResult.Target(true, base.toString(), process.facts().get("java.version"),
                process.facts().get("jvm.args"), new java.util.TreeMap<>(settings), log.toString());
    }

    private static RunResult.Injector injector() {
        return new RunResult.Injector(gatlingVersion(), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
    }

    private static String gatlingVersion() {
        String version = io.gatling.javaapi.core.Simulation.class.getPackage().getImplementationVersion();
        return version == null ? "unknown" : version;
    }

    private static boolean bool(Map<String, String> properties, String name, boolean fallback) {
        String value = properties.get(name);
        if (value == null) {
            return fallback;
        }
        if (!value.equals("true") && !value.equals("false")) {
            throw new SettingException(name, value, "true or false");
        }
        return Boolean.parseBoolean(value);
    }
}
