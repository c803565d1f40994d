package containerbench.report;

import containerbench.results.Estimates;
import containerbench.results.Pooled;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Several runs of the same comparison (the same targets, design and machine) read as one: per tier,
 * target and figure, the runs' ratios pooled with random effects ({@link Pooled}), and where the runs
 * disagree beyond their own intervals, each run's ratio beside the pool. One run's interval is honest
 * about the noise inside that run and silent about the machine's state from one hour to the next;
 * the pool's is not.
 */
final class Pooling {

    private Pooling() {
    }

    static List<String> sentences(List<StoredRun> runs) {
        Map<List<Object>, List<RunResult>> comparisons = new LinkedHashMap<>();
        for (StoredRun stored : runs) {
            RunResult run = stored.run();
            if (run.interleaved()) {
                comparisons.computeIfAbsent(sameComparison(run), key -> new ArrayList<>()).add(run);
            }
        }
        List<String> sentences = new ArrayList<>();
        for (List<RunResult> alike : comparisons.values()) {
            if (alike.size() >= 2) {
                sentences.addAll(pooled(alike));
            }
        }
        return sentences;
    }

    /**
     * What runs must share to be pooled: the targets, the blocks and rounds, the warm-up, the machine, the
     * CPU placement and limit, the launch. Not the list of tiers: a tier of 500 users is pooled with the
     * 500-user tiers of runs that had other tiers beside it.
     */
    static List<Object> sameComparison(RunResult run) {
        Map<String, String> aspects = new LinkedHashMap<>(Likeness.of(run));
        aspects.remove("plan");
        return List.of(run.targets().stream().map(RunResult.Target::label).toList(), run.interleaving().rounds(),
                run.interleaving().blockSeconds(), aspects);
    }

    private static List<String> pooled(List<RunResult> alike) {
        Map<List<Object>, List<Estimates.Estimate>> byRatio = new LinkedHashMap<>();
        Map<List<Object>, List<String>> runIds = new LinkedHashMap<>();
        for (RunResult run : alike) {
            for (Estimates.Estimate e : Estimates.of(run)) {
                List<Object> key = List.of(e.users(), e.other(), e.metric());
                byRatio.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
                runIds.computeIfAbsent(key, k -> new ArrayList<>()).add(run.runId());
            }
        }
        String baseline = alike.get(0).baseline().label();
        List<String> sentences = new ArrayList<>();
        // Whether runs disagree is asked of every ratio at once: one family, adjusted together.
        int statements = (int) byRatio.values().stream().filter(estimates -> estimates.size() >= 2).count();
        byRatio.forEach((key, estimates) -> {
            if (estimates.size() < 2) {
                return;
            }
            Pooled pool = Pooled.of(estimates.stream().mapToDouble(Estimates.Estimate::log).toArray(),
                    estimates.stream().mapToDouble(Estimates.Estimate::variance).toArray(),
                    estimates.stream().mapToInt(Estimates.Estimate::df).toArray(), statements);
            Estimates.Estimate first = estimates.get(0);
            StringBuilder s = new StringBuilder(first.other()).append(" against ").append(baseline).append(", ")
                    .append(first.metric()).append(" at ").append(Verdicts.load(first.users(), alike.get(0).loadUnit()))
                    .append(", ");
            if (pool.runs() < 3) {
                // Two runs say little of the spread between runs: their ratios side by side, no pool.
                s.append("repeated in ").append(pool.runs()).append(" runs (").append(String.join(", ", runIds.get(key)))
                        .append("): ").append(String.join(" and ", estimates.stream()
                                .map(e -> String.format(Locale.ROOT, "%.2f×", Math.exp(e.log()))).toList()))
                        .append(", too few to pool (three runs at least)");
            } else {
                s.append("pooled over ").append(pool.runs()).append(" runs (").append(String.join(", ", runIds.get(key)))
                        .append("): ").append(String.format(Locale.ROOT, "%.2f×", pool.ratio())).append(" (95% CI ")
                        .append(Verdicts.interval(pool.low(), pool.high())).append(", random effects, between-run spread ±")
                        .append(String.format(Locale.ROOT, "%.1f%%", 100 * Math.expm1(pool.tau()))).append("; the next run should read ")
                        .append(Verdicts.interval(pool.predictionLow(), pool.predictionHigh())).append(")");
            }
            if (pool.disagree(statements)) {
                s.append("; the runs disagree beyond their own intervals (Cochran's Q ").append(pool.agreement().q()).append(", p")
                        .append(p(pool.agreement().calibratedP())).append(" by bootstrap, adjusted for ").append(statements).append("): ")
                        .append(String.join(", ", estimates.stream().map(e -> String.format(Locale.ROOT, "%.2f×", Math.exp(e.log()))).toList()));
            } else {
                s.append("; the runs agree within their intervals (Q ").append(pool.agreement().q()).append(", p")
                        .append(p(pool.agreement().calibratedP())).append(" by bootstrap)");
            }
            sentences.add(s.append('.').toString());
        });
        return sentences;
    }

    private static String p(double p) {
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "=%.3f", p);
    }
}
