package containerbench.report;

import containerbench.measure.Environment;
import containerbench.measure.TierResources;
import containerbench.measure.TierResult;
import containerbench.results.AaCalibration;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a comparison says, in the order it says it: the verdicts of every interleaved run (each with
 * its repeats and their pool), the notes the verdicts refer to, the runs left out, the open
 * workloads, the runs, their figures in groups of runs measured alike with the findings between
 * separate runs, the runs not compared and why, and the charts' data. The page
 * ({@link HtmlView}) and {@code summary.md} ({@link MarkdownView}) each lay out these sections,
 * in this order; neither decides what is said.
 */
record ComparisonDocument(String title, int runCount, List<String> leftOut, List<VerdictSection> verdicts,
        List<Caveat> notes, List<RunRow> runs, Figures figures, Charts charts, List<OpenSection> open, List<ClientAgreement> clients) {

    /**
     * The figures of the runs, in groups of runs measured alike.
     *
     * @param notCompared why the groups' runs were not compared with each other: how they differ
     */
    record Figures(List<FigureSection> sections, List<String> notCompared) {
    }

    /**
     * One open-workload run: latency from due time per tier and target, a capacity search's
     * findings, and the hockey stick ({@link OpenView#svg}, markup made here from numbers and escaped labels).
     */
    record OpenSection(String run, String heading, List<String> capacities, List<String> lines, String svg,
            List<LatencyCurves.Panel> curves) {
    }

    /**
     * One interleaved run's verdicts: what it says over its tiers, a table (and its forest plot) per
     * target against the baseline, the response-time curves of its tiers, then the same in words.
     *
     * @param machine how full the machine was and how often Gatling limited the load
     * @param repeats the earlier runs of the same comparison with their pool, under the latest
     * @param requests with a mix of requests, each target's requests against the baseline's; else empty
     * @param footprint each target against the baseline besides CPU per response: start-up, memory at rest, garbage, pauses
     */
    record VerdictSection(String run, String heading, Method method, MachineShare machine, List<VerdictTable> tables,
            Pictures pictures, Words words, Repeats repeats, List<RequestTable> requests, List<ProfileView> profiles,
            List<InjectorProfileView> injector, List<FootprintView> footprint) {

        /** The verdicts of an interleaved run, its repeats among {@code all}, and its calibration as seen from the page. */
        static VerdictSection of(StoredRun stored, List<StoredRun> all, Path pageDir) {
            RunResult run = stored.run();
            int launches = run.interleaving().launchCount();
            String design = (launches > 1 ? launches + " launches of " : "") + run.interleaving().rounds() + " rounds of "
                    + run.interleaving().blockSeconds() + " s blocks per tier; ratios to " + run.baseline().label()
                    + " from the paired rounds; the verdict on intervals adjusted for the run's comparisons";
            return new VerdictSection(run.runId(), run.description(),
                    new Method(design, Verdicts.about(run), calibration(run, List.of(pageDir, stored.file().getParent()))),
                    MachineShare.of(run), VerdictTable.of(run), new Pictures(Magnitudes.of(run), LatencyCurves.of(run)),
                    new Words(java.util.stream.Stream.concat(Verdicts.sentences(run).stream(), Verdicts.operatingPoints(run).stream())
                            .toList(), Verdicts.latencies(run), Verdicts.warmups(run)),
                    Repeats.of(stored, all), RequestTable.of(run), ProfileView.of(stored, pageDir),
                    InjectorProfileView.of(stored, pageDir), FootprintView.of(run));
        }
    }

    /**
     * How a run's verdicts were reached.
     *
     * @param design its launches, rounds and blocks, and what the ratios are to
     * @param about what the intervals are of, and an A/A run's check ({@link Verdicts#about})
     * @param calibration when the method was last checked on the run's kind of machine ({@code ./bench aa}), or that it was not
     */
    record Method(String design, List<String> about, String calibration) {
    }

    /**
     * A run's verdicts drawn.
     *
     * @param magnitudes each target's TPS and p99 per tier, what the ratios are of
     * @param curves the response-time curves of its tiers
     */
    record Pictures(List<Magnitudes.Tier> magnitudes, List<LatencyCurves.Panel> curves) {
    }

    /**
     * A run's verdicts in words.
     *
     * @param sentences each tier and target, as the console says them, then the operating points
     * @param latencies each tier's response times against the baseline's
     * @param warmups how long each target warmed up, and whether it settled
     */
    record Words(List<String> sentences, List<String> latencies, String warmups) {
    }

    /**
     * One target of one run, as the runs table lists it.
     *
     * @param report the run's Gatling report; {@code null} when the results name none
     * @param log the target's log; {@code null} when the results name none
     */
    record RunRow(String run, String target, String started, String status, String plan, String jvm, String cpuLimit,
            Knobs knobs, Machine machine, Links links) {
    }

    /**
     * A target's knobs.
     *
     * @param given the knobs the run set for it, where it departs from its launcher's defaults; {@code null} where not known
     * @param settings every knob as the target reported it
     */
    record Knobs(List<String> given, List<String> settings) {

        /** What the knobs cell says first: the knobs the run set ("maxThreads=2048"), "defaults", or how many there are. */
        String summary() {
            if (given == null) {
                return settings.size() + " knobs";
            }
            return given.isEmpty() ? "defaults" : String.join(", ", given);
        }
    }

    /**
     * The machine a run was measured on.
     *
     * @param summary in a few words; {@code null} where not known
     * @param more the rest of it
     */
    record Machine(String summary, List<String> more) {
    }

    /**
     * What a run's row links to.
     *
     * @param report the run's Gatling report; {@code null} when the results name none
     * @param log the target's log; {@code null} when the results name none
     */
    record Links(Link report, Link log) {
    }

    /**
     * The data of the page's charts against users (Chart.js, {@code comparison.js}), embedded in the
     * page as JSON: one line per series, a point per number of users, {@code null} where unknown.
     */
    record Charts(List<Integer> users, List<Line> series) {

        record Line(String label, List<Double> tps, List<Long> p99, List<Double> cpu) {
        }
    }

    /** A file the page links to, relative to the page; {@code href} is {@code null} when the file is not there. */
    record Link(String name, String href) {
    }

    /** The figures of runs measured alike, with the findings between their separate runs. */
    record FigureSection(String heading, List<String> findings, List<FigureRow> rows) {
    }

    /** One tier of one series; {@code first} marks the first row of its number of users. */
    record FigureRow(int users, String label, TierRow row, boolean first) {
    }

    static ComparisonDocument of(RunSet set, Path pageDir) {
        List<Series> series = Series.of(set.runs());
        List<VerdictSection> verdicts = set.runs().stream().filter(stored -> stored.run().interleaved())
                .map(stored -> VerdictSection.of(stored, set.all(), pageDir)).toList();
        List<RunRow> runs = new ArrayList<>();
        for (StoredRun stored : set.runs()) {
            stored.run().targets().forEach(target -> runs.add(runRow(stored, target, pageDir)));
        }
        List<List<StoredRun>> groups = Likeness.groups(set.runs());
        List<FigureSection> figures = new ArrayList<>();
        for (List<StoredRun> group : groups) {
            List<Series> inGroup = series.stream().filter(s -> group.contains(s.stored())).toList();
            List<String> sentences = new ArrayList<>(group.stream().map(StoredRun::run).filter(run -> run.app() != null)
                    .map(ComparisonDocument::application).toList());
            sentences.addAll(Findings.sentences(inGroup.stream().filter(s -> !s.run().interleaved()).toList()));
            figures.add(new FigureSection((group.size() == 1 ? "Figures: " : "Figures of runs measured alike: ")
                    + String.join(", ", group.stream().map(r -> r.run().runId()).toList()), sentences, rows(inGroup)));
        }
        List<OpenSection> open = set.runs().stream().map(StoredRun::run).filter(OpenView::open)
                .map(run -> new OpenSection(run.runId(), run.description(), OpenView.capacities(run), OpenView.lines(run),
                        // An interleaved open run draws its curves in its verdict section already.
                        OpenView.svg(run) + EfficiencyCurve.svg(run), run.interleaved() ? List.of() : LatencyCurves.of(run))).toList();
        List<Caveat> notes = verdicts.stream().flatMap(v -> java.util.stream.Stream.concat(Caveat.notes(v.tables(), v.machine()).stream(),
                v.requests().stream().flatMap(table -> table.caveats().stream()))).distinct().toList();
        return new ComparisonDocument(title(set), set.runs().size(), set.problems(), verdicts, notes,
                runs, new Figures(figures, groups.size() > 1 ? differences(groups) : List.of()), charts(series), open,
                ClientAgreement.of(set));
    }

    /**
     * When the method was last checked on the run's kind of machine: the latest A/A calibration
     * ({@code ./bench aa}) of the same CPU model and count, found beside the page or the run ({@link AaCalibration#latest}).
     */
    static String calibration(RunResult run, List<Path> folders) {
        return AaCalibration.latest(folders, run.environment())
                .map(c -> "The method last checked on this kind of machine: " + c.sentence() + ".")
                .orElse("The method has not been checked on this kind of machine here: ./bench aa --container "
                        + run.baseline().container() + " runs an A/A calibration, which this page would name.");
    }

    /** What a run with a user's application served and sent, and what the check before its load found. */
    private static String application(RunResult run) {
        RunResult.App app = run.app();
        StringBuilder said = new StringBuilder(run.runId()).append(" served ")
                .append(app.coordinate() != null ? app.coordinate() : app.war() != null ? Path.of(app.war()).getFileName()
                        : app.jar() != null ? Path.of(app.jar()).getFileName() : "a running application")
                .append(" at ").append(app.contextPath()).append(", requests from ").append(app.requests()).append(": ")
                .append(String.join(", ", app.mix().stream().map(r -> "'" + r.name() + "' " + r.method() + " " + r.path()
                        + " (" + r.status() + ", weight " + r.weight() + ")").toList())).append('.');
        for (RunResult.Check check : app.checks()) {
            said.append(" Before the load '").append(check.request()).append("' answered ").append(check.statuses().get(0))
                    .append(" on every target, ").append(check.difference() == null ? "the same body."
                            : "the bodies differing: " + check.difference() + ".");
        }
        return said.toString();
    }

    private static String title(RunSet set) {
        return String.join("; ", set.runs().stream().map(r -> r.run().description() == null ? r.run().container()
                : r.run().description()).distinct().toList());
    }

    private static RunRow runRow(StoredRun stored, RunResult.Target target, Path pageDir) {
        RunResult run = stored.run();
        Map<String, String> aspects = Likeness.of(run);
        List<String> settings = new ArrayList<>();
        if (target.settings() != null) {
            new TreeMap<>(target.settings()).forEach((knob, value) -> settings.add(knob + "=" + value));
        }
        Environment env = run.environment();
        List<String> more = new ArrayList<>();
        if (env != null) {
            more.add(env.os());
            more.add("ulimit -n " + env.injectorOpenFilesLimit() + ", somaxconn "
                    + (env.somaxconn() == null ? "unknown" : env.somaxconn()) + ", "
                    + aspects.get("CPU placement"));
        }
        if (run.host() != null) {
            more.add(run.host().toString());
        }
        // To the second: the nanoseconds of a start say nothing to a reader and take a column's width.
        return new RunRow(run.runId(), target.label() + " " + target.containerVersion(),
                run.startedAt() == null ? null : run.startedAt().replaceFirst("\\.\\d+Z$", "Z"), run.status().word(),
                aspects.get("plan") + ", warm-up " + aspects.get("warm-up") + "; " + Likeness.transport(List.of(target)) + ", connections "
                        + aspects.get("connections"),
                target.launched() ? "Java " + target.java() + " " + target.jvmArgs() : "running at " + target.url(),
                cpuLimit(run, target), new Knobs(target.given() == null ? null : target.given().entrySet().stream()
                        .map(knob -> knob.getKey() + "=" + knob.getValue()).toList(), settings),
                new Machine(env == null ? null : aspects.get("machine"), more),
                new Links(link(stored.gatlingReport(), pageDir, true), link(stored.resolve(target.log()), pageDir, false)));
    }

    /** The target's CPU limit and how often the kernel throttled it, or {@code null}. */
    private static String cpuLimit(RunResult run, RunResult.Target target) {
        RunResult.CpuLimit limit = run.cpuLimit();
        if (limit == null) {
            return null;
        }
        Map<String, Long> throttled = limit.throttling() == null ? Map.of() : limit.throttling().getOrDefault(target.label(), Map.of());
        return "CPU limit " + limit.cpus() + " per " + limit.periodMs() + " ms (" + limit.controller() + ")"
                + (throttled.isEmpty() ? "" : ", throttled in " + throttled.get("throttledPeriods") + " of "
                        + throttled.get("periods") + " periods, " + throttled.get("throttledMicros") / 1000 + " ms in all");
    }

    /**
     * A link relative to the page, or {@code null} when the results name no file. A report counts
     * as there when its folder is: the page a run writes at its end comes just before Gatling writes
     * that run's report into the folder it already has.
     */
    private static Link link(Path file, Path pageDir, boolean report) {
        if (file == null) {
            return null;
        }
        String name = (report ? file.getParent().getFileName() : file.getFileName()).toString();
        boolean there = report ? Files.isDirectory(file.getParent()) : Files.isRegularFile(file);
        return new Link(name, there ? pageDir.toAbsolutePath().normalize().relativize(file).toString().replace('\\', '/') : null);
    }

    private static List<FigureRow> rows(List<Series> series) {
        List<FigureRow> rows = new ArrayList<>();
        for (int users : users(series)) {
            boolean first = true;
            for (Series one : series) {
                Optional<TierResult> found = one.tier(users);
                if (found.isPresent()) {
                    rows.add(new FigureRow(users, one.label(), TierRow.of(found.get()), first));
                    first = false;
                    // A mix of requests: each one's own figures under the tier's, named by it.
                    if (found.get().byRequest() != null) {
                        found.get().byRequest().forEach(part -> rows.add(new FigureRow(users, one.label() + ": " + part.name(),
                                TierRow.of(part), false)));
                    }
                }
            }
        }
        return rows;
    }

    /** Why each group of runs is not compared with the first: every aspect in which they differ. */
    private static List<String> differences(List<List<StoredRun>> groups) {
        RunResult first = groups.get(0).get(0).run();
        List<String> lines = new ArrayList<>();
        for (List<StoredRun> group : groups.subList(1, groups.size())) {
            lines.add(String.join(", ", group.stream().map(r -> r.run().runId()).toList()) + " against " + first.runId()
                    + ": " + String.join("; ", Likeness.differences(first, group.get(0).run()))
                    + ". No finding is made between runs measured differently.");
        }
        return lines;
    }

    private static TreeSet<Integer> users(List<Series> series) {
        TreeSet<Integer> users = new TreeSet<>();
        series.forEach(one -> one.tiers().forEach(t -> users.add(t.users())));
        return users;
    }

    /** TPS, p99 and CPU per request against users, one line per series; unknown points are null. */
    private static Charts charts(List<Series> series) {
        List<Integer> users = List.copyOf(users(series));
        List<Charts.Line> lines = new ArrayList<>();
        for (Series one : series) {
            List<Double> tps = new ArrayList<>();
            List<Long> p99 = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            for (int load : users) {
                Optional<TierResult> t = one.tier(load);
                tps.add(t.map(TierResult::tps).orElse(null));
                p99.add(t.map(TierResult::latencyMs).map(TierResult.Latency::p99).orElse(null));
                cpu.add(t.map(TierResult::resources).map(TierResources::targetCpuMicrosPerRequest).orElse(null));
            }
            lines.add(new Charts.Line(one.label(), tps, p99, cpu));
        }
        return new Charts(users, lines);
    }
}
