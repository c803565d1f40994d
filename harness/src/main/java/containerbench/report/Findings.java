package containerbench.report;

import containerbench.measure.TierResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The study's kind of conclusions between separate runs measured alike: each series against the
 * first (the baseline), tier by tier. Separate runs give no interval, so each sentence says so; an
 * interleaved run gives {@link Verdicts} instead.
 */
final class Findings {

    static final String UNPAIRED = " (separate runs: no interval)";

    private Findings() {
    }

    /** Sentences such as "undertow TPS is 74% of tomcat's at 500 users; it uses 31% more CPU per request". */
    static List<String> sentences(List<Series> series) {
        List<String> out = new ArrayList<>();
        if (series.size() < 2) {
            return out;
        }
        Series base = series.get(0);
        for (Series other : series.subList(1, series.size())) {
            for (TierResult b : base.tiers()) {
                Optional<TierResult> o = other.tier(b.users());
                if (o.isEmpty() || b.tps() <= 0) {
                    continue;
                }
                StringBuilder s = new StringBuilder();
                s.append(other.label()).append(" TPS is ").append(Math.round(100 * o.get().tps() / b.tps()))
                        .append("% of ").append(base.label()).append("'s at ").append(b.users()).append(" users");
                if (saturated(b) || saturated(o.get())) {
                    s.append(" (Gatling itself limited the load)");
                } else if (full(b) || full(o.get())) {
                    s.append(" (the machine was full: container and Gatling together)");
                }
                Double bCpu = b.resources() == null ? null : b.resources().targetCpuMicrosPerRequest();
                Double oCpu = o.get().resources() == null ? null : o.get().resources().targetCpuMicrosPerRequest();
                if (bCpu != null && oCpu != null && bCpu > 0 && oCpu > 0) {
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
                out.add(s.append(UNPAIRED).append('.').toString());
            }
        }
        return out;
    }

    private static boolean saturated(TierResult tier) {
        return tier.resources() != null && tier.resources().injectorSaturated();
    }

    private static boolean full(TierResult tier) {
        return tier.resources() != null && tier.resources().machineSaturated();
    }
}
