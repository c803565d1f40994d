package containerbench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Regenerates the comparison page from results files, without running any load:
 * {@code [--out DIR] [FILE.json | DIR]...}. A directory stands for the latest complete run of each
 * container in it; with no argument, {@code target/benchmarks}.
 */
public final class CompareMain {

    private CompareMain() {
    }

    public static void main(String[] args) {
        Path out = Path.of("target", "benchmarks");
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--out") && i + 1 < args.length) {
                out = Path.of(args[++i]);
            } else if (args[i].startsWith("--")) {
                System.err.println("error: unknown option " + args[i] + "; usage: [--out DIR] [FILE.json | DIR]...");
                System.exit(2);
            } else {
                inputs.add(Path.of(args[i]));
            }
        }
        if (inputs.isEmpty()) {
            inputs.add(out);
        }
        RunSet set = RunSet.read(inputs);
        set.problems().forEach(problem -> System.err.println("skipped " + problem));
        if (set.runs().isEmpty()) {
            System.err.println("error: no run to compare in " + inputs);
            System.exit(1);
        }
        Path page = ComparisonPage.write(out, set);
        System.out.println("compared " + set.runs().size() + " run(s): " + page + " and " + page.resolveSibling("summary.md"));
    }
}
