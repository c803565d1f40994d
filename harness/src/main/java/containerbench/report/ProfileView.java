package containerbench.report;

import containerbench.measure.Profiles;
import containerbench.results.ProfileComparison;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * A profiled run's "where does it go" under its verdicts ({@link ProfileComparison}): for each tier
 * and target against the baseline, the packages where the target spends more or less CPU per
 * response, largest first, as text for the console, a Markdown table for summary.md and an HTML
 * table whose packages open into their classes, with each side's flame graph linked.
 *
 * @param event what the profiler sampled ({@code cpu}, {@code ctimer})
 * @param graphs each side's flame graph as the view links it (relative to the page), baseline first, then the other's
 *     differential one against the baseline; {@code null} for one not drawn
 */
record ProfileView(ProfileComparison comparison, List<String> graphs, String event) {

    /** The console's and summary.md's rows: the largest differences; the page shows every one. */
    static final int TOP = 8;

    /** Every comparison of a profiled run, its flame graphs named as the results file names them (relative to its folder). */
    static List<ProfileView> of(RunResult run) {
        return of(run, graph -> graph);
    }

    /** Every comparison of a profiled run, its flame graphs named as seen from {@code from}, the page's folder. */
    static List<ProfileView> of(StoredRun stored, Path from) {
        Path results = stored.file().toAbsolutePath().getParent();
        return of(stored.run(), graph -> from.toAbsolutePath().relativize(results.resolve(graph)).toString());
    }

    private static List<ProfileView> of(RunResult run, UnaryOperator<String> link) {
        List<ProfileView> views = new ArrayList<>();
        for (ProfileComparison comparison : ProfileComparison.of(run)) {
            List<String> graphs = new ArrayList<>();
            for (String target : List.of(comparison.baseline(), comparison.other())) {
                graphs.add(graph(run, comparison, target, Profiles.Part::flameGraph, link));
            }
            graphs.add(graph(run, comparison, comparison.other(), Profiles.Part::differential, link));
            views.add(new ProfileView(comparison, graphs, run.profiles().event()));
        }
        return views;
    }

    private static String graph(RunResult run, ProfileComparison comparison, String target,
            java.util.function.Function<Profiles.Part, String> which, UnaryOperator<String> link) {
        String graph = run.profiles().parts().stream().filter(p -> p.target().equals(target) && p.tier().equals(comparison.tier()))
                .map(which).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        return graph == null ? null : link.apply(graph);
    }

    String heading() {
        ProfileComparison c = comparison;
        return "where " + c.other() + "'s CPU per response goes against " + c.baseline() + "'s, " + c.tier()
                + " (async-profiler's " + event + " samples over each one's own blocks, " + c.launches() + " launch(es); µs per OK response;"
                + " the profiler's own cost included, docs/profiles.md)";
    }

    /** How much of the blocks' measured difference the samples account for. */
    String totals() {
        ProfileComparison c = comparison;
        String sampled = String.format(Locale.ROOT, "sampled %s %.1f, %s %.1f: %s", c.baseline(), c.sampledBaseline(), c.other(),
                c.sampledOther(), signed(c.sampledDifference()));
        Double measured = c.measuredDifference();
        if (measured == null) {
            return sampled + "; the blocks' own CPU readings are not known";
        }
        return String.format(Locale.ROOT, "the blocks' CPU readings: %s %.1f, %s %.1f: %s, which each table's rows add up to;"
                + " %s: the samples account for %.0f%% of the readings' difference, the row %s for the rest", c.baseline(), c.measuredBaseline(), c.other(),
                c.measuredOther(), signed(measured), sampled, measured == 0 ? 100 : 100 * c.sampledDifference() / measured,
                ProfileComparison.UNSAMPLED);
    }

    static String signed(double micros) {
        return String.format(Locale.ROOT, "%+.1f", micros);
    }

    static String interval(ProfileComparison.Row row) {
        return row.low() == null ? "" : String.format(Locale.ROOT, "%+.1f to %+.1f", row.low(), row.high());
    }

