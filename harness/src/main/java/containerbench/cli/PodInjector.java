package containerbench.cli;

import containerbench.results.ResultsInLog;
import containerbench.settings.RunProperties;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One injector in a pod of {@code ./bench kubernetes run}: runs Gatling in a JVM of its own, with
 * this JVM's options and classpath, then prints the results files it wrote into its log (whose
 * reader, the command, outlives the pod's disk) and ends with Gatling's exit status.
 *
 * <p>Usage: {@code java -Dbenchmarks.dir=DIR -D... -cp CLASSPATH containerbench.cli.PodInjector SIMULATION}
 */
public final class PodInjector {

    private PodInjector() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        String dir = System.getProperty(RunProperties.BENCHMARKS_DIR.name());
        if (args.length != 1 || dir == null) {
            System.err.println("usage: java -D" + RunProperties.BENCHMARKS_DIR.name()
                    + "=DIR -D... -cp CLASSPATH containerbench.cli.PodInjector SIMULATION");
            System.exit(Bench.USAGE);
        }
        Path results = Path.of(dir);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.gatling.app.Gatling", "-s", args[0],
                "-rf", results.resolve("gatling").toString()));
        Process gatling = new ProcessBuilder(command).inheritIO().start();
        // The pod's end (its deadline, a delete) stops this JVM with SIGTERM: Gatling goes with it.
        Runtime.getRuntime().addShutdownHook(new Thread(gatling::destroy, "stop-gatling"));
        int exit = gatling.waitFor();
        try (Stream<Path> files = Files.list(results)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                ResultsInLog.print(file, System.out);
            }
        }
        System.exit(exit);
    }
}
