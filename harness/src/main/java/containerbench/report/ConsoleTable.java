package containerbench.report;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.settings.LoadClient;
import java.util.Formatter;
import java.util.List;

/** What a run prints at its end: the verdicts of an interleaved run first, then the table of every tier. */
public final class ConsoleTable {

    private ConsoleTable() {
    }

    /** What the targets spoke and how the load reused connections: "; over h2, connections per-user". */
    private static String reuse(RunResult run) {
        return "; over " + Likeness.transport(run.targets()) + ", connections " + run.plan().reuse().spelled()
                + (run.plan().sentBy() == LoadClient.GATLING ? "" : ", the load sent by " + run.plan().sentBy().spelled());
    }

    public static String render(RunResult run) {
        Formatter out = new Formatter();
        String versions = String.join(", ", run.targets().stream().map(t -> t.label() + " " + t.containerVersion()).toList());
        if (run.interleaved()) {
            int launches = run.interleaving().launchCount();
            out.format("%s (%s): %d tier(s), each %d rounds of one %d s block per target, after each one's warm-up at %d users%s%s%n",
                    run.description(), versions, run.comparisons().size(), run.interleaving().rounds(),
                    run.interleaving().blockSeconds(), run.plan().warmupUsers(), launches < 2 ? "" : "; " + launches + " launches",
                    reuse(run));
            out.format("%s", verdicts(run));
        } else {
            // The warm-up it had: an auto warm-up's plan holds only its cap.
            int warmup = run.settling().isEmpty() ? run.plan().warmupSeconds() : run.settling().get(0).seconds();
            out.format("%s (%s): %d tier(s) of %d s after a %d s warm-up at %d users%s%n", run.description(), versions,
                    run.tiers().size(), run.plan().tierSeconds(), warmup, run.plan().warmupUsers(), reuse(run));
        }
        if (run.host() != null) {
            out.format("machine %s%n", run.host());
        }
        int labelWidth = Math.max(6, run.targets().stream().mapToInt(t -> t.label().length()).max().orElse(6));
        out.format("%6s %-" + labelWidth + "s", "users", "target");
        TierRow.HEADERS.forEach(header -> out.format(cell(header), header));
        out.format("%n");
        for (TierResult tier : run.tiers()) {
            TierRow row = TierRow.of(tier);
            out.format("%6d %-" + labelWidth + "s", row.users(), tier.target());
            List<String> cells = row.cells("-");
            for (int i = 0; i < cells.size(); i++) {
                out.format(cell(TierRow.HEADERS.get(i)), cells.get(i));
            }
            out.format("%s%n", row.flags().isEmpty() ? "" : "  " + String.join(", ", row.flags()));
            row.failures().forEach((reason, count) -> out.format("%6s   KO %s: %d%n", "", reason, count));
        }
        out.format("(response times in ms, of OK requests; TPS = OK responses per second of the tier%s;"
                + " CPU %% of one core, the target's; µs/req = target CPU microseconds per OK response)%n",
                run.interleaved() ? ", over its blocks" : "");
        if (OpenView.open(run)) {
            out.format("open workload (%s = arrivals per second; the response times above are Gatling's, from when each"
                    + " request left; these from when it was due):%n", "users");
            OpenView.lines(run).forEach(line -> out.format("  %s%n", line));
            OpenView.capacities(run).forEach(line -> out.format("  %s%n", line));
        }
        FootprintView.alone(run).forEach(line -> out.format("%s%n", line));
        injectorProfile(run).forEach(line -> out.format("%s%n", line));
        return out.toString();
    }

    /** Where the injector's CPU per response goes, tier by tier (-Dprofile.injector); nothing when it was not profiled. */
    public static List<String> injectorProfile(RunResult run) {
        return InjectorProfileView.of(run).stream().flatMap(view -> view.lines().stream()).toList();
    }

    /** An interleaved run's verdicts: its ratios to the baseline with their intervals, response times, warm-ups. */
    public static String verdicts(RunResult run) {
        Formatter out = new Formatter();
        out.format("verdict (ratios to %s from the paired rounds):%n", run.baseline().label());
        List<VerdictTable> tables = VerdictTable.of(run);
        MachineShare machine = MachineShare.of(run);
        List<Caveat> notes = Caveat.notes(tables, machine);
        out.format("%s", tables(tables, notes));
        Verdicts.perTarget(run).forEach(verdict -> out.format("  %s%n", verdict));
        Verdicts.about(run).forEach(sentence -> out.format("  %s%n", sentence));
        if (machine.sentence() != null) {
            out.format("  %s%s%n", machine.sentence(), Caveat.marks(machine.caveats(), notes));
        }
        for (int i = 0; i < notes.size(); i++) {
            out.format("  [%d] %s: %s%n", i + 1, notes.get(i).brief(), notes.get(i).text());
        }
        FootprintView.of(run).forEach(footprint -> footprint.lines().forEach(line -> out.format("%s%n", line)));
        out.format("%s", requests(RequestTable.of(run)));
        ProfileView.of(run).forEach(profile -> profile.lines().forEach(line -> out.format("%s%n", line)));
        out.format("per tier (95%% intervals, and adjusted for every interval the run states):%n");
        Verdicts.sentences(run).forEach(verdict -> out.format("  %s%n", verdict));
        Verdicts.operatingPoints(run).forEach(point -> out.format("  %s%n", point));
        Verdicts.latencies(run).forEach(latency -> out.format("  %s%n", latency));
        return out.format("%s%n", Verdicts.warmups(run)).toString();
    }