    /** The console's lines: the heading, the totals, the largest rows of each grouping, the flame graphs. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(heading() + ":");
        lines.add("  " + totals());
        table(lines, "by the JDK work it ended in", comparison.work());
        table(lines, "by the package that asked for it", comparison.packages());
        if (graphs.stream().anyMatch(java.util.Objects::nonNull)) {
            lines.add("  flame graphs: " + String.join(", ", graphs.stream().filter(java.util.Objects::nonNull).toList()));
        }
        return lines;
    }

    private void table(List<String> lines, String heading, List<ProfileComparison.Row> rows) {
        int width = Math.max(heading.length(), rows.stream().limit(TOP).mapToInt(r -> r.name().length()).max().orElse(30));
        lines.add(String.format(Locale.ROOT, "  %-" + width + "s %9s %9s %9s  %s", heading, trim(comparison.baseline()),
                trim(comparison.other()), "more", "95% over launches"));
        for (ProfileComparison.Row row : rows.stream().limit(TOP).toList()) {
            lines.add(String.format(Locale.ROOT, "  %-" + width + "s %9.1f %9.1f %9s  %s", row.name(), row.baseline(), row.other(),
                    signed(row.difference()), interval(row)));
        }
    }

    private static String trim(String label) {
        return label.length() > 9 ? label.substring(0, 9) : label;
    }

    /** summary.md's tables: the largest rows. */
    void markdown(StringBuilder m) {
        m.append("\n<details><summary>").append(heading()).append("</summary>\n\n").append(totals()).append(".\n");
        markdown(m, "by the JDK work it ended in", comparison.work());
        markdown(m, "by the package that asked for it", comparison.packages());
        m.append("\n</details>\n");
    }

    private void markdown(StringBuilder m, String heading, List<ProfileComparison.Row> rows) {
        m.append("\n| ").append(heading).append(" | ").append(comparison.baseline()).append(" | ").append(comparison.other())
                .append(" | more | 95% over launches |\n| --- | ---: | ---: | ---: | --- |\n");
        for (ProfileComparison.Row row : rows.stream().limit(TOP).toList()) {
            m.append("| `").append(row.name()).append("` | ").append(String.format(Locale.ROOT, "%.1f", row.baseline())).append(" | ")
                    .append(String.format(Locale.ROOT, "%.1f", row.other())).append(" | ").append(signed(row.difference())).append(" | ")
                    .append(interval(row)).append(" |\n");
        }
    }

    /** The page's tables: every row, each opening into its members; each side's flame graph linked. */
    void html(StringBuilder h) {
        h.append("<details class=\"profile\"><summary>").append(Html.text(heading())).append("</summary>\n<p>")
                .append(Html.text(totals())).append(".");
        for (int side = 0; side < graphs.size(); side++) {
            if (graphs.get(side) != null) {
                h.append(" <a href=\"").append(Html.text(graphs.get(side))).append("\">").append(Html.text(side == 0
                        ? "flame graph of " + comparison.baseline() : side == 1 ? "flame graph of " + comparison.other()
                        : "differential flame graph (" + comparison.other() + " against " + comparison.baseline() + ")")).append("</a>");
            }
        }
        h.append("</p>\n");
        html(h, "by the JDK work it ended in (open a row for the code that asked)", comparison.work());
        html(h, "by the package that asked for it (open a row for its classes)", comparison.packages());
        h.append("</details>\n");
    }

    private void html(StringBuilder h, String heading, List<ProfileComparison.Row> rows) {
        h.append("<table class=\"profile\">\n<tr><th>").append(Html.text(heading)).append("</th><th>").append(Html.text(comparison.baseline()))
                .append("</th><th>").append(Html.text(comparison.other())).append("</th><th>more</th><th>95% over launches</th></tr>\n");
        for (ProfileComparison.Row row : rows) {
            h.append("<tr><td><details><summary>").append(Html.text(row.name())).append("</summary>");
            for (ProfileComparison.Row inner : row.classes()) {
                h.append("<div>").append(Html.text(inner.name())).append(String.format(Locale.ROOT, ": %.2f, %.2f, %s", inner.baseline(),
                        inner.other(), signed(inner.difference()))).append("</div>");
            }
            h.append("</details></td>").append(String.format(Locale.ROOT, "<td>%.1f</td><td>%.1f</td><td>%s</td><td>%s</td></tr>%n",
                    row.baseline(), row.other(), signed(row.difference()), Html.text(interval(row))));
        }
        h.append("</table>\n");
    }
}
