package containerbench.report;

import containerbench.results.Comparisons;
import containerbench.results.LatencyComparisons;
import containerbench.results.PairedRatio;
import containerbench.results.RequestComparison;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.util.ArrayList;
import java.util.List;

/**
 * With a mix of requests, one target against the baseline request by request: a row per request, a
 * cell per tier, each the ratio of the request's mean response times, paired block by block, with its
 * interval adjusted for the run's per-request intervals ({@link Comparisons#requests}) and what the
 * run says of it, by the verdict tables' rule. Empty for one request, and for results that kept no
 * block's requests (before schema 12).
 *
 * @param loads the tiers' loads, the columns: "100 users"
 * @param adjustedFor how many per-request intervals the run states, which each adjusted interval is adjusted for
 */
record RequestTable(String baseline, String other, List<String> loads, List<Row> rows, int adjustedFor) {

    /** One request: a cell per tier, in the columns' order. */
    record Row(String request, List<VerdictTable.Cell> cells) {
    }

    static List<RequestTable> of(RunResult run) {
        List<String> labels = run.targets().stream().map(RunResult.Target::label).toList();
        List<RequestComparison> all = LatencyComparisons.requests(run.blocks(), labels);
        List<String> requests = run.blocks().stream().filter(b -> b.byRequest() != null).findFirst()
                .map(b -> b.byRequest().stream().map(r -> r.name()).toList()).orElse(List.of());
        if (requests.isEmpty()) {
            return List.of();
        }
        List<String> loads = run.comparisons().stream().map(t -> Verdicts.load(t.tier(), t.users())).toList();
        int family = all.isEmpty() ? 0 : all.get(0).adjustedFor();
        List<RequestTable> tables = new ArrayList<>();
        for (int o = 1; o < labels.size(); o++) {
            String other = labels.get(o);
            List<Row> rows = new ArrayList<>();
            for (String request : requests) {
                List<VerdictTable.Cell> cells = new ArrayList<>();
                for (TierComparison tier : run.comparisons()) {
                    RequestComparison found = all.stream().filter(c -> c.other().equals(other) && c.request().equals(request)
                            && c.tier().equals(tier.tier())).findFirst().orElse(null);
                    cells.add(cell(found, tier.comparison().stream().filter(c -> c.other().equals(other)).findFirst().orElseThrow()));
                }
                rows.add(new Row(request, cells));
            }
            tables.add(new RequestTable(labels.get(0), other, loads, rows, family));
        }
        return tables;
    }

    /** Shorter or longer where the adjusted interval excludes 1; not judged, saying why, where no interval was formed. */
    private static VerdictTable.Cell cell(RequestComparison found, TierComparison.Comparison tier) {
        if (found == null) {
            return VerdictTable.unjudged(null, tier.failed() ? Caveat.TIER_FAILED : tier.injectorLimited() ? Caveat.INJECTOR_LIMITED
                    : Caveat.NO_LATENCIES);
        }
        PairedRatio mean = found.mean();
        PairedRatio adjusted = found.meanAdjusted();
        VerdictTable.Estimate estimate = new VerdictTable.Estimate(mean.ratio(), mean.low(), mean.high(), adjusted.low(),
                adjusted.high(), found.adjustedFor());
        if (mean.pairs() < 2) {
            return VerdictTable.unjudged(estimate, Caveat.TOO_FEW);
        }
        return found.leftOut() > 0 ? VerdictTable.unjudged(estimate, Caveat.SLOW_BLOCKS)
                : VerdictTable.judged(estimate, "shorter", "longer", false, null);
    }

    /** The table's title: whose requests against whose, and what each interval is adjusted for. */
    String title() {
        return other + "'s mean response time per request against " + baseline + "'s (" + (adjustedFor == 0
                ? "no per-request interval formed" : "adjusted for the run's " + adjustedFor + " per-request intervals")
                + "; ▲ longer, ▼ shorter, = no difference established, ○ not judged)";
    }

    /** Why cells of the table are not judged, each reason once, in the order first met. */
    List<Caveat> caveats() {
        return rows.stream().flatMap(row -> row.cells().stream()).map(VerdictTable.Cell::caveat).filter(c -> c != null).distinct()
                .toList();
    }

    /** The line said under the table where cells are not judged: each reason's few words. */
    String unjudged() {
        List<Caveat> caveats = caveats();
        return caveats.isEmpty() ? null : "○ not judged: " + String.join("; ", caveats.stream().map(Caveat::brief).toList());
    }
}