    /**
     * The verdict tables as the page leads with them, in text: per target against the baseline a row
     * per tier, each cell the glyph, the ratio, its adjusted interval and the number of the note it needs.
     */
    static String tables(List<VerdictTable> tables, List<Caveat> notes) {
        Formatter out = new Formatter();
        for (VerdictTable table : tables) {
            out.format("  %s against %s (adjusted intervals; ▲ ▼ a difference, = none established, ○ not judged, ✕ failed):%n",
                    table.other(), table.baseline());
            out.format("%s%n", line(VerdictTable.HEADERS.get(0), VerdictTable.HEADERS.subList(1, VerdictTable.HEADERS.size())));
            for (VerdictTable.Row row : table.rows()) {
                out.format("%s%n", line(row.load(), row.cells().stream().map(cell -> brief(cell, notes)).toList()));
            }
        }
        return out.toString();
    }

    /** A mix's request tables: a row per request, a column per tier. */
    static String requests(List<RequestTable> tables) {
        Formatter out = new Formatter();
        for (RequestTable table : tables) {
            int width = Math.min(REQUEST_NAME, table.rows().stream().mapToInt(row -> row.request().length()).max().orElse(0));
            out.format("  %s:%n", table.title());
            out.format("%s%n", line("request", width, table.loads()));
            for (RequestTable.Row row : table.rows()) {
                String name = row.request().length() > width ? row.request().substring(0, width - 1) + "…" : row.request();
                out.format("%s%n", line(name, width, row.cells().stream().map(cell -> brief(cell, List.of())).toList()));
            }
            if (table.unjudged() != null) {
                out.format("    %s%n", table.unjudged());
            }
        }
        return out.toString();
    }

    /** The widest request name the console shows in full: a HAR's paths run long. */
    private static final int REQUEST_NAME = 40;

    private static String line(String first, int width, List<String> cells) {
        StringBuilder line = new StringBuilder(String.format("    %-" + Math.max(11, width) + "s", first));
        cells.forEach(cell -> line.append(String.format(" %-" + CELL + "s", cell)));
        return line.toString().stripTrailing();
    }

    /** A verdict cell's width on the console: "▼ 0.69× 0.63-0.77 [1]" and a failure's "✕ 48.21% vs 0.00%" fit. */
    private static final int CELL = 24;

    private static String line(String first, List<String> cells) {
        return line(first, 11, cells);
    }

    private static String brief(VerdictTable.Cell cell, List<Caveat> notes) {
        VerdictTable.Estimate e = cell.estimate();
        // The console's mark for a figure nobody could know, as in its table of tiers.
        return (cell.glyph().isEmpty() ? "" : cell.glyph() + " ") + cell.figure().replace(MarkdownView.UNKNOWN, "-")
                + (e == null ? "" : " " + Verdicts.interval(e.adjustedLow(), e.adjustedHigh()))
                + (cell.caveat() == null || !notes.contains(cell.caveat()) ? "" : Caveat.marks(List.of(cell.caveat()), notes));
    }

    /** The same comparisons measured by two clients, side by side: empty when no run has a twin by another client. */
    public static String clients(RunSet set) {
        Formatter out = new Formatter();
        ClientAgreement.of(set).forEach(agreement -> agreement.lines().forEach(line -> out.format("%s%n", line)));
        return out.toString();
    }

    /** Repeated runs of the same comparison, pooled: empty when no comparison ran twice alike. */
    public static String pooled(List<containerbench.results.StoredRun> runs) {
        return pooledSaid(Pooling.sentences(runs));
    }

    /**
     * The pools the comparison page shows under each of the set's runs: each with the earlier runs of
     * its comparison ({@link Repeats}), oldest first, as the page says them.
     */
    public static String pooled(RunSet set) {
        return pooledSaid(set.runs().stream().filter(stored -> stored.run().interleaved())
                .flatMap(stored -> Repeats.of(stored, set.all()).pooled().stream()).toList());
    }

    private static String pooledSaid(List<String> sentences) {
        if (sentences.isEmpty()) {
            return "";
        }
        Formatter out = new Formatter();
        out.format("pooled over repeated runs of the same comparison (random effects; the interval carries the spread"
                + " between runs):%n");
        sentences.forEach(sentence -> out.format("  %s%n", sentence));
        return out.toString();
    }

    /** A column as wide as its header, and at least as wide as a count of requests. */
    private static String cell(String header) {
        return "%" + (Math.max(header.length(), 7) + 1) + "s";
    }
}
