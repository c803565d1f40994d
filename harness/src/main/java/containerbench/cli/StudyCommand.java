package containerbench.cli;

import containerbench.settings.CpuPlacement;
import containerbench.settings.ProjectRoot;
import containerbench.settings.TargetCatalog;
import containerbench.study.StudyResult;
import containerbench.study.StudyRunner;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code ./bench study}: a study file's every cell, one after another, and its spread per configuration. */
final class StudyCommand implements Command {

    @Override
    public String name() {
        return "study";
    }

    @Override
    public String summary() {
        return "a study: containers x knob values x repetitions, each cell a fresh run, with spread and intervals";
    }

    @Override
    public List<String> help() {
        return List.of("usage: ./bench study [--out DIR] FILE.properties", "       ./bench study STUDY.json", "",
                "Runs every cell of the study file in turn, each a fresh mvn gatling:test with its own target JVM,",
                "checks every cell's settings before the first starts, and writes study.json, summary.md and",
                "study.html into a new folder. Given a study.json, writes its table and page again, no load.",
                "A study file holds containers, description, repetitions, matrix.KNOB = values and run.PROPERTY = value",
                "(docs/studies.md). Exit status 0 when every cell completed, 1 when any failed",
                "(the others are still summarized), 2 for a bad option or study file.", "",
                "options:",
                "  --out DIR                where the study's folder goes; default target/benchmarks/studies", "",
                "example:", "  ./bench study studies/second-study-reduced.properties");
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) throws Exception {
        arguments.only(List.of("out"), name());
        if (arguments.words().size() != 1) {
            throw new UsageException("study takes one study file (./bench study --help)");
        }
        Path file = Path.of(arguments.words().get(0));
        if (!Files.isRegularFile(file)) {
            throw new UsageException("no study file " + file);
        }
        if (file.toString().endsWith(".json")) {
            StudyRunner.writeViews(file);
            return Bench.DONE;
        }
        Path root = ProjectRoot.find();
        StudyRunner study = StudyRunner.prepare(file, TargetCatalog.read(root), CpuPlacement.machineCpus());
        StudyRunner.Outcome outcome = study.run(Path.of(arguments.options().getOrDefault("out",
                root.resolve("target/benchmarks/studies").toString())));
        StudyResult result = outcome.study();
        if (result.failedCells() > 0) {
            err.println("error: " + result.failedCells() + " of " + result.cells().size() + " cells failed; each"
                    + " says why above and in " + outcome.directory().resolve("study.json"));
            return Bench.FAILED;
        }
        return Bench.DONE;
    }
}
