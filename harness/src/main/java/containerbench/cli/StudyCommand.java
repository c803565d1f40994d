package containerbench.cli;

import containerbench.results.ResultsStore;
import containerbench.settings.CpuPlacement;
import containerbench.settings.ProjectRoot;
import containerbench.settings.TargetCatalog;
import containerbench.study.InterleavedStudy;
import containerbench.study.StudyPlan;
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
        return List.of("usage: ./bench study [--out DIR] [--maxMinutes N] FILE.properties", "       ./bench study STUDY.json", "",
                "With two configurations or more (design = interleaved, the default), each repetition is one interleaved run",
                "whose targets are the configurations, every one paired with the first; repetitions are pooled. It says how",
                "long it will take first, and refuses a plan past the file's maxMinutes (120) unless --maxMinutes allows it. With",
                "design = separate, runs every cell in turn, each a fresh mvn gatling:test with its own target JVM.",
                "Either way every run's settings are checked before the first starts, and the results, summary.md and a",
                "page go into a new folder. Given a separate study's study.json, writes its table and page again, no load.",
                "A study file holds containers, description, repetitions, matrix.KNOB = values and run.PROPERTY = value",
                "(docs/studies.md). Exit status 0 when every cell completed, 1 when any failed",
                "(the others are still summarized), 2 for a bad option or study file.", "",
                "options:",
                "  --out DIR                where the study's folder goes; default target/benchmarks/studies",
                "  --maxMinutes N           the longest an interleaved study may plan to take, instead of the file's", "",
                "example:", "  ./bench study studies/first-study.properties");
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) throws Exception {
        arguments.only(List.of("out", "maxMinutes"), name());
        if (arguments.words().size() != 1) {
            throw new UsageException("study takes one study file (./bench study --help)");
        }
        Path file = Path.of(arguments.words().get(0));
        if (!Files.isRegularFile(file)) {
            throw new UsageException("no study file " + file);
        }
        if (file.toString().endsWith(".json")) {
            InterleavedStudy.Record interleaved = ResultsStore.readJson(file, InterleavedStudy.Record.class);
            if ("interleaved".equals(interleaved.design())) {
                throw new UsageException(file + " is an interleaved study: its page is a comparison of its runs, written again by"
                        + " ./bench compare --out DIR " + String.join(" ", interleaved.runs()) + " (in its folder)");
            }
            StudyRunner.writeViews(file);
            return Bench.DONE;
        }
        Path root = ProjectRoot.find();
        Path studies = Path.of(arguments.options().getOrDefault("out", root.resolve("target/benchmarks/studies").toString()));
        StudyPlan plan = StudyPlan.read(file);
        if (plan.design() == StudyPlan.Design.INTERLEAVED) {
            InterleavedStudy study = InterleavedStudy.prepare(plan, file, TargetCatalog.read(root), CpuPlacement.machineCpus(),
                    maxMinutes(arguments, plan));
            int failed = study.run(studies);
            if (failed > 0) {
                err.println("error: " + failed + " run(s) of the study failed; each is named above and in its study.json");
                return Bench.FAILED;
            }
            return Bench.DONE;
        }
        StudyRunner study = StudyRunner.prepare(file, TargetCatalog.read(root), CpuPlacement.machineCpus());
        StudyRunner.Outcome outcome = study.run(studies);
        StudyResult result = outcome.study();
        if (result.failedCells() > 0) {
            err.println("error: " + result.failedCells() + " of " + result.cells().size() + " cells failed; each"
                    + " says why above and in " + outcome.directory().resolve("study.json"));
            return Bench.FAILED;
        }
        return Bench.DONE;
    }

    private static int maxMinutes(Arguments arguments, StudyPlan plan) {
        String given = arguments.options().get("maxMinutes");
        if (given == null) {
            return plan.maxMinutes();
        }
        try {
            int minutes = Integer.parseInt(given);
            if (minutes >= 1) {
                return minutes;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--maxMinutes " + given + ": a whole number of minutes >= 1");
    }
}
