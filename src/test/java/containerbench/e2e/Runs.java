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

    /** A new folder of this test's own under target/e2e, so that no real results are touched. */
    static Path work(String test) {
        return ROOT.resolve("target/e2e/" + test + "/" + System.currentTimeMillis());
    }

    /**
     * Gatling's JVM in tests that check behaviour: C1 alone, which compiles less while a run of
     * seconds starts (pom.xml, gatling.compilers).
     */
    static final String GATLING_JVM = "-Dgatling.compilers=-XX:TieredStopAtLevel=1";

    /** {@code mvn ARGS} in the checkout; its exit status, its output in {@code log}. */
    static int mvn(Path log, List<String> args) throws IOException, InterruptedException {
        return MavenRun.run(log, withGatlingJvm(args), LIMIT);
    }

    /** {@code mvn ARGS} started, with Gatling's JVM of the tests when it runs {@code gatling:test}. */
    static Process startMvn(Path log, boolean ownProcessGroup, List<String> args) throws IOException {
        return MavenRun.start(log, ownProcessGroup, withGatlingJvm(args));
    }

    private static List<String> withGatlingJvm(List<String> args) {
        if (!args.contains("gatling:test")) {
            return args;
        }
        List<String> all = new ArrayList<>(args);
        all.add(GATLING_JVM);
        return all;
    }

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
        Process bench = builder.start();
        if (!bench.waitFor(LIMIT.toMinutes(), TimeUnit.MINUTES)) {
            bench.destroyForcibly();
            throw new IllegalStateException("./bench " + String.join(" ", args) + " did not finish within " + LIMIT);
        }
        return bench.exitValue();
    }

    static String tail(Path log) {
        return TargetProcess.tail(log);
    }

    /** The only results file in {@code dir}, read; fails the test when there is not exactly one. */
    static StoredRun onlyRun(Path dir) throws IOException {
        List<Path> files = ResultsStore.runFiles(dir);
        if (files.size() != 1) {
            throw new AssertionError("not exactly one results file in " + dir + ": " + files);
        }
        return ResultsStore.read(files.get(0));
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
