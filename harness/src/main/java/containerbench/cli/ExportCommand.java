package containerbench.cli;

import containerbench.report.Exports;
import containerbench.results.StoredRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code ./bench export}: a run's figures for github-action-benchmark and Bencher. */
final class ExportCommand implements Command {

    @Override
    public String name() {
        return "export";
    }

    @Override
    public String summary() {
        return "a run's figures as github-action-benchmark's custom JSON and Bencher's metric format";
    }

    @Override
    public List<String> help() {
        return List.of("usage: ./bench export [--out DIR] RUN.json", "",
                "Writes a results file's figures in the formats of the tools that keep benchmark history:",
                "  " + Exports.BIGGER + "   each target's TPS per tier, and with several targets each",
                "      one's TPS over the baseline's (github-action-benchmark, tool: customBiggerIsBetter)",
                "  " + Exports.SMALLER + "  CPU per response and p99 per tier, and the CPU ratios",
                "      (customSmallerIsBetter)",
                "  " + Exports.BENCHER + "   the same for Bencher (bencher run --adapter json), each ratio with",
                "      its adjusted interval as lower_value and upper_value",
                "A ratio's range names its adjusted interval, and a TPS ratio the run did not judge says why.",
                "Exit status 0 when written, 1 when the file cannot be read, 2 for a bad option.", "",
                "options:",
                "  --out DIR                where the files go; default export/RUN_ID beside the results file", "",
                "example:", "  ./bench export --out bench-export target/benchmarks/tomcat-undertow-20261206-103202.json");
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) {
        arguments.only(List.of("out"), name());
        StoredRun stored = OneRun.read(arguments, name(), err);
        if (stored == null) {
            return Bench.FAILED;
        }
        Path dir = Path.of(arguments.options().getOrDefault("out", stored.file().toAbsolutePath().getParent()
                .resolve("export").resolve(stored.run().runId()).toString()));
        try {
            out.println("container-bench: " + stored.run().runId() + " exported to " + Exports.write(stored.run(), dir));
        } catch (IOException | RuntimeException e) {
            err.println("error: cannot write " + dir + ": " + e.getMessage());
            return Bench.FAILED;
        }
        return Bench.DONE;
    }
}
