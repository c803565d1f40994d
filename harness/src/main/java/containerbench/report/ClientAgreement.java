package containerbench.report;

import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import containerbench.results.TierComparison;
import containerbench.settings.LoadClient;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * One comparison measured by two clients ({@code -Dclient}): runs alike in everything but what sent
 * the load, with the same targets. Each tier's CPU per response and TPS ratios side by side, and
 * whether their adjusted intervals overlap: where they do not, the verdict is not the containers'
 * alone but theirs at that client's operating point (docs/method.md, "Whose verdict is it").
 *
 * @param comparison "undertow against tomcat"
 * @param firstClient the mission's client, or the first in {@link containerbench.settings.LoadClient}'s order, and its run;
 *     {@code secondClient} and {@code secondRun} the other's
 * @param rows a row per tier and figure
 */
record ClientAgreement(String comparison, LoadClient firstClient, String firstRun, LoadClient secondClient, String secondRun,
        List<Row> rows) {

    /**
     * @param first the ratio and its adjusted interval under the first client ({@code 1.60× 1.47-1.75})
     * @param agree whether the two adjusted intervals overlap; {@code null} where either has none
     */
    record Row(String load, String figure, String first, String second, Boolean agree) {

        String said() {
            return agree == null ? "–" : agree ? "agree" : "differ";
        }
    }

    /**
     * For every interleaved run of the set, shown or earlier (a folder shows only its latest run of
     * each set of targets), the latest run alike but for its client, each pair once.
     */
    static List<ClientAgreement> of(RunSet set) {
        List<ClientAgreement> agreements = new ArrayList<>();
        Set<List<String>> paired = new HashSet<>();
        for (StoredRun stored : set.all()) {
            RunResult run = stored.run();
            if (!run.interleaved() || run.plan() == null) {
                continue;
            }
            Optional<RunResult> other = set.all().stream().map(StoredRun::run)
                    .filter(o -> o.interleaved() && o.plan() != null && o.plan().sentBy() != run.plan().sentBy())
                    .filter(o -> labels(o).equals(labels(run)) && onlyTheClientDiffers(run, o))
                    .max(Comparator.comparing(RunResult::startedAt));
            if (other.isEmpty()) {
                continue;
            }
            // The mission's client first.
            RunResult first = run.plan().sentBy().ordinal() < other.get().plan().sentBy().ordinal() ? run : other.get();
            RunResult second = first == run ? other.get() : run;
            if (paired.add(List.of(first.runId(), second.runId()))) {
                agreements.addAll(between(first, second));
            }
        }
        return agreements;
    }

    private static boolean onlyTheClientDiffers(RunResult run, RunResult other) {
        List<String> differences = Likeness.differences(run, other);
        return differences.size() == 1 && differences.get(0).startsWith("client:");
    }

    private static List<String> labels(RunResult run) {
        return run.targets().stream().map(RunResult.Target::label).toList();
    }

    private static List<ClientAgreement> between(RunResult first, RunResult second) {
        List<ClientAgreement> agreements = new ArrayList<>();
        for (RunResult.Target target : first.targets().subList(1, first.targets().size())) {
            List<Row> rows = new ArrayList<>();
            for (TierComparison tier : first.comparisons()) {
                Optional<TierComparison.Comparison> mine = of(tier, target.label());
                Optional<TierComparison.Comparison> theirs = second.comparisons().stream().filter(t -> t.tier().equals(tier.tier()))
                        .findFirst().flatMap(t -> of(t, target.label()));
                if (mine.isEmpty() || theirs.isEmpty()) {
                    continue;
                }
                rows.add(row(tier.tier(), "CPU per response", mine.get().cpu(), theirs.get().cpu()));
                rows.add(row(tier.tier(), "TPS", mine.get().tps(), theirs.get().tps()));
            }
            if (!rows.isEmpty()) {
                agreements.add(new ClientAgreement(target.label() + " against " + first.baseline().label(), first.plan().sentBy(),
                        first.runId(), second.plan().sentBy(), second.runId(), rows));
            }
        }
        return agreements;
    }

    private static Optional<TierComparison.Comparison> of(TierComparison tier, String other) {
        return tier.comparison().stream().filter(c -> c.other().equals(other)).findFirst();
    }

    private static Row row(String load, String figure, TierComparison.Ratio first, TierComparison.Ratio second) {
        boolean known = first != null && second != null && Double.isFinite(first.adjustedLow()) && Double.isFinite(second.adjustedLow())
                && Double.isFinite(first.adjustedHigh()) && Double.isFinite(second.adjustedHigh());
        Boolean agree = known ? first.adjustedLow() <= second.adjustedHigh() && second.adjustedLow() <= first.adjustedHigh() : null;
        return new Row(load, figure, ratio(first), ratio(second), agree);
    }

    private static String ratio(TierComparison.Ratio ratio) {
        if (ratio == null || !Double.isFinite(ratio.ratio())) {
            return "–";
        }
        String interval = Double.isFinite(ratio.adjustedLow()) && Double.isFinite(ratio.adjustedHigh())
                ? " " + Verdicts.interval(ratio.adjustedLow(), ratio.adjustedHigh()) : "";
        return String.format(Locale.ROOT, "%.2f×", ratio.ratio()) + interval;
    }

    /** "undertow against tomcat, by gatling (RUN) and by wrk (RUN)". */
    String heading() {
        return comparison + ", by " + firstClient.spelled() + " (" + firstRun + ") and by " + secondClient.spelled() + " ("
                + secondRun + ")";
    }

    /** The comparison on the console: a line per tier and figure. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(heading() + " (adjusted intervals; agree: they overlap):");
        lines.add(line("tier", "figure", firstClient.spelled(), secondClient.spelled(), ""));
        rows.forEach(row -> lines.add(line(row.load(), row.figure(), row.first(), row.second(), row.said())));
        return lines;
    }

    private static String line(String load, String figure, String first, String second, String said) {
        return String.format(Locale.ROOT, "  %-12s %-17s %-24s %-24s %s", load, figure, first, second, said).stripTrailing();
    }
}
