package containerbench.report;

import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What follows a run's results wherever they were made (the end of a run, the merge of a run's
 * injectors, {@code ./bench merge}): its table and what it warns of, where its file is, and the
 * comparison page of its folder made again with it.
 */
public final class Publication {

    private Publication() {
    }

    public static void publish(StoredRun stored, PrintStream out) {
        report(stored, out);
        page(stored, out);
    }

    /** The run's table, what it warns of, and where its file is. */
    public static void report(StoredRun stored, PrintStream out) {
        out.println();
        out.print(ConsoleTable.render(stored.run()));
        warnings(stored.run()).forEach(warning -> out.println("container-bench: WARNING " + warning));
        if (stored.run().sampling() != null) {
            out.printf("container-bench: %d samples of the targets' resources, %.0f us of CPU each%n",
                    stored.run().sampling().samples(), stored.run().sampling().cpuMicrosPerSample());
        }
        out.println("container-bench: results in " + stored.file());
    }

    /**
     * The comparison page of the run's folder, with the run on it whatever its status. A page that
     * cannot be made is said, not thrown: the results are written, and ./bench compare makes it later.
     */
    public static Path page(StoredRun stored, PrintStream out) {
        Path dir = stored.file().toAbsolutePath().getParent();
        try {
            RunSet compared = RunSet.read(List.of(dir, stored.file()));
            Path page = ComparisonPage.write(dir, compared);
            out.print(ConsoleTable.clients(compared));
            out.println("container-bench: comparison of " + compared.runs().size() + " run(s) in " + page);
            return page;
        } catch (RuntimeException | LinkageError e) {
            out.println("container-bench: WARNING no comparison page (" + e + "); ./bench compare makes it later");
            return null;
        }
    }

    static List<String> warnings(RunResult run) {
        List<String> warnings = new ArrayList<>();
        if (run.injection() != null && run.injection().merged() != null && !run.injection().merged().drifted().isEmpty()) {
            warnings.add("the injectors' windows drifted apart by more than " + run.injection().merged().toleranceMillis()
                    + " ms in " + run.injection().merged().drifted() + ": their clocks or their starts were not in step");
        }
        return warnings;
    }
}
