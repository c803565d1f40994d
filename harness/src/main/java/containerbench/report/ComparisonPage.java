package containerbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import containerbench.measure.Environment;
import containerbench.measure.TierResources;
import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import containerbench.results.TierComparison;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The comparison: one self-contained HTML page ({@code index.html}, Chart.js inside, so it opens
 * offline from a CI artifact) and its Markdown twin ({@code summary.md}). Verdicts come first: each
 * interleaved run's paired ratios with their intervals. Then the figures, in groups of runs
 * measured alike; runs that differ in plan, warm-up, machine, placement or launch are listed apart,
 * the difference named, with no finding between them. Links are relative, so a copied folder keeps them.
 */
public final class ComparisonPage {

    private static final ObjectMapper JSON = new ObjectMapper();
    // Unknown figures on the page and in Markdown.
    private static final String UNKNOWN = "–";

    private ComparisonPage() {
    }

    /** Writes index.html and summary.md into {@code dir}; returns the page. */
    public static Path write(Path dir, RunSet set) {
        try {
            Files.createDirectories(dir);
            Path page = dir.resolve("index.html");
            Files.writeString(page, html(set, dir));
            Files.writeString(dir.resolve("summary.md"), markdown(set));
            return page;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison page in " + dir, e);
        }
    }

