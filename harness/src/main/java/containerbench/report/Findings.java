package containerbench.report;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The study's kind of conclusions: each run against the first (the baseline), tier by tier. */
final class Findings {

    private Findings() {
    }

    static String label(RunResult run, List<RunResult> all) {
        long same = all.stream().filter(r -> r.container().equals(run.container())).count();
        return same > 1 ? run.container() + " (" + run.runId() + ")" : run.container();
    }

    static Optional<TierResult> tier(RunResult run, int users) {
        return run.tiers().stream().filter(t -> t.users() == users).findFirst();
    }

    /** Sentences such as "undertow TPS is 74% of tomcat's at 500 users; it uses 31% more CPU per request". */
    static List<String> sentences(List<RunResult> runs) {
        List<String> out = new ArrayList<>();
        if (runs.size() < 2) {
            return out;
        }
        RunResult base = runs.get(0);
        for (RunResult other : runs.subList(1, runs.size())) {
            for (TierResult b : base.tiers()) {
                Optional<TierResult> o = tier(other, b.users());
                if (o.isEmpty() || b.tps() <= 0) {
                    continue;
                }
                StringBuilder s = new StringBuilder();
                s.append(label(other, runs)).append(" TPS is ").append(Math.round(100 * o.get().tps() / b.tps()))
                        .append("% of ").append(label(base, runs)).append("'s at ").append(b.users()).append(" users");
                double bCpu = b.resources() == null ? -1 : b.resources().targetCpuMicrosPerRequest();
                double oCpu = o.get().resources() == null ? -1 : o.get().resources().targetCpuMicrosPerRequest();
                if (bCpu > 0 && oCpu > 0) {
                    long more = Math.round(100 * (oCpu / bCpu - 1));
                    s.append("; it uses ").append(Math.abs(more)).append(more >= 0 ? "% more" : "% less")
                            .append(" CPU per request (").append(String.format("%.1f vs %.1f µs", oCpu, bCpu)).append(")");
                }
                if (b.latencyMs() != null && o.get().latencyMs() != null) {
                    s.append("; mean response time ").append(String.format("%+.1f ms", o.get().latencyMs().mean() - b.latencyMs().mean()));
                }
                if (o.get().failurePercent() != b.failurePercent()) {
                    s.append("; failures ").append(o.get().failurePercent()).append("% vs ").append(b.failurePercent()).append("%");
                }
                out.add(s.append('.').toString());
            }
        }
        return out;
    }
}
