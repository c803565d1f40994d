package containerbench.e2e;

import containerbench.launch.TargetProcess;
import containerbench.results.ResultsStore;
import containerbench.results.StoredRun;
import containerbench.run.MavenRun;
import containerbench.settings.ProjectRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** What the end-to-end tests share: the checkout, Maven and ./bench started as a user starts them, and checks for leftovers. */
final class Runs {

    static final Path ROOT = ProjectRoot.find();

    private static final Duration LIMIT = Duration.ofMinutes(8);

    /**
     * The target JVM's options in tests that check behaviour, not speed: a small heap, C1 alone, with
     * which a server starts a quarter sooner (WildFly 8.4 s, 6.3 s), and the serial collector, with
     * which Payara's start takes 10.7 CPU-seconds instead of 13.0 and WildFly's 6.3 instead of 7.6.
     * The measuring set keeps the JVM's defaults.
     */
    static final String TARGET_JVM = "-Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

    private Runs() {
    }

    /** Whether a figure was read and is above zero: a results figure not read is null. */
    static boolean positive(Number figure) {
        return figure != null && figure.doubleValue() > 0;
    }

    /** A new folder of this test's own under target/e2e, so that no real results are touched. */
    static Path work(String test) {
        return ROOT.resolve("target/e2e/" + test + "/" + System.currentTimeMillis());
    }

    /**
     * Gatling's compilers in tests that check behaviour: C1 alone, which compiles less while a run of
     * seconds starts (pom.xml, gatling.compilers).
     */
    private static final String GATLING_COMPILERS = "-XX:TieredStopAtLevel=1";

    static final String GATLING_JVM = "-Dgatling.compilers=" + GATLING_COMPILERS;

    // The options the Gatling plugin gives every Gatling JVM on Java 17 before the pom's (its
    // GatlingConstants.DEFAULT_JVM_OPTIONS_GATLING): Gatling's log writer needs java.lang opened.
    private static final List<String> PLUGIN_JVM = List.of("-XX:+HeapDumpOnOutOfMemoryError", "-XX:MaxInlineLevel=20",
            "-XX:MaxTrivialSize=12", "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");

    /**
     * The benchmark's Gatling JVM started as the pom's {@code gatling:test} starts it (pom.xml,
     * gatling-maven-plugin: the heap, the project's folders, the local repository), with C1 alone, and
     * {@code properties} as a user's {@code -D} values; without Maven's walk through the build, about
     * 5 s of CPU a run. For the tests where Maven is not what is under test; the others use
     * {@link #mvn}. Its exit status, its output in {@code log}; the results and Gatling's report go
     * into {@code benchmarks}.
     */
    static int gatling(Path log, Path benchmarks, List<String> properties) throws IOException, InterruptedException {
        return exitWithin(startGatling(log, benchmarks, properties), "Gatling (its output is in " + log + ")");
    }

    /** The same Gatling JVM, started: for injectors that run side by side. */
    static Process startGatling(Path log, Path benchmarks, List<String> properties) throws IOException {
        return startGatling(log, benchmarks, properties, List.of());
    }

    /** The same, its command run behind {@code prefix} ({@code ip netns exec NS}: on a host of its own). */
    static Process startGatling(Path log, Path benchmarks, List<String> properties, List<String> prefix) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(PLUGIN_JVM);
        command.addAll(List.of("-Xms1g", "-Xmx1g", GATLING_COMPILERS, "-Dproject.root=" + ROOT,
                "-Dbenchmarks.dir=" + benchmarks, "-Dgatling.resultsFolder=" + benchmarks.resolve("gatling")));
        for (String property : List.of("maven.repo.local", "maven.home")) {
            if (System.getProperty(property) != null) {
                command.add("-D" + property + "=" + System.getProperty(property));
            }
        }
        for (String property : properties) {
            if (!property.startsWith("-D")) {
                throw new IllegalArgumentException("a run's property is -Dname=value, not " + property);
            }
            command.add(property);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.gatling.app.Gatling",
                "-s", "containerbench.simulation.LoginSimulation", "-rf", benchmarks.resolve("gatling").toString()));
        Files.createDirectories(log.toAbsolutePath().getParent());
        return new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The exit status of {@code process}, killed and named if it runs past the tests' limit. */
    static int exitWithin(Process process, String what) throws InterruptedException {
        if (!process.waitFor(LIMIT.toMinutes(), TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(what + " did not finish within " + LIMIT);
        }
        return process.exitValue();
    }

    /** {@code mvn ARGS} in the checkout; its exit status, its output in {@code log}. */
    static int mvn(Path log, List<String> args) throws IOException, InterruptedException {
        try (CheckoutBuild build = CheckoutBuild.hold(log.getFileName().toString())) {
            return MavenRun.run(log, withGatlingJvm(args), LIMIT);
        }
    }

    /** {@code mvn ARGS} started, with Gatling's JVM of the tests when it runs {@code gatling:test}. */
    static Process startMvn(Path log, boolean ownProcessGroup, List<String> args) throws IOException, InterruptedException {
        CheckoutBuild build = CheckoutBuild.hold(log.getFileName().toString());
        try {
            Process maven = MavenRun.start(log, ownProcessGroup, withGatlingJvm(args));
            maven.onExit().thenRun(() -> release(build));
            return maven;
        } catch (IOException | RuntimeException e) {
            build.close();
            throw e;
        }
    }

    private static void release(CheckoutBuild build) {
        try {
            build.close();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> withGatlingJvm(List<String> args) {
        if (!args.contains("gatling:test")) {
            return args;
        }
        List<String> all = new ArrayList<>(args);
        all.add(GATLING_JVM);
        return all;
    }

    /** The commands of ./bench that run Maven in the checkout, once per run they start. */
    private static final Set<String> STARTS_MAVEN = Set.of("run", "aa", "study", "calibrate");

    /** {@code ./bench ARGS}, with this build's Maven and local repository; its exit status, its output in {@code log}. */
    static int bench(Path log, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ROOT.resolve("bench").toString()));
        command.addAll(List.of(args));
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        List<String> options = new ArrayList<>();
        for (String property : List.of("maven.home", "maven.repo.local")) {
            if (System.getProperty(property) != null) {
                options.add("-D" + property + "=" + System.getProperty(property));
            }
        }
        builder.environment().put("BENCH_JAVA_OPTS", String.join(" ", options));
        if (!STARTS_MAVEN.contains(args[0])) {
            return exitWithin(builder.start(), "./bench " + String.join(" ", args));
        }
        try (CheckoutBuild build = CheckoutBuild.hold(log.getFileName().toString())) {
            return exitWithin(builder.start(), "./bench " + String.join(" ", args));
        }
    }

    static String tail(Path log) {
        return TargetProcess.tail(log);
    }

    /** The only results file in {@code dir}, read; fails the test when there is not exactly one. */
    static StoredRun onlyRun(Path dir) throws IOException {
        return ResultsStore.read(onlyRunFile(dir));
    }

    /** The only results file in {@code dir}; fails the test when there is not exactly one. */
    static Path onlyRunFile(Path dir) throws IOException {
        List<Path> files = ResultsStore.runFiles(dir);
        if (files.size() != 1) {
            throw new AssertionError("not exactly one results file in " + dir + ": " + files);
        }
        return files.get(0);
    }

    static List<Path> list(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    /** Whether any process whose command line holds {@code marker} is still running. */
    static boolean anyAlive(String marker) {
        return ProcessHandle.allProcesses().anyMatch(process ->
                process.info().commandLine().map(line -> line.contains(marker)).orElse(false));
    }
}
