package containerbench.harness;

import containerbench.report.ComparisonPage;
import containerbench.report.RunSet;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * One benchmark run around the simulation: checks every setting, starts the target (or finds the
 * running one), claims the results file, and at the end writes the figures and stops the target.
 */
public final class BenchmarkRun {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(15);
    // A target started elsewhere should already be up: say so soon when it is not.
    private static final Duration EXTERNAL_PROBE_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration SAMPLE_PERIOD = Duration.ofSeconds(1);

    private final TierPlan plan;
    private final Gates gates;
    private final boolean recording;
    private final ResultsStore store;
    private final TargetProcess process;
    private final ServerSampler sampler;
    private final URI baseUrl;
    private final TierRecorder warmup;
    private final List<TierRecorder> tiers;
    private final RunResult started;
    private final AtomicBoolean finished = new AtomicBoolean();
    // Read by every virtual user before every login: a volatile field, not a process query.
    private volatile boolean targetDied;
    private final Path gatlingResults;

    private BenchmarkRun(TierPlan plan, Gates gates, boolean recording, ResultsStore store, TargetProcess process,
            ServerSampler sampler, URI baseUrl, RunResult started, Path gatlingResults) {
        this.gatlingResults = gatlingResults;
        this.plan = plan;
        this.gates = gates;
        this.sampler = sampler;
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
        if (process != null) {
            process.onExit(() -> targetDied = true);
        }
        // Maven killed (SIGKILL): nothing would stop this JVM before the plan ends. Stop now, and
        // the hook below keeps what was measured.
        ProcessHandle.current().parent().ifPresent(maven -> maven.onExit().thenRun(() -> {
            System.err.println("container-bench: the parent process (Maven) is gone: stopping");
            new Thread(() -> System.exit(1), "parent-gone").start();
        }));
        // Ctrl-C or a crash before the end: keep what was measured, marked as interrupted.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (finished.compareAndSet(false, true)) {
                store.write(result("interrupted", null));
            }
        }, "results-on-exit"));
    }

    /** Everything before the load; any bad setting fails here, before a target is started. */
    public static BenchmarkRun start(Properties systemProperties) {
        Map<String, String> properties = new HashMap<>();
        systemProperties.stringPropertyNames().forEach(name -> properties.put(name, systemProperties.getProperty(name)));
        Path root = Path.of(properties.getOrDefault("project.root", ".")).toAbsolutePath().normalize();
        TierPlan plan;
        Gates gates;
        CpuPlacement placement;
        TargetSettings target;
        boolean recording;
        boolean sampling;
        try {
            plan = TierPlan.from(properties);
            gates = Gates.from(properties);
            placement = CpuPlacement.from(properties, CpuPlacement.machineCpus());
            recording = bool(properties, "record", true);
            sampling = bool(properties, "sample", true);
            target = TargetSettings.from(properties, root);
        } catch (SettingException e) {
            System.err.println("container-bench: " + e.getMessage());
            throw e;
        }
        ResultsStore store = new ResultsStore(Path.of(properties.getOrDefault("benchmarks.dir",
                root.resolve("target/benchmarks").toString())));
        String pinnedLate = placement.pinnedLateWarning(Runtime.getRuntime().availableProcessors(), eventLoops());
        if (pinnedLate != null) {
            System.out.println(pinnedLate);
        }
        placement.pinInjector();
        Instant now = Instant.now();
        String runId = store.reserve(target.container(), now);
        TargetProcess process = null;
        try {
            URI base = target.url();
            if (target.launched()) {
                TargetModule module = TargetModule.of(root, target.container());
                System.out.println("container-bench: starting the " + target.container() + " target, log in " + store.logOf(runId));
                process = TargetProcess.start(module, target, placement.targetPrefix(), store.logOf(runId), START_TIMEOUT);
                base = process.baseUrl(target.host());
                process.facts().forEach((key, value) -> System.out.println("  " + key + " = " + value));
            }
            TargetProcess alive = process;
            LoginProbe.await(base, target.launched() ? PROBE_TIMEOUT : EXTERNAL_PROBE_TIMEOUT,
                    () -> alive == null || alive.isAlive());
            RunResult result = new RunResult(RunResult.SCHEMA, runId, "running", target.container(),
                    process == null ? "unknown" : process.facts().get("container.version"), now.toString(), null, null,
                    describeTarget(target, process, base, store.logOf(runId)),
                    new RunResult.Plan(plan.tiers(), plan.tierSeconds(), plan.warmupSeconds(), plan.warmupUsers(), recording),
                    injector(), Environment.collect(process == null ? -1 : process.pid()), null, null, List.of(), null);
            store.write(result);
            warnAboutLimits(result.environment(), plan, result.target().settings());
            String sharing = CpuPlacement.sharingWarning(result.environment());
            if (sharing != null) {
                System.out.println(sharing);
            }
            ServerSampler sampler = sampling ? ServerSampler.start(process == null ? -1 : process.pid(), SAMPLE_PERIOD) : null;
            System.out.println("container-bench: run " + runId + " against " + base + ", about "
                    + plan.loadSeconds() + " s of load");
            return new BenchmarkRun(plan, gates, recording, store, process, sampler, base, result,
                    Path.of(properties.getOrDefault("benchmarks.gatlingResults", root.resolve("target/gatling").toString())));
        } catch (RuntimeException e) {
            if (process != null) {
                process.close();
            }
            store.write(new RunResult(RunResult.SCHEMA, runId, "failed", target.container(), null, now.toString(),
                    Instant.now().toString(), null, null, null, null, null, null, null, List.of(), null));
            System.err.println("container-bench: " + e.getMessage());
            throw e;
        }
    }

    public TierPlan plan() {
        return plan;
    }

    /** Whether the target JVM this run launched has exited. */
    public boolean targetDied() {
        return targetDied;
    }

    public Gates gates() {
        return gates;
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
            Boolean answered = null;
            if (!targetDied && process != null) {
                try {
                    LoginProbe.await(baseUrl, PROBE_TIMEOUT, process::isAlive);
                    answered = true;
                } catch (IllegalStateException e) {
                    System.out.println("container-bench: WARNING after the load " + e.getMessage());
                    answered = false;
                }
            }
            RunResult result = result(targetDied ? "failed" : "complete", answered);
            if (!finished.compareAndSet(false, true)) {
                return result;
            }
            Path file = store.write(result);
            System.out.println();
            System.out.print(ResultsTable.render(result));
            if (targetDied) {
                System.out.println("container-bench: the target died during the run; end of its log:\n" + process.logTail());
            }
            if (result.sampling() != null) {
                System.out.printf("container-bench: %d samples of the target's resources, %.0f us of CPU each%n",
                        result.sampling().samples(), result.sampling().cpuMicrosPerSample());
            }
            System.out.println("container-bench: results in " + file);
            try {
                RunSet compared = RunSet.read(List.of(store.directory(), file));
                System.out.println("container-bench: comparison of " + compared.runs().size() + " run(s) in "
                        + ComparisonPage.write(store.directory(), compared));
            } catch (RuntimeException | LinkageError e) {
                // The run's own results are written; a page that cannot be made must not fail the run.
                System.out.println("container-bench: WARNING no comparison page (" + e + "); -Pcompare makes it later");
            }
            return result;
        } finally {
            if (sampler != null) {
                sampler.close();
            }
            if (process != null) {
                process.close();
            }
        }
    }

    private RunResult result(String status, Boolean answeredAfterRun) {
        RunResult.Sampling sampling = sampler == null ? null : new RunResult.Sampling((int) SAMPLE_PERIOD.toMillis(),
                sampler.samples().size(), sampler.cpuMicrosPerSample());
        return started.finished(status, Instant.now().toString(), gatlingReport(), sampling, withResources(warmup.result()),
                tiers.stream().map(tier -> withResources(tier.result())).toList(), answeredAfterRun);
    }

    /**
     * Gatling writes its simulation.log during the run into a new folder of the results folder,
     * and the report into the same folder after it: the newest folder that started after us.
     */
    private String gatlingReport() {
        if (gatlingResults == null || !Files.isDirectory(gatlingResults)) {
            return null;
        }
        try (Stream<Path> dirs = Files.list(gatlingResults)) {
            return dirs.filter(dir -> Files.exists(dir.resolve("simulation.log")))
                    .filter(dir -> dir.toFile().lastModified() >= Instant.parse(started.startedAt()).toEpochMilli() - 1000)
                    .max(Comparator.comparingLong(dir -> dir.toFile().lastModified()))
                    .map(dir -> dir.resolve("index.html").toAbsolutePath().toString()).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private TierResult withResources(TierResult tier) {
        if (tier.requests() == 0) {
            return tier;
        }
        TierResources resources = sampler == null ? null : TierResources.of(sampler.samples(), tier.startMillis(),
                tier.endMillis(), tier.seconds(), tier.ok(), Runtime.getRuntime().availableProcessors(),
                started.environment().logicalCpus());
        return tier.explained(FailureCauses.SHARED.causesOf(tier.name()), FailureCauses.SHARED.examplesOf(tier.name()),
                resources);
    }

    /** Says what would silently cap this run, with the number and the fix. */
    private static void warnAboutLimits(Environment environment, TierPlan plan, Map<String, String> knobs) {
        int users = plan.tiers().stream().max(Integer::compare).orElse(0);
        // Each user holds one socket in the injector and, on one machine, one in the target.
        if (environment.injectorOpenFilesLimit() > 0 && environment.injectorOpenFilesLimit() < users + 256) {
            System.out.println("container-bench: WARNING the open-files limit is " + environment.injectorOpenFilesLimit()
                    + ", too low for " + users + " users plus the JVM's own files: raise it (ulimit -n 65536) or"
                    + " the largest tier fails on the injector, not on the container.");
        }
        String ports = environment.ephemeralPorts();
        if (ports != null && ports.matches("\\d+-\\d+")) {
            int range = Integer.parseInt(ports.split("-")[1]) - Integer.parseInt(ports.split("-")[0]) + 1;
            // Every user's connection takes one local port; closed ones linger in TIME_WAIT.
            if (range < 2 * users) {
                System.out.println("container-bench: WARNING the ephemeral port range " + ports + " holds " + range
                        + " ports, tight for " + users + " users reconnecting: widen it"
                        + " (sysctl -w net.ipv4.ip_local_port_range=\"1024 65535\").");
            }
        }
        String backlog = knobs.getOrDefault("acceptCount", knobs.get("backlog"));
        if (backlog != null && environment.somaxconn() > 0 && Integer.parseInt(backlog) > environment.somaxconn()) {
            System.out.println("container-bench: WARNING net.core.somaxconn is " + environment.somaxconn()
                    + ": Linux caps the backlog of " + backlog + " there (sysctl -w net.core.somaxconn=" + backlog + ").");
        }
    }

    private static RunResult.Target describeTarget(TargetSettings target, TargetProcess process, URI base, Path log) {
        if (process == null) {
            return new RunResult.Target(false, base.toString(), null, null, Map.of(), Map.of(), null);
        }
        Map<String, String> settings = new HashMap<>();
        process.facts().forEach((key, value) -> {
            if (key.startsWith("knob.")) {
                settings.put(key.substring("knob.".length()), value);
            }
        });
        Map<String, String> common = new java.util.TreeMap<>();
        target.commonNames().forEach((name, knob) -> common.put(name, settings.get(knob)));
        return new RunResult.Target(true, base.toString(), process.facts().get("java.version"),
                process.facts().get("jvm.args"), new java.util.TreeMap<>(settings), common, log.toString());
    }

    private static RunResult.Injector injector() {
        return new RunResult.Injector(gatlingVersion(), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()),
                transport(), eventLoops());
    }

    /**
     * What Gatling's Netty reads and writes sockets with: io_uring when gatling.conf asks for it
     * and the kernel allows it (its rings show among this JVM's files), else epoll, else Java NIO.
     */
    private static String transport() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            if (fds.anyMatch(BenchmarkRun::isIoUring)) {
                return "io_uring";
            }
        } catch (IOException | UnsupportedOperationException notLinux) {
            // no /proc: not Linux, so neither io_uring nor epoll
            return "nio";
        }
        return io.netty.channel.epoll.Epoll.isAvailable() ? "epoll" : "nio";
    }

    private static boolean isIoUring(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString().contains("io_uring");
        } catch (IOException closedMeanwhile) {
            return false;
        }
    }

    /** Gatling leaves the count to Netty: io.netty.eventLoopThreads, else two per CPU at its start. */
    private static int eventLoops() {
        return Integer.getInteger("io.netty.eventLoopThreads", 2 * io.netty.util.NettyRuntime.availableProcessors());
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