    static String html(RunSet set, Path dir) {
        List<Series> series = Series.of(set.runs());
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>container-bench: ").append(Html.text(title(set))).append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}")
                .append("th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right;font-variant-numeric:tabular-nums}")
                .append("th{background:#f3f3f3}td{vertical-align:top}td.l,th.l{text-align:left}tr.first td{border-top:2px solid #888}")
                .append(".flag{color:#b00;font-weight:bold}.problems{color:#b00}.charts{display:flex;flex-wrap:wrap;gap:2em}")
                .append(".chart{width:560px;height:340px}small{color:#666}\n</style>\n</head>\n<body>\n");
        h.append("<h1>container-bench comparison</h1>\n<p>Generated ").append(Html.text(Instant.now()))
                .append(" from ").append(set.runs().size()).append(" run(s). Response times in ms of OK requests;")
                .append(" TPS = OK responses per second of the tier; CPU in % of one core; ").append(UNKNOWN)
                .append(": not known.</p>\n");
        if (!set.problems().isEmpty()) {
            h.append("<h2>Left out</h2>\n<ul class=\"problems\" id=\"problems\">\n");
            set.problems().forEach(p -> h.append("<li>").append(Html.text(p)).append("</li>\n"));
            h.append("</ul>\n");
        }
        List<Map<String, Object>> ratioCharts = new ArrayList<>();
        for (StoredRun stored : set.runs()) {
            RunResult run = stored.run();
            if (run.interleaved()) {
                String id = "chart-ratio-" + ratioCharts.size();
                h.append("<h2>Verdicts: ").append(Html.text(run.description())).append(" <small>(").append(Html.text(run.runId()))
                        .append(", ").append(run.interleaving().rounds()).append(" rounds of ").append(run.interleaving().blockSeconds())
                        .append(" s blocks per tier; ratios to ").append(Html.text(run.baseline().label()))
                        .append(" with 95% intervals from the paired rounds)</small></h2>\n<ul class=\"verdicts\">\n");
                Verdicts.sentences(run).forEach(v -> h.append("<li>").append(Html.text(v)).append("</li>\n"));
                h.append("</ul>\n<p>").append(Html.text(Verdicts.warmups(run))).append("</p>\n<div class=\"chart\"><canvas id=\"").append(id).append("\"></canvas></div>\n");
                ratioCharts.add(ratioData(id, run));
            }
        }
        runsTable(h, set.runs(), dir);
        List<List<StoredRun>> groups = Likeness.groups(set.runs());
        for (List<StoredRun> group : groups) {
            List<Series> inGroup = series.stream().filter(s -> group.contains(s.stored())).toList();
            h.append("<h2>").append(group.size() == 1 ? "Figures: " : "Figures of runs measured alike: ")
                    .append(Html.text(String.join(", ", group.stream().map(r -> r.run().runId()).toList()))).append("</h2>\n");
            List<String> findings = Findings.sentences(inGroup.stream().filter(s -> !s.run().interleaved()).toList());
            if (!findings.isEmpty()) {
                h.append("<ul class=\"findings\">\n");
                findings.forEach(f -> h.append("<li>").append(Html.text(f)).append("</li>\n"));
                h.append("</ul>\n");
            }
            tiersTable(h, inGroup);
        }
        if (groups.size() > 1) {
            h.append("<h2>Not compared</h2>\n<ul id=\"unlike\">\n");
            differences(groups).forEach(d -> h.append("<li>").append(Html.text(d)).append("</li>\n"));
            h.append("</ul>\n");
        }
        h.append("<h2>Charts</h2>\n<div class=\"charts\">")
                .append("<div class=\"chart\"><canvas id=\"chart-tps\"></canvas></div>")
                .append("<div class=\"chart\"><canvas id=\"chart-p99\"></canvas></div>")
                .append("<div class=\"chart\"><canvas id=\"chart-cpu\"></canvas></div></div>\n");
        Map<String, Object> data = chartData(series);
        data.put("ratios", ratioCharts);
        h.append("<script type=\"application/json\" id=\"chart-data\">").append(Html.scriptJson(json(data))).append("</script>\n");
        h.append("<script>\nwindow.addEventListener('error', function (e) { document.body.dataset.errors = (document.body.dataset.errors || '') + e.message + ';'; });\n</script>\n");
        h.append("<script>\n").append(ChartJs.script().replace("</script", "<\\/script")).append("\n</script>\n");
        h.append("<script>\n").append(RENDER).append("</script>\n</body>\n</html>\n");
        return h.toString();
    }

    private static String title(RunSet set) {
        return String.join("; ", set.runs().stream().map(r -> r.run().description() == null ? r.run().container()
                : r.run().description()).distinct().toList());
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

    private static void runsTable(StringBuilder h, List<StoredRun> stored, Path dir) {
        h.append("<h2>Runs</h2>\n<table id=\"runs\">\n<tr><th class=\"l\">run</th><th class=\"l\">target</th><th class=\"l\">started</th>")
                .append("<th class=\"l\">status</th><th class=\"l\">plan</th><th class=\"l\">target JVM</th>")
                .append("<th class=\"l\">settings</th><th class=\"l\">machine</th><th class=\"l\">Gatling report</th>")
                .append("<th class=\"l\">target log</th></tr>\n");
        for (StoredRun one : stored) {
            RunResult run = one.run();
            for (RunResult.Target target : run.targets()) {
                h.append("<tr><td class=\"l\">").append(Html.text(run.runId())).append("</td><td class=\"l\">")
                        .append(Html.text(target.label() + " " + target.containerVersion())).append("</td><td class=\"l\">")
                        .append(Html.text(run.startedAt())).append("</td><td class=\"l\">").append(Html.text(run.status()))
                        .append("</td><td class=\"l\">").append(Html.text(Likeness.of(run).get("plan") + ", warm-up "
                                + Likeness.of(run).get("warm-up"))).append("</td><td class=\"l\">")
                        .append(Html.text(target.launched() ? "Java " + target.java() + " " + target.jvmArgs()
                                : "running at " + target.url())).append(cpuLimit(run, target)).append("</td><td class=\"l\"><small>");
                if (target.settings() != null) {
                    target.settings().forEach((k, v) -> h.append(Html.text(k + "=" + v)).append("<br>"));
                }
                h.append("</small></td><td class=\"l\"><small>");
                if (run.environment() != null) {
                    Environment env = run.environment();
                    h.append(Html.text(Likeness.of(run).get("machine") + ", " + env.os())).append("<br>")
                            .append(Html.text("ulimit -n " + env.injectorOpenFilesLimit() + ", somaxconn " + env.somaxconn()
                                    + ", " + Likeness.of(run).get("CPU placement")));
                }
                h.append("</small></td><td class=\"l\">");
                link(h, one.gatlingReport(), dir, true);
                h.append("</td><td class=\"l\">");
                link(h, one.resolve(target.log()), dir, false);
                h.append("</td></tr>\n");
            }
        }
        h.append("</table>\n");
    }

    /** The target's CPU limit and how often the kernel throttled it, or nothing. */
    private static String cpuLimit(RunResult run, RunResult.Target target) {
        RunResult.CpuLimit limit = run.cpuLimit();
        if (limit == null) {
            return "";
        }
        Map<String, Long> throttled = limit.throttling() == null ? Map.of() : limit.throttling().getOrDefault(target.label(), Map.of());
        return "<br><small>" + Html.text("CPU limit " + limit.cpus() + " per " + limit.periodMs() + " ms (" + limit.controller() + ")"
                + (throttled.isEmpty() ? "" : ", throttled in " + throttled.get("throttledPeriods") + " of "
                        + throttled.get("periods") + " periods, " + throttled.get("throttledMicros") / 1000 + " ms in all"))
                + "</small>";
    }

    /**
     * A link relative to the page, or "–" when the results name no file, or its name when it is not
     * there. A report counts as there when its folder is: the page a run writes at its end comes just
     * before Gatling writes that run's report into the folder it already has.
     */
    private static void link(StringBuilder h, Path file, Path dir, boolean report) {
        if (file == null) {
            h.append(UNKNOWN);
            return;
        }
        String name = (report ? file.getParent().getFileName() : file.getFileName()).toString();
        if (report ? !Files.isDirectory(file.getParent()) : !Files.isRegularFile(file)) {
            h.append(Html.text(name)).append(" <small>(not here)</small>");
            return;
        }
        String href = dir.toAbsolutePath().normalize().relativize(file).toString().replace('\\', '/');
        h.append("<a href=\"").append(Html.text(href)).append("\">").append(Html.text(name)).append("</a>");
    }

    private static void tiersTable(StringBuilder h, List<Series> series) {
        h.append("<table class=\"tiers\">\n<tr><th>users</th><th class=\"l\">target</th>");
        TierRow.HEADERS.forEach(header -> h.append("<th>").append(Html.text(header)).append("</th>"));
        h.append("<th class=\"l\">failures</th><th class=\"l\">flags</th></tr>\n");
        for (int users : users(series)) {
            boolean first = true;
            for (Series one : series) {
                Optional<TierResult> found = one.tier(users);
                if (found.isEmpty()) {
                    continue;
                }
                TierRow row = TierRow.of(found.get());
                h.append(first ? "<tr class=\"first\">" : "<tr>").append("<td>").append(users).append("</td><td class=\"l\">")
                        .append(Html.text(one.label())).append("</td>");
                row.cells(UNKNOWN).forEach(cell -> h.append("<td>").append(Html.text(cell)).append("</td>"));
                h.append("<td class=\"l\">").append(Html.text(row.failures().isEmpty() ? "" : row.failures().toString()))
                        .append("</td><td class=\"l\">").append(flags(row)).append("</td></tr>\n");
                first = false;
            }
        }
        h.append("</table>\n");
    }

    private static String flags(TierRow row) {
        List<String> flags = new ArrayList<>();
        if (row.flags().contains(TierRow.INJECTOR_SATURATED)) {
            flags.add("<span class=\"flag\" title=\"Gatling used nearly all its cores: this tier measures the injector\">"
                    + TierRow.INJECTOR_SATURATED + "</span>");
        }
        if (row.flags().contains(TierRow.MACHINE_BUSY)) {
            flags.add("<span title=\"target and injector competed for the machine's CPUs\">" + TierRow.MACHINE_BUSY + "</span>");
        }
        return String.join(" ", flags);
    }

    static String markdown(RunSet set) {
        List<Series> series = Series.of(set.runs());
        StringBuilder m = new StringBuilder("## container-bench: ").append(title(set)).append("\n\n");
        for (StoredRun stored : set.runs()) {
            RunResult run = stored.run();
            m.append("- ").append(run.description()).append(": run `").append(run.runId()).append("`, ").append(run.status())
                    .append(", ").append(String.join(", ", run.targets().stream().map(t -> t.label() + " " + t.containerVersion()).toList()))
                    .append("\n");
        }
        for (StoredRun stored : set.runs()) {
            if (stored.run().interleaved()) {
                m.append("\n### Verdicts: ").append(stored.run().description()).append(" (`").append(stored.run().runId())
                        .append("`)\n\n");
                Verdicts.sentences(stored.run()).forEach(v -> m.append("- ").append(v).append('\n'));
                m.append("\n").append(Verdicts.warmups(stored.run())).append('\n');
            }
        }
        List<List<StoredRun>> groups = Likeness.groups(set.runs());
        for (List<StoredRun> group : groups) {
            List<Series> inGroup = series.stream().filter(s -> group.contains(s.stored())).toList();
            m.append("\n### Figures: ").append(String.join(", ", group.stream().map(r -> "`" + r.run().runId() + "`").toList()))
                    .append("\n\n| users | target | ").append(String.join(" | ", TierRow.HEADERS)).append(" | flags |\n|---:|---|")
                    .append("---:|".repeat(TierRow.HEADERS.size())).append("---|\n");
            for (int users : users(inGroup)) {
                for (Series one : inGroup) {
                    one.tier(users).map(TierRow::of).ifPresent(row -> m.append("| ").append(users).append(" | ")
                            .append(one.label()).append(" | ").append(String.join(" | ", row.cells(UNKNOWN)))
                            .append(" | ").append(String.join(", ", row.flags())).append(" |\n"));
                }
            }
            List<String> findings = Findings.sentences(inGroup.stream().filter(s -> !s.run().interleaved()).toList());
            if (!findings.isEmpty()) {
                m.append('\n');
                findings.forEach(f -> m.append("- ").append(f).append('\n'));
            }
        }
        if (groups.size() > 1) {
            m.append("\n### Not compared\n\n");
            differences(groups).forEach(d -> m.append("- ").append(d).append('\n'));
        }
        set.problems().forEach(p -> m.append("\nLeft out: ").append(p).append('\n'));
        return m.toString();
    }

    private static TreeSet<Integer> users(List<Series> series) {
        TreeSet<Integer> users = new TreeSet<>();
        series.forEach(one -> one.tiers().forEach(t -> users.add(t.users())));
        return users;
    }

    private static Map<String, Object> chartData(List<Series> series) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("users", users(series));
        List<Map<String, Object>> lines = new ArrayList<>();
        for (Series one : series) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("label", one.label());
            List<Object> tps = new ArrayList<>();
            List<Object> p99 = new ArrayList<>();
            List<Object> cpu = new ArrayList<>();
            for (int users : users(series)) {
                Optional<TierResult> t = one.tier(users);
                tps.add(t.map(TierResult::tps).orElse(null));
                p99.add(t.map(TierResult::latencyMs).map(TierResult.Latency::p99).orElse(null));
                cpu.add(t.map(TierResult::resources).map(TierResources::targetCpuMicrosPerRequest).filter(v -> v >= 0).orElse(null));
            }
            line.put("tps", tps);
            line.put("p99", p99);
            line.put("cpu", cpu);
            lines.add(line);
        }
        data.put("series", lines);
        return data;
    }

    /** One interleaved run's ratios per tier, each with its interval, for the TPS and for CPU per response. */
    private static Map<String, Object> ratioData(String id, RunResult run) {
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("id", id);
        chart.put("title", "Ratio to " + run.baseline().label() + " per tier, with 95% intervals");
        chart.put("tiers", run.comparisons().stream().map(TierComparison::tier).toList());
        List<Map<String, Object>> datasets = new ArrayList<>();
        for (int other = 0; other < run.targets().size() - 1; other++) {
            int o = other;
            String label = run.targets().get(other + 1).label();
            List<TierComparison.Comparison> ofOther = run.comparisons().stream().map(t -> t.comparison().get(o)).toList();
            datasets.add(Map.of("label", label + " TPS", "ratio", ofOther.stream().map(c -> c.injectorLimited() ? null : c.tpsRatio()).toList(),
                    "interval", ofOther.stream().map(c -> c.injectorLimited() ? null : List.of(c.tpsRatioLow(), c.tpsRatioHigh())).toList()));
            datasets.add(Map.of("label", label + " CPU per response", "ratio", ofOther.stream().map(c -> c.cpuKnown() ? c.cpuRatio() : null).toList(),
                    "interval", ofOther.stream().map(c -> c.cpuKnown() ? List.of(c.cpuRatioLow(), c.cpuRatioHigh()) : null).toList()));
        }
        chart.put("datasets", datasets);
        return chart;
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // Draws the charts from the embedded data, then records on <body> how many it drew: TPS, p99 and
    // CPU per request against users, and for each interleaved run its ratios as points, each over
    // the floating bar of its interval, on a log scale (a ratio of 0.8 as far from 1 as one of 1.25).
    private static final String RENDER = """
            (function () {
              var data = JSON.parse(document.getElementById('chart-data').textContent);
              var colors = ['#d9480f', '#1c7ed6', '#2b8a3e', '#862e9c', '#e67700', '#0b7285'];
              function chart(id, key, title, unit) {
                return new Chart(document.getElementById(id), {
                  type: 'line',
                  data: {
                    labels: data.users,
                    datasets: data.series.map(function (s, i) {
                      return { label: s.label, data: s[key], borderColor: colors[i % colors.length],
                               backgroundColor: colors[i % colors.length], spanGaps: true };
                    })
                  },
                  options: {
                    animation: false, responsive: true, maintainAspectRatio: false,
                    plugins: { title: { display: true, text: title } },
                    scales: { x: { title: { display: true, text: 'concurrent users' } },
                              y: { beginAtZero: true, title: { display: true, text: unit } } }
                  }
                });
              }
              function ratios(r) {
                var sets = [];
                r.datasets.forEach(function (d, i) {
                  var color = colors[i % colors.length];
                  sets.push({ type: 'bar', label: d.label + ' (95% interval)', data: d.interval,
                              backgroundColor: color + '55', borderColor: color, borderWidth: 1 });
                  sets.push({ type: 'line', label: d.label, data: d.ratio, showLine: false, pointRadius: 5,
                              borderColor: color, backgroundColor: color });
                });
                sets.push({ type: 'line', label: '1 = the same', data: r.tiers.map(function () { return 1; }),
                            borderColor: '#888', borderDash: [6, 4], pointRadius: 0, borderWidth: 1 });
                return new Chart(document.getElementById(r.id), {
                  data: { labels: r.tiers, datasets: sets },
                  options: {
                    animation: false, responsive: true, maintainAspectRatio: false,
                    plugins: { title: { display: true, text: r.title } },
                    scales: { y: { type: 'logarithmic', title: { display: true, text: 'ratio (1 = the same; log scale)' } } }
                  }
                });
              }
              var drawn = [chart('chart-tps', 'tps', 'TPS against users', 'OK responses per second'),
                           chart('chart-p99', 'p99', 'p99 response time against users', 'ms'),
                           chart('chart-cpu', 'cpu', 'Target CPU per request against users', 'µs per OK response')]
                  .concat(data.ratios.map(ratios));
              document.body.dataset.charts = drawn.filter(function (c) { return c.data.datasets.length > 0; }).length;
            })();
            """;
}
