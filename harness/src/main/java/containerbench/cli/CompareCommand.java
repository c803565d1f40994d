package containerbench.cli;

import containerbench.report.ComparisonPage;
import containerbench.report.RunSet;
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
        return List.of("usage: ./bench compare [--out DIR] [FILE.json | DIR]...", "",
                "Compares the runs named; a folder stands for the latest complete run of each container in it. With no",
                "file, the results folder " + RunProperties.BENCHMARKS_DIR.defaultValue() + ". A missing, corrupt or"
                        + " incompatible file is named and left out; the others are compared.",
                "Exit status 0 when a page was written, 1 when no run could be read, 2 for a bad option.", "",
                "options:",
                "  --out DIR                where index.html and summary.md go; default the results folder", "",
                "example:", "  ./bench compare --out /tmp/cmp ci-artifact/benchmarks/ tomcat-20261201-101500.json");
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) {
        arguments.only(List.of("out"), name());
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
        Path page = ComparisonPage.write(pageDir, set);
        out.println("compared " + set.runs().size() + " run(s): " + page + " and " + page.resolveSibling("summary.md"));
        return Bench.DONE;
    }
}
