package containerbench.cli;

import containerbench.report.ComparisonPage;
import containerbench.report.ConsoleTable;
import containerbench.report.RunSet;
import containerbench.results.Comparisons;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import containerbench.settings.ProjectRoot;
import containerbench.settings.RunProperties;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code ./bench compare}: the comparison page from results files, without running any load. */
final class CompareCommand implements Command {

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String summary() {
        return "the comparison page and summary.md from results files (copied from anywhere), no load";
    }

    @Override
    public List<String> help() {
        return List.of("usage: ./bench compare [--out DIR] [--baseline LABEL] [FILE.json | DIR]...", "",
                "Compares the runs named; a folder stands for the latest complete run of each container in it. With no",
                "file, the results folder " + RunProperties.BENCHMARKS_DIR.defaultValue() + ". A missing, corrupt or"
                        + " incompatible file is named and left out; the others are compared. Prints the verdicts of every",
                "run of several containers (TPS, CPU per response and response times, paired round by round), and for",
                "repeated runs of the same comparison (same targets, plan and machine) one pooled verdict per ratio whose",
                "interval carries the spread between runs, saying where the runs disagree beyond their intervals.",
                "Exit status 0 when a page was written, 1 when no run could be read, 2 for a bad option.", "",
                "options:",
                "  --out DIR                where index.html and summary.md go; default the results folder",
                "  --baseline LABEL         pair every other target of a run of several with this one instead of the",
                "                           run's first (tomcat-server, undertow, tomcat#2), from the same blocks", "",
                "example:", "  ./bench compare --out /tmp/cmp ci-artifact/benchmarks/ tomcat-20261201-101500.json",
                "  ./bench compare --baseline undertow --out /tmp/cmp target/benchmarks/tomcat-server-wildfly-undertow-*.json");
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) {
        arguments.only(List.of("out", "baseline"), name());
        Path benchmarks = ProjectRoot.find().resolve(RunProperties.BENCHMARKS_DIR.defaultValue());
        Path pageDir = Path.of(arguments.options().getOrDefault("out", benchmarks.toString()));
        List<Path> inputs = new ArrayList<>(arguments.words().stream().map(Path::of).toList());
        if (inputs.isEmpty()) {
            inputs.add(pageDir);
        }
        RunSet set = RunSet.read(inputs);
        set.problems().forEach(problem -> err.println("skipped " + problem));
        if (set.runs().isEmpty()) {
            err.println("error: no run to compare in " + inputs);
            return Bench.FAILED;
        }
        String baseline = arguments.options().get("baseline");
        if (baseline != null) {
            set = rebased(set, baseline);
        }
        for (StoredRun stored : set.runs()) {
            if (stored.run().interleaved()) {
                out.println(stored.run().runId() + ": " + stored.run().description());
                out.print(ConsoleTable.verdicts(stored.run()));
            }
        }
        out.print(ConsoleTable.pooled(set));
        out.print(ConsoleTable.clients(set));
        Path page = ComparisonPage.write(pageDir, set);
        out.println("compared " + set.runs().size() + " run(s): " + page + " and " + page.resolveSibling("summary.md"));
        return Bench.DONE;
    }

    /** Every run of several targets that has one labelled {@code label}, paired with it; the others as they are. */
    private static RunSet rebased(RunSet set, String label) {
        List<StoredRun> runs = rebased(set.runs(), label);
        if (runs.equals(set.runs())) {
            throw new UsageException("--baseline " + label + ": no run of several containers here has that target; theirs are "
                    + String.join(", ", set.runs().stream().filter(r -> r.run().interleaved())
                            .flatMap(r -> r.run().targets().stream().map(RunResult.Target::label)).distinct().toList()));
        }
        // The earlier runs too: repeats pair with the same baseline as the run they are listed under.
        return new RunSet(runs, set.problems(), rebased(set.earlier(), label));
    }

    private static List<StoredRun> rebased(List<StoredRun> runs, String label) {
        return runs.stream().map(stored -> stored.run().interleaved() && stored.run().targets().stream()
                .anyMatch(target -> target.label().equals(label))
                ? new StoredRun(Comparisons.rebased(stored.run(), label), stored.file()) : stored).toList();
    }
}
