package containerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import containerbench.report.Publication;
import containerbench.results.ResultsStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the report makes of real results files, pinned: each folder under
 * {@code src/test/resources/containerbench/golden} holds the results files of real runs (an interleaved
 * pair over three launches under Gatling and under wrk, an A/A run, an open run over two injectors, a run
 * of four servers with a mix of requests, a tier that timed out and a run that was interrupted) and, in
 * {@code expected/}, what the code made of them when they were committed: each run's end-of-run console,
 * {@code ./bench compare}'s console, summary.md and index.html, and {@code ./bench export}'s files. A
 * change that should not change behaviour must leave every one of them byte for byte the same.
 * {@code -Dgolden.write=true} writes them again, for a change that means to change them (the diff is
 * then the review).
 */
class GoldenOutputTest {

    private static final Path GOLDEN = Path.of("src/test/resources/containerbench/golden");

    @ParameterizedTest
    @ValueSource(strings = {"pair-two-clients", "aa", "open", "mix", "failed-tier"})
    void theSameResultsFilesGiveTheSameFiguresAndWords(String name, @TempDir Path out) throws IOException {
        Path dir = GOLDEN.resolve(name);
        List<Path> runs;
        try (Stream<Path> files = Files.list(dir)) {
            runs = files.filter(file -> file.toString().endsWith(".json")).sorted().toList();
        }
        assertFalse(runs.isEmpty(), "no results file in " + dir);
        List<Output> made = new ArrayList<>();
        for (Path run : runs) {
            String id = run.getFileName().toString().replace(".json", "");
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            Publication.report(ResultsStore.read(run), new PrintStream(console, true, StandardCharsets.UTF_8));
            made.add(new Output(id + ".console.txt", console.toString(StandardCharsets.UTF_8)));
            Path exported = out.resolve("export-" + id);
            assertEquals(0, bench(List.of("export", "--out", exported.toString(), run.toString())).status());
            try (Stream<Path> files = Files.list(exported)) {
                for (Path file : files.sorted().toList()) {
                    made.add(new Output(id + ".export." + file.getFileName(), Files.readString(file)));
                }
            }
        }
        List<String> compare = new ArrayList<>(List.of("compare", "--out", out.resolve("page").toString()));
        runs.forEach(run -> compare.add(run.toString()));
        Ran compared = bench(compare);
        assertEquals(0, compared.status(), compared.err());
        made.add(new Output("compare.console.txt", compared.out()));
        made.add(new Output("compare.err.txt", compared.err()));
        made.add(new Output("summary.md", Files.readString(out.resolve("page/summary.md"))));
        made.add(new Output("index.html", Files.readString(out.resolve("page/index.html"))));

        Path expected = dir.resolve("expected");
        if (Boolean.getBoolean("golden.write")) {
            Files.createDirectories(expected);
            for (Output output : made) {
                Files.writeString(expected.resolve(output.name()), stable(output.text(), out));
            }
        }
        for (Output output : made) {
            assertEquals(Files.readString(expected.resolve(output.name())), stable(output.text(), out),
                    name + "/expected/" + output.name());
        }
    }

    private record Output(String name, String text) {
    }

    private record Ran(int status, String out, String err) {
    }

    /**
     * The text without what differs from one test to the next (the temporary folder, the page's own date)
     * and without the Chart.js library the page inlines (200 KB of someone else's code, pinned by the pom).
     */
    private static String stable(String text, Path out) {
        return text.replace(out.toString(), "OUT").replace(GOLDEN.toAbsolutePath().toString(), "GOLDEN")
                .replaceAll("Generated \\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z", "Generated DATE")
                .replaceAll("(?s)<script>\n/\\*!\n \\* Chart\\.js.*?</script>", "<script>CHART.JS</script>");
    }

    private static Ran bench(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
