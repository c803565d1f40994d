package containerbench.cli;

import containerbench.report.History;
import containerbench.report.HistoryPage;
import containerbench.results.ChangePoints;
import containerbench.results.ResultsStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code ./bench history}: runs over time, in series of runs alike, with their change points. */
final class HistoryCommand implements Command {

    /** A series as history.json holds it: its runs by id. */
    private record Series(java.util.Map<String, String> configuration, List<String> runs, List<History.Line> lines,
            List<History.Mark> marks) {
    }

    @Override
    public String name() {
        return "history";
    }

    @Override
    public String summary() {
        return "runs over time from results folders: series, change points, the environment's changes";
    }

    @Override
    public List<String> help() {
        return List.of("usage: ./bench history [--out DIR] [FOLDER...]", "",
                "Reads every complete run under the folders (searched through: CI artifacts unpacked side by side),",
                "groups runs alike (the same targets, plan, workload, transport, machine, placement) into series,",
                "and finds where each figure changed level: E-divisive means, each change point kept where a",
                "Student's t-test between the runs either side gives p < " + HistoryPage.plain(ChangePoints.DEFAULT.maxP()) + " and it is "
                        + Math.round(ChangePoints.DEFAULT.minMagnitude() * 100) + "% or more,",
                "with at least " + ChangePoints.DEFAULT.minSegment() + " runs a side (docs/versions.md). Writes history.html (a chart per figure,",
                "change points and changes of JDK, kernel, CPU model or container version marked) and history.json.",
                "Exit status 0 when written, 1 when nothing could be read, 2 for a bad option.", "",
                "options:",
                "  --out DIR                where the page goes; default history/ in the first folder", "",
                "example:", "  ./bench history --out target/history artifacts/");
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) {
        arguments.only(List.of("out"), name());
        List<Path> folders = (arguments.words().isEmpty() ? List.of("target/benchmarks") : arguments.words()).stream().map(Path::of).toList();
        History history = History.read(folders, ChangePoints.DEFAULT);
        history.problems().forEach(problem -> err.println("warning: left out " + problem));
        if (history.tracks().isEmpty()) {
            err.println("error: no complete run under " + folders);
            return Bench.FAILED;
        }
        Path dir = Path.of(arguments.options().getOrDefault("out", folders.get(0).resolve("history").toString()));
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("history.html"), HistoryPage.render(history, ChangePoints.DEFAULT));
            ResultsStore.writeJson(dir.resolve("history.json"), history.tracks().stream().map(track -> new Series(track.configuration(),
                    track.runs().stream().map(run -> run.run().runId()).toList(), track.lines(), track.marks())).toList());
        } catch (IOException e) {
            err.println("error: cannot write " + dir + ": " + e.getMessage());
            return Bench.FAILED;
        }
        for (History.Track track : history.tracks()) {
            out.println("container-bench: " + track.configuration().get("targets") + ": " + track.runs().size() + " runs");
            track.lines().forEach(line -> line.changes().forEach(change -> out.println(String.format(Locale.ROOT,
                    "  %s: %+.1f%% (%s) from %s, p = %.2g", line.figure(), 100 * change.magnitude(), change.worse() ? "worse" : "better",
                    track.runs().get(change.run()).run().runId(), change.p()))));
            track.marks().forEach(mark -> out.println("  environment: " + mark.what() + " from "
                    + track.runs().get(mark.run()).run().runId()));
        }
        out.println("container-bench: history in " + dir.resolve("history.html"));
        return Bench.DONE;
    }
}
