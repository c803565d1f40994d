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
 * whether the two clients' ratios differ: their quotient with its interval, where both were read over
 * launches, else whether their adjusted intervals overlap. Where they differ, the verdict is not the
 * containers' alone but theirs at that client's operating point (docs/method.md, "Whose verdict is it").
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
     * @param between the first client's ratio over the second's with its interval ({@link #between}), or
     *     {@code null} where either ratio lacks its degrees of freedom (one launch): then {@code agree} is
     *     whether the two adjusted intervals overlap
     * @param agree whether the two clients' ratios cannot be told apart; {@code null} where either has no interval
     */
    record Row(String load, String figure, String first, String second, Between between, Boolean agree) {

        String said() {
            String words = agree == null ? "–" : agree ? "agree" : "differ";
            return between == null ? words : words + ", " + between.said();
        }
    }

    /** One client's ratio over the other's, and its interval adjusted for every row of the comparison. */
    record Between(double ratio, double low, double high) {

        String said() {
            return String.format(Locale.ROOT, "%.2f×", ratio) + " " + Verdicts.interval(low, high);
        }
    }

    /**
     * The first ratio over the second with its interval, by Welch's t on their logs: each log ratio's
     * standard error from its own 95% interval and the degrees of freedom it was read on (the launch
     * means' Satterthwaite degrees), the degrees of the difference by Welch-Satterthwaite, and the
     * quantile adjusted (Bonferroni) for {@code rows} such intervals. {@code null} where either ratio
     * has no launch-pooled interval.
     */
    static Between between(TierComparison.Ratio a, TierComparison.Ratio b, int rows) {
        Double degreesA = degrees(a);
        Double degreesB = degrees(b);
        if (degreesA == null || degreesB == null) {
            return null;
        }
        double varianceA = Math.pow(Math.log(a.high() / a.low()) / (2 * t(0.975, degreesA)), 2);
        double varianceB = Math.pow(Math.log(b.high() / b.low()) / (2 * t(0.975, degreesB)), 2);
        double variance = varianceA + varianceB;
        double degrees = variance * variance / (varianceA * varianceA / degreesA + varianceB * varianceB / degreesB);
        double log = Math.log(a.ratio() / b.ratio());
        double half = t(1 - 0.025 / Math.max(1, rows), degrees) * Math.sqrt(variance);
        return new Between(Math.exp(log), Math.exp(log - half), Math.exp(log + half));
    }

    private static Double degrees(TierComparison.Ratio ratio) {
        if (ratio == null || ratio.spread() == null || ratio.spread().pooled() == null) {
            return null;
        }
        double degrees = ratio.spread().pooled().degrees();
        return degrees > 0 && ratio.low() > 0 && ratio.high() > ratio.low() ? degrees : null;
    }

    private static double t(double p, double degrees) {
        return org.apache.commons.statistics.distribution.TDistribution.of(degrees).inverseCumulativeProbability(p);
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
            List<TierComparison.Comparison[]> pairs = new ArrayList<>();
            List<String> loads = new ArrayList<>();
            for (TierComparison tier : first.comparisons()) {
                Optional<TierComparison.Comparison> mine = of(tier, target.label());
                Optional<TierComparison.Comparison> theirs = second.comparisons().stream().filter(t -> t.tier().equals(tier.tier()))
                        .findFirst().flatMap(t -> of(t, target.label()));
                if (mine.isPresent() && theirs.isPresent()) {
                    pairs.add(new TierComparison.Comparison[] {mine.get(), theirs.get()});
                    loads.add(tier.tier().toString());
                }
            }
            // Two figures a tier, each interval adjusted for all of them.
            int family = 2 * pairs.size();
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < pairs.size(); i++) {
                rows.add(row(loads.get(i), "CPU per response", pairs.get(i)[0].cpu(), pairs.get(i)[1].cpu(), family));
                rows.add(row(loads.get(i), "TPS", pairs.get(i)[0].tps(), pairs.get(i)[1].tps(), family));
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

    private static Row row(String load, String figure, TierComparison.Ratio first, TierComparison.Ratio second, int family) {
        Between between = first == null || second == null ? null : between(first, second, family);
        if (between != null) {
            return new Row(load, figure, ratio(first), ratio(second), between, between.low() <= 1 && 1 <= between.high());
        }
        boolean known = first != null && second != null && Double.isFinite(first.adjustedLow()) && Double.isFinite(second.adjustedLow())
                && Double.isFinite(first.adjustedHigh()) && Double.isFinite(second.adjustedHigh());
        Boolean agree = known ? first.adjustedLow() <= second.adjustedHigh() && second.adjustedLow() <= first.adjustedHigh() : null;
        return new Row(load, figure, ratio(first), ratio(second), null, agree);
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
        lines.add(heading() + " (adjusted intervals; agree or differ by the ratio of the two, adjusted for every row):");
        lines.add(line("tier", "figure", firstClient.spelled(), secondClient.spelled(), ""));
        rows.forEach(row -> lines.add(line(row.load(), row.figure(), row.first(), row.second(), row.said())));
        return lines;
    }

    private static String line(String load, String figure, String first, String second, String said) {
        return String.format(Locale.ROOT, "  %-12s %-17s %-24s %-24s %s", load, figure, first, second, said).stripTrailing();
    }
}
