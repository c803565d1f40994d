package containerbench.cli;

import containerbench.results.AaCalibration;
import containerbench.results.ResultsStore;
import containerbench.results.StoredRun;
import containerbench.settings.CpuPlacement;
import containerbench.settings.ProjectRoot;
import containerbench.settings.RunProperties;
import containerbench.settings.TargetCatalog;
import containerbench.study.AaCheck;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code ./bench aa}: the method checked on this machine, one container against itself over fresh runs. */
final class AaCommand implements Command {

    private static final List<String> OWN = List.of("runs", "out");

    @Override
    public String name() {
        return "aa";
    }

    @Override
    public String summary() {
        return "an A/A calibration: one container against itself, run after run, and how many intervals held 1";
    }

    @Override
    public List<String> help() {
        List<String> help = new ArrayList<>(List.of("usage: ./bench aa --container NAME [--runs N] [--out DIR] [--PROPERTY VALUE]...",
                "       ./bench aa [--out DIR] RUN.json...", "",
                "Runs mvn gatling:test -Dcontainers=NAME,NAME N times (5 by default), each with fresh JVMs and the run's own",
                "design (three launches of every target unless --launches says otherwise), and says how many of the runs'",
                "95% intervals held 1 (about 95% promised) and how many runs said a difference on an adjusted interval",
                "(at most one in twenty promised), with each such difference. It writes calibration.json, the runs and a",
                "page into a new folder under target/benchmarks/calibrations (--out moves it); every verdict's page names",
                "the latest calibration of its kind of machine found in its results folder. Given A/A runs' results files instead",
                "(-Dcontainers=tomcat,tomcat runs made by hand), it writes their calibration without any load.",
                "Exit status 0 when done, 1 when a run failed, 2 for a bad option.", "", "options:",
                "  --container NAME         the container, with knobs if wanted: tomcat, \"tomcat[maxThreads=512]\"",
                "  --runs N                 how many runs, each a fresh mvn gatling:test; default " + AaCheck.DEFAULT_RUNS,
                "  --out DIR                the results folder whose calibrations/ it goes into; default target/benchmarks"));
        help.addAll(Help.options(RunProperties.ALL.stream().filter(p -> !p.name().equals(RunProperties.CONTAINERS.name())
                && !p.name().equals(RunProperties.CONTAINER.name())).toList()));
        help.addAll(List.of("", "examples:", "  ./bench aa --container tomcat",
                "  ./bench aa --container undertow --runs 3 --tiers 100,500",
                "  ./bench aa target/benchmarks/tomcat-tomcat-*.json"));
        return help;
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) throws Exception {
        Path root = ProjectRoot.find();
        Path benchmarks = arguments.options().containsKey("out") ? Path.of(arguments.options().get("out"))
                : root.resolve(RunProperties.BENCHMARKS_DIR.defaultValue());
        if (!arguments.words().isEmpty()) {
            arguments.only(List.of("out"), name());
            return tally(arguments.words(), benchmarks, out);
        }
        TargetCatalog catalog = TargetCatalog.read(root);
        Map<String, String> properties = new LinkedHashMap<>(arguments.options());
        OWN.forEach(properties::remove);
        Arguments runOptions = new Arguments(properties, List.of(), false);
        RunCommand.check(runOptions, RunProperties.ALL, catalog, name());
        String container = properties.remove(RunProperties.CONTAINER.name());
        AaCheck check = AaCheck.prepare(container, runs(arguments), properties, catalog, CpuPlacement.machineCpus());
        AaCalibration calibration = check.run(benchmarks, out);
        print(calibration, out);
        return calibration.failed().isEmpty() ? Bench.DONE : Bench.FAILED;
    }

    private static int tally(List<String> files, Path benchmarks, PrintStream out) throws Exception {
        List<StoredRun> runs = new ArrayList<>();
        for (String file : files) {
            Path path = Path.of(file);
            if (!Files.isRegularFile(path)) {
                throw new UsageException("no results file " + file);
            }
            runs.add(ResultsStore.read(path));
        }
        AaCheck.check(runs);
        Path dir = AaCheck.newFolder(benchmarks, runs.get(0).run().baseline().label(), Instant.now());
        AaCalibration calibration = AaCheck.record(runs, List.of(), dir);
        out.println("[aa] " + dir.resolve(AaCalibration.FILE));
        print(calibration, out);
        return Bench.DONE;
    }

    private static void print(AaCalibration calibration, PrintStream out) {
        out.println("[aa] " + calibration.sentence() + ".");
        calibration.tally().falseVerdicts().forEach(said -> out.println("[aa]   said: " + said));
        calibration.failed().forEach(failed -> out.println("[aa]   failed: " + failed));
    }

    private static int runs(Arguments arguments) {
        String given = arguments.options().get("runs");
        if (given == null) {
            return AaCheck.DEFAULT_RUNS;
        }
        try {
            int runs = Integer.parseInt(given);
            if (runs >= 2) {
                return runs;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--runs " + given + ": a whole number of runs >= 2");
    }
}
