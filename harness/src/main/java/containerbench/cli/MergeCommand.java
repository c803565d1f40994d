package containerbench.cli;

import containerbench.report.Publication;
import containerbench.results.ResultsStore;
import containerbench.results.RunMerge;
import containerbench.results.StoredRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code ./bench merge}: the results of several injectors that shared one schedule, as one run. */
final class MergeCommand implements Command {

    @Override
    public String name() {
        return "merge";
    }

    @Override
    public String summary() {
        return "one run from the results of several injectors (-Dinjectors, -Dinjector.index, -Dstart.at), merged exactly";
    }

    @Override
    public List<String> help() {
        return List.of("usage: ./bench merge [--out DIR] [--tolerance-ms MS] INJECTOR.json INJECTOR.json...", "",
                "Merges the results files of every injector of one run: per tier the requests summed, the TPS over the",
                "common window, latency percentiles from the merged histograms, failures by cause summed; each injector's",
                "own figures are kept beside. Runs of another plan, container, start instant or number of injectors,",
                "an injector missing or given twice, are refused with the difference named. A tier whose injectors",
                "started more than the tolerance apart is named (their clocks, or their starts, were not in step).",
                "An interleaved run's blocks are joined block by block (same tier, launch, round and target: counts and",
                "rates summed, histograms merged, the target's CPU over every injector's responses) and its verdicts",
                "worked out from them; a block missing on one injector, or blocks more than a tenth of a block apart,",
                "are refused and named. The merged run is a results file like any other, and the comparison page is",
                "made again with it.",
                "Exit status 0 when merged, 1 when the runs cannot be merged or read, 2 for a bad option.", "",
                "options:",
                "  --out DIR                where the merged results go; default the folder of the first file",
                "  --tolerance-ms MS        how far apart a tier's starts may be; default " + RunMerge.DEFAULT_TOLERANCE_MILLIS, "",
                "example:", "  ./bench merge results/host-a/tomcat-injector0-20261202-050000.json "
                        + "results/host-b/tomcat-injector1-20261202-050000.json");
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) {
        arguments.only(List.of("out", "tolerance-ms"), name());
        if (arguments.words().size() < 2) {
            throw new UsageException("merge needs the results files of at least two injectors");
        }
        long tolerance;
        try {
            tolerance = Long.parseLong(arguments.options().getOrDefault("tolerance-ms",
                    Long.toString(RunMerge.DEFAULT_TOLERANCE_MILLIS)));
        } catch (NumberFormatException e) {
            throw new UsageException("--tolerance-ms takes a whole number of milliseconds, not '"
                    + arguments.options().get("tolerance-ms") + "'");
        }
        List<StoredRun> runs = new ArrayList<>();
        for (String word : arguments.words()) {
            try {
                runs.add(ResultsStore.read(Path.of(word)));
            } catch (IOException e) {
                err.println("error: cannot read " + word + ": " + e.getMessage());
                return Bench.FAILED;
            }
        }
        Path dir = Path.of(arguments.options().getOrDefault("out",
                runs.get(0).file().toAbsolutePath().getParent().toString()));
        StoredRun stored;
        try {
            stored = RunMerge.write(new ResultsStore(dir), runs, tolerance);
        } catch (RuntimeException e) {
            err.println("error: " + (e instanceof RunMerge.MismatchException ? e.getMessage() : "cannot merge: " + e));
            return Bench.FAILED;
        }
        Publication.publish(stored, out);
        return Bench.DONE;
    }
}
