package containerbench.report;

import containerbench.measure.Environment;
import containerbench.results.ChangePoints;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs over time: every complete run under the folders read (CI artifacts unpacked side by side, or
 * one results folder), grouped into series of runs that can be set against each other (the same
 * targets and every aspect {@link Likeness} compares: plan, workload, transport, machine, placement),
 * each figure of each series with its change points ({@link ChangePoints}), and what changed in
 * the environment between consecutive runs (JDK, kernel, CPU model, a container's version).
 *
 * @param problems files that could not be read, named, and left out
 */
public record History(List<Track> tracks, List<String> problems) {

    /**
     * One series: runs alike, oldest first.
     *
     * @param configuration what its runs share, aspect by aspect, the targets first
     * @param marks what changed in the environment, at the first run with the change
     */
    public record Track(Map<String, String> configuration, List<StoredRun> runs, List<Line> lines, List<Mark> marks) {
    }

    /** One figure of a series: a point per run that has it, and where its level changed. */
    public record Line(String figure, String unit, boolean biggerIsBetter, List<Point> points, List<Change> changes) {

        /** Whether it is a ratio between targets, with intervals. */
        public boolean ratio() {
            return points.stream().anyMatch(point -> point.low() != null);
        }
    }

    /**
     * @param run the run's index in its series
     * @param low the adjusted interval's bounds for a ratio, else {@code null}
     */
    public record Point(int run, double value, Double low, Double high) {
    }

    /** A change point: from {@code run} (an index in the series) on, the level is {@code magnitude} higher (negative: lower). */
    public record Change(int run, double magnitude, double p, boolean worse) {
    }

    /** A change of the environment: from run {@code run} on, {@code what} (such as "JDK 17.0.15 → 25.0.3"). */
    public record Mark(int run, String what) {
    }

    /** Reads every complete run under {@code folders} (each searched through) and finds the series and their change points. */
    public static History read(List<Path> folders, ChangePoints detector) {
        List<String> problems = new ArrayList<>();
        Map<String, StoredRun> runs = new LinkedHashMap<>();
        for (Path folder : folders) {
            for (Path file : runFiles(folder, problems)) {
                try {
                    StoredRun stored = ResultsStore.read(file);
                    RunResult run = stored.run();
                    boolean part = run.injection() != null && run.injection().index() != null;
                    if (run.status() == RunStatus.COMPLETE && !part) {
                        runs.putIfAbsent(run.runId() + " " + run.startedAt(), stored);
                    }
                } catch (IOException | RuntimeException e) {
                    problems.add(file + ": " + e.getMessage());
                }
            }
        }
        Map<Map<String, String>, List<StoredRun>> series = new LinkedHashMap<>();
        runs.values().stream().sorted(Comparator.comparing((StoredRun stored) -> stored.run().startedAt()))
                .forEach(stored -> series.computeIfAbsent(configuration(stored.run()), key -> new ArrayList<>()).add(stored));
        List<Track> tracks = new ArrayList<>();
        series.forEach((configuration, alike) -> tracks.add(new Track(configuration, List.copyOf(alike), lines(alike, detector),
                marks(alike))));
        tracks.sort(Comparator.comparing((Track track) -> -track.runs().size()));
        return new History(List.copyOf(tracks), List.copyOf(problems));
    }

    /**
     * What runs of one series share: their targets, then every aspect the comparison page compares,
     * the machine by its kind (CPUs and memory): a new CPU model of that kind, as hosted runners get,
     * is a change of the environment in the series, marked, not a series of its own.
     */
    static Map<String, String> configuration(RunResult run) {
        Map<String, String> configuration = new LinkedHashMap<>();
        configuration.put("targets", String.join(", ", run.targets().stream().map(RunResult.Target::label).toList()));
        configuration.putAll(Likeness.of(run));
        Environment env = run.environment();
        configuration.put("machine", env == null ? "–" : env.logicalCpus() + " CPUs, " + Math.round(env.memoryMib() / 1024.0) + " GiB");
        return configuration;
    }

    private static List<Line> lines(List<StoredRun> runs, ChangePoints detector) {
        Map<String, List<Point>> points = new LinkedHashMap<>();
        Map<String, Figure> kinds = new LinkedHashMap<>();
        for (int r = 0; r < runs.size(); r++) {
            for (Figure figure : Figure.of(runs.get(r).run())) {
                if (figure.value() > 0 && Double.isFinite(figure.value())) {
                    kinds.putIfAbsent(figure.name(), figure);
                    points.computeIfAbsent(figure.name(), name -> new ArrayList<>()).add(new Point(r, figure.value(),
                            figure.ratio() == null ? null : figure.ratio().adjustedLow(),
                            figure.ratio() == null ? null : figure.ratio().adjustedHigh()));
                }
            }
        }
        List<Line> lines = new ArrayList<>();
        points.forEach((name, line) -> {
            Figure kind = kinds.get(name);
            List<Change> changes = detector.find(line.stream().map(Point::value).toList()).stream()
                    .map(change -> new Change(line.get(change.index()).run(), change.magnitude(), change.p(),
                            kind.biggerIsBetter() == change.magnitude() < 0))
                    .toList();
            lines.add(new Line(name, kind.unit(), kind.biggerIsBetter(), List.copyOf(line), changes));
        });
        return List.copyOf(lines);
    }

    /** What changed between consecutive runs: the JDK a target ran on, the kernel, the CPU model, a container's version. */
    static List<Mark> marks(List<StoredRun> runs) {
        List<Mark> marks = new ArrayList<>();
        for (int r = 1; r < runs.size(); r++) {
            Map<String, String> before = environment(runs.get(r - 1).run());
            Map<String, String> after = environment(runs.get(r).run());
            for (var entry : after.entrySet()) {
                String was = before.get(entry.getKey());
                if (was != null && !was.equals(entry.getValue())) {
                    marks.add(new Mark(r, entry.getKey() + " " + was + " → " + entry.getValue()));
                }
            }
        }
        return List.copyOf(marks);
    }

    private static Map<String, String> environment(RunResult run) {
        Map<String, String> environment = new LinkedHashMap<>();
        for (RunResult.Target target : run.targets()) {
            if (target.java() != null) {
                environment.put(target.label() + " JDK", target.java());
            }
            if (target.containerVersion() != null) {
                environment.put(target.label() + " version", target.containerVersion());
            }
        }
        Environment env = run.environment();
        if (env != null) {
            environment.put("kernel", kernel(env.os()));
            environment.put("CPU", env.cpu());
        }
        return environment;
    }

    /** The kernel's build in OSHI's description ("GNU/Linux Debian GNU/Linux 12 (bookworm) build 6.1.0-18-amd64"), else all of it. */
    private static String kernel(String os) {
        int build = os == null ? -1 : os.lastIndexOf(" build ");
        return build < 0 ? os : os.substring(build + " build ".length());
    }

    /** Folders of a results folder that hold no runs: Gatling's reports, settings, logs, exports, pages. */
    private static final List<String> NOT_RUNS = List.of("gatling", "settings", "logs", "export", "history");

    /** Every results file under {@code folder}: a JSON file that names a run, outside the folders that hold none. */
    private static List<Path> runFiles(Path folder, List<String> problems) {
        if (!Files.isDirectory(folder)) {
            problems.add(folder + ": no such folder");
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> dirs = Files.walk(folder)) {
            List<Path> kept = dirs.filter(Files::isDirectory).filter(dir -> folder.relativize(dir).toString().isEmpty()
                    || java.util.stream.StreamSupport.stream(folder.relativize(dir).spliterator(), false)
                            .noneMatch(part -> NOT_RUNS.contains(part.toString()))).sorted().toList();
            for (Path dir : kept) {
                for (Path file : ResultsStore.runFiles(dir)) {
                    if (namesARun(file)) {
                        files.add(file);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + folder, e);
        }
        return files;
    }

    /** Whether the file's opening names a run (a study's or a calibration's file does not). */
    private static boolean namesARun(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return new String(in.readNBytes(512), java.nio.charset.StandardCharsets.UTF_8).contains("\"runId\"");
        }
    }
}
