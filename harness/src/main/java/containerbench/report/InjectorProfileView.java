package containerbench.report;

import containerbench.measure.Profiles;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Where the injector's own CPU per response goes ({@code -Dprofile.injector}): for each tier, the run's
 * JVM's samples over every block, in µs per OK response, by the package that asked and by the JDK
 * work it ended in, largest first, with its flame graph: as lines for the console, a Markdown table
 * for summary.md and an HTML table for the page.
 *
 * @param graph the tier's flame graph as the view links it, or {@code null} when none was drawn
 */
record InjectorProfileView(Profiles.Part part, String event, double sampled, List<Row> packages, List<Row> work, String graph) {

    /** A package or a JDK work and its µs per OK response. */
    record Row(String name, double micros) {
    }

    /** Every tier of a run profiled with -Dprofile.injector, the flame graphs named as the results file names them. */
    static List<InjectorProfileView> of(RunResult run) {
        return of(run.injectorProfiles(), graph -> graph);
    }

    /** The same, the flame graphs named as seen from {@code from}, the page's folder. */
    static List<InjectorProfileView> of(StoredRun stored, Path from) {
        Path results = stored.file().toAbsolutePath().getParent();
        return of(stored.run().injectorProfiles(), graph -> from.toAbsolutePath().relativize(results.resolve(graph)).toString());
    }

    /** Each tier of {@code profiles} with responses ({@code null}: none), its flame graph named by {@code link}. */
    static List<InjectorProfileView> of(Profiles profiles, UnaryOperator<String> link) {
        if (profiles == null) {
            return List.of();
        }
        List<InjectorProfileView> views = new ArrayList<>();
        for (Profiles.Part part : profiles.parts()) {
            long responses = part.launches().stream().mapToLong(Profiles.Launch::responses).sum();
            if (responses == 0) {
                continue;
            }
            Map<String, Long> frames = new HashMap<>();
            part.launches().forEach(launch -> launch.frames().forEach((name, samples) -> frames.merge(name, samples, Long::sum)));
            long samples = part.launches().stream().mapToLong(Profiles.Launch::samples).sum();
            double each = Profiles.microsPerResponse(1, profiles.intervalNanos(), responses);
            views.add(new InjectorProfileView(part, profiles.event(), samples * each, rows(frames, Profiles::packageOf, each),
                    rows(frames, Profiles::workOf, each), part.flameGraph() == null ? null : link.apply(part.flameGraph())));
        }
        return views;
    }

    private static List<Row> rows(Map<String, Long> frames, Function<String, String> group, double microsPerSample) {
        Map<String, Long> grouped = new LinkedHashMap<>();
        frames.forEach((name, samples) -> grouped.merge(group.apply(name), samples, Long::sum));
        return grouped.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> new Row(e.getKey(), e.getValue() * microsPerSample)).toList();
    }

    String heading() {
        return String.format(Locale.ROOT, "where the injector's CPU per response goes, %s: %.1f µs per OK response sampled"
                + " (async-profiler's %s samples of this run's JVM, Gatling and the project's request path, over every block;"
                + " the profiler's own cost included, docs/profiles.md)", part.tier(), sampled, event);
    }

    /** Each grouping of the rows under its heading: by package, then by JDK work. */
    private Map<String, List<Row>> groupings() {
        Map<String, List<Row>> groupings = new LinkedHashMap<>();
        groupings.put("by the package that asked for it", packages);
        groupings.put("by the JDK work it ended in", work);
        return groupings;
    }

    /** The console's lines: the heading, the largest rows of each grouping, the flame graph. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(heading() + ":");
        groupings().forEach((heading, rows) -> table(lines, heading, rows));
        if (graph != null) {
            lines.add("  flame graph: " + graph);
        }
        return lines;
    }

    private void table(List<String> lines, String heading, List<Row> rows) {
        int width = Math.max(heading.length(), rows.stream().limit(ProfileView.TOP).mapToInt(r -> r.name().length()).max().orElse(30));
        lines.add(String.format(Locale.ROOT, "  %-" + width + "s %9s %6s", heading, "µs", "share"));
        for (Row row : rows.stream().limit(ProfileView.TOP).toList()) {
            lines.add(String.format(Locale.ROOT, "  %-" + width + "s %9.1f %5.0f%%", row.name(), row.micros(), share(row)));
        }
    }

    private double share(Row row) {
        return sampled == 0 ? 0 : 100 * row.micros() / sampled;
    }

    /** summary.md's tables: the largest rows. */
    void markdown(StringBuilder m) {
        m.append("\n<details><summary>").append(heading()).append("</summary>\n");
        for (Map.Entry<String, List<Row>> grouping : groupings().entrySet()) {
            m.append("\n| ").append(grouping.getKey()).append(" | µs | share |\n| --- | ---: | ---: |\n");
            for (Row row : grouping.getValue().stream().limit(ProfileView.TOP).toList()) {
                m.append("| `").append(row.name()).append("` | ").append(String.format(Locale.ROOT, "%.1f | %.0f%%", row.micros(), share(row)))
                        .append(" |\n");
            }
        }
        m.append("\n</details>\n");
    }

    /** The page's tables: every row; the flame graph linked. */
    void html(StringBuilder h) {
        h.append("<details class=\"profile\"><summary>").append(Html.text(heading())).append("</summary>\n");
        if (graph != null) {
            h.append("<p><a href=\"").append(Html.text(graph)).append("\">flame graph of the injector</a></p>\n");
        }
        for (Map.Entry<String, List<Row>> grouping : groupings().entrySet()) {
            h.append("<table class=\"profile\">\n<tr><th>").append(grouping.getKey()).append("</th><th>µs</th><th>share</th></tr>\n");
            for (Row row : grouping.getValue()) {
                h.append("<tr><td>").append(Html.text(row.name())).append(String.format(Locale.ROOT, "</td><td>%.1f</td><td>%.0f%%</td></tr>%n",
                        row.micros(), share(row)));
            }
            h.append("</table>\n");
        }
        h.append("</details>\n");
    }
}
