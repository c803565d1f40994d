package containerbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import containerbench.measure.Environment;
import containerbench.measure.TierResources;
import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
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
 * The side-by-side comparison: one self-contained HTML page ({@code index.html}, Chart.js inside,
 * so it opens offline from a CI artifact) and the same table in Markdown ({@code summary.md}).
 * Links to Gatling's reports and the targets' logs are relative, so a copied folder keeps them.
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
        List<RunResult> runs = runs(set);
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>container-bench: ").append(Html.text(String.join(" vs ", runs.stream().map(r -> Findings.label(r, runs)).toList())))
                .append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}")
                .append("th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right;font-variant-numeric:tabular-nums}")
                .append("th{background:#f3f3f3}td.l,th.l{text-align:left}tr.first td{border-top:2px solid #888}")
                .append(".flag{color:#b00;font-weight:bold}.problems{color:#b00}.charts{display:flex;flex-wrap:wrap;gap:2em}")
                .append(".chart{width:560px;height:340px}small{color:#666}\n</style>\n</head>\n<body>\n");
        h.append("<h1>container-bench comparison</h1>\n<p>Generated ").append(Html.text(Instant.now()))
                .append(" from ").append(runs.size()).append(" run(s). Response times in ms of OK requests;")
                .append(" TPS = OK responses per second of the tier; CPU in % of one core; ").append(UNKNOWN)
                .append(": not known.</p>\n");
        if (!set.problems().isEmpty()) {
            h.append("<h2>Left out</h2>\n<ul class=\"problems\" id=\"problems\">\n");
            set.problems().forEach(p -> h.append("<li>").append(Html.text(p)).append("</li>\n"));
            h.append("</ul>\n");
        }
        runsTable(h, set.runs(), runs, dir);
        List<String> findings = Findings.sentences(runs);
        if (!findings.isEmpty()) {
            h.append("<h2>Findings</h2>\n<ul id=\"findings\">\n");
            findings.forEach(f -> h.append("<li>").append(Html.text(f)).append("</li>\n"));
            h.append("</ul>\n");
        }
        tiersTable(h, runs);
        h.append("<h2>Charts</h2>\n<div class=\"charts\">")
                .append("<div class=\"chart\"><canvas id=\"chart-tps\"></canvas></div>")
                .append("<div class=\"chart\"><canvas id=\"chart-p99\"></canvas></div>")
                .append("<div class=\"chart\"><canvas id=\"chart-cpu\"></canvas></div></div>\n");
        h.append("<script type=\"application/json\" id=\"chart-data\">").append(Html.scriptJson(chartData(runs))).append("</script>\n");
        h.append("<script>\nwindow.addEventListener('error', function (e) { document.body.dataset.errors = (document.body.dataset.errors || '') + e.message + ';'; });\n</script>\n");
        h.append("<script>\n").append(ChartJs.script().replace("</script", "<\\/script")).append("\n</script>\n");
        h.append("<script>\n").append(RENDER).append("</script>\n</body>\n</html>\n");
        return h.toString();
    }

    private static List<RunResult> runs(RunSet set) {
        return set.runs().stream().map(StoredRun::run).toList();
    }

    private static void runsTable(StringBuilder h, List<StoredRun> stored, List<RunResult> runs, Path dir) {
        h.append("<h2>Runs</h2>\n<table id=\"runs\">\n<tr><th class=\"l\">run</th><th class=\"l\">container</th><th class=\"l\">started</th>")
                .append("<th class=\"l\">status</th><th class=\"l\">plan</th><th class=\"l\">target JVM</th>")
                .append("<th class=\"l\">settings</th><th class=\"l\">machine</th><th class=\"l\">Gatling report</th>")
                .append("<th class=\"l\">target log</th></tr>\n");
        for (StoredRun one : stored) {
            RunResult run = one.run();
            h.append("<tr><td class=\"l\">").append(Html.text(run.runId())).append("</td><td class=\"l\">")
                    .append(Html.text(run.container() + " " + run.containerVersion())).append("</td><td class=\"l\">")
                    .append(Html.text(run.startedAt())).append("</td><td class=\"l\">").append(Html.text(run.status()))
                    .append("</td><td class=\"l\">");
            if (run.plan() != null) {
                h.append(Html.text(run.plan().tiers() + " users, " + run.plan().tierSeconds() + " s each after "
                        + run.plan().warmupSeconds() + " s warm-up"));
            }
            h.append("</td><td class=\"l\">");
            if (run.target() != null) {
                h.append(Html.text(run.target().launched() ? "Java " + run.target().java() + " " + run.target().jvmArgs()
                        : "running at " + run.target().url()));
            }
            h.append("</td><td class=\"l\"><small>");
            if (run.target() != null && run.target().settings() != null) {
                run.target().settings().forEach((k, v) -> h.append(Html.text(k + "=" + v)).append("<br>"));
            }
            h.append("</small></td><td class=\"l\"><small>");
            if (run.environment() != null) {
                Environment env = run.environment();
                h.append(Html.text(env.logicalCpus() + " CPUs (" + env.cpu() + "), " + env.memoryMib() + " MiB, "
                        + env.os())).append("<br>").append(Html.text("ulimit -n " + env.injectorOpenFilesLimit()
                        + ", somaxconn " + env.somaxconn() + ", target CPUs " + (env.targetCpus() == null ? UNKNOWN : env.targetCpus())
                        + ", injector CPUs " + env.injectorCpus()));
            }
            h.append("</small></td><td class=\"l\">");
            link(h, one.gatlingReport(), dir, true);
            h.append("</td><td class=\"l\">");
            link(h, run.target() == null ? null : one.resolve(run.target().log()), dir, false);
            h.append("</td></tr>\n");
        }
        h.append("</table>\n");
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

    private static void tiersTable(StringBuilder h, List<RunResult> runs) {
        h.append("<h2>Per tier</h2>\n<table id=\"tiers\">\n<tr><th>users</th><th class=\"l\">run</th>");
        TierRow.HEADERS.forEach(header -> h.append("<th>").append(Html.text(header)).append("</th>"));
        h.append("<th class=\"l\">failures</th><th class=\"l\">flags</th></tr>\n");
        for (int users : users(runs)) {
            boolean first = true;
            for (RunResult run : runs) {
                Optional<TierResult> found = Findings.tier(run, users);
                if (found.isEmpty()) {
                    continue;
                }
                TierRow row = TierRow.of(found.get());
                h.append(first ? "<tr class=\"first\">" : "<tr>").append("<td>").append(users).append("</td><td class=\"l\">")
                        .append(Html.text(Findings.label(run, runs))).append("</td>");
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
        List<RunResult> runs = runs(set);
        StringBuilder m = new StringBuilder("## container-bench: ")
                .append(String.join(" vs ", runs.stream().map(r -> Findings.label(r, runs)).toList())).append("\n\n");
        for (RunResult run : runs) {
            m.append("- ").append(Findings.label(run, runs)).append(' ').append(run.containerVersion()).append(": run `")
                    .append(run.runId()).append("`, ").append(run.status()).append("\n");
        }
        m.append("\n| users | run | ").append(String.join(" | ", TierRow.HEADERS)).append(" | flags |\n|---:|---|")
                .append("---:|".repeat(TierRow.HEADERS.size())).append("---|\n");
        for (int users : users(runs)) {
            for (RunResult run : runs) {
                Findings.tier(run, users).map(TierRow::of).ifPresent(row -> m.append("| ").append(users).append(" | ")
                        .append(Findings.label(run, runs)).append(" | ").append(String.join(" | ", row.cells(UNKNOWN)))
                        .append(" | ").append(String.join(", ", row.flags())).append(" |\n"));
            }
        }
        List<String> findings = Findings.sentences(runs);
        if (!findings.isEmpty()) {
            m.append('\n');
            findings.forEach(f -> m.append("- ").append(f).append('\n'));
        }
        set.problems().forEach(p -> m.append("\nLeft out: ").append(p).append('\n'));
        return m.toString();
    }

    private static TreeSet<Integer> users(List<RunResult> runs) {
        TreeSet<Integer> users = new TreeSet<>();
        runs.forEach(run -> run.tiers().forEach(t -> users.add(t.users())));
        return users;
    }

    private static String chartData(List<RunResult> runs) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("users", users(runs));
        List<Map<String, Object>> series = new ArrayList<>();
        for (RunResult run : runs) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("label", Findings.label(run, runs));
            List<Object> tps = new ArrayList<>();
            List<Object> p99 = new ArrayList<>();
            List<Object> cpu = new ArrayList<>();
            for (int users : users(runs)) {
                Optional<TierResult> t = Findings.tier(run, users);
                tps.add(t.map(TierResult::tps).orElse(null));
                p99.add(t.map(TierResult::latencyMs).map(TierResult.Latency::p99).orElse(null));
                cpu.add(t.map(TierResult::resources).map(TierResources::targetCpuMicrosPerRequest).filter(v -> v >= 0).orElse(null));
            }
            one.put("tps", tps);
            one.put("p99", p99);
            one.put("cpu", cpu);
            series.add(one);
        }
        data.put("series", series);
        try {
            return JSON.writeValueAsString(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // Draws the three charts from the embedded data, then records on <body> how many it drew.
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
              var drawn = [chart('chart-tps', 'tps', 'TPS against users', 'OK responses per second'),
                           chart('chart-p99', 'p99', 'p99 response time against users', 'ms'),
                           chart('chart-cpu', 'cpu', 'Target CPU per request against users', 'µs per OK response')];
              document.body.dataset.charts = drawn.filter(function (c) { return c.data.datasets.length > 0; }).length;
            })();
            """;
}
