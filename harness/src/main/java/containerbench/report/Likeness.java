package containerbench.report;

import containerbench.measure.Environment;
import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What must agree for two runs' figures to be set against each other: the plan, the warm-up, the
 * workload (closed or open), how the load reused connections, the client that sent it, what the targets spoke (cleartext HTTP/1.1, over TLS, h2), the machine,
 * where each JVM ran, the targets' CPU limit and how the target was launched. Runs that differ in
 * any are listed apart, the difference named, and no finding is written between them or pooled.
 */
final class Likeness {

    private Likeness() {
    }

    /** The aspects of a run that must agree, by name, as the page names them. */
    static Map<String, String> of(RunResult run) {
        Map<String, String> aspects = new LinkedHashMap<>();
        RunResult.Plan plan = run.plan();
        aspects.put("plan", plan == null ? "–" : plan.tiers() + " users, " + (run.interleaving() == null
                ? plan.tierSeconds() + " s per tier"
                : run.interleaving().rounds() + " rounds of " + run.interleaving().blockSeconds() + " s blocks"));
        aspects.put("warm-up", plan == null ? "–" : plan.warmupSeconds() + " s at " + plan.warmupUsers() + " users");
        aspects.put("workload", plan == null ? "–" : plan.open() == null ? "closed" : "open");
        aspects.put("connections", plan == null ? "–" : plan.reuse().spelled());
        aspects.put("client", plan == null ? "–" : plan.sentBy().spelled());
        aspects.put("transport", transport(run.targets()));
        Environment env = run.environment();
        aspects.put("machine", env == null ? "–" : env.logicalCpus() + " CPUs (" + env.cpu() + "), " + env.memoryMib() + " MiB");
        aspects.put("CPU placement", env == null ? "–" : "target on " + Objects.requireNonNullElse(env.targetCpus(), "–")
                + ", Gatling on " + env.injectorCpus());
        RunResult.CpuLimit limit = run.cpuLimit();
        aspects.put("CPU limit", limit == null ? "none" : limit.cpus() + " CPU per " + limit.periodMs() + " ms");
        RunResult.Target baseline = run.baseline();
        aspects.put("launch", baseline == null ? "–" : baseline.launched() ? "launched by the run" : "running elsewhere");
        return aspects;
    }

    /**
     * What the targets spoke, in target order: one word when all spoke alike ({@code h2}), else each
     * ({@code h1-tls, h2}). A target started elsewhere at an https address, whose handshake the run did
     * not check, is {@code https}.
     */
    static String transport(List<RunResult.Target> targets) {
        List<String> each = targets.stream().map(t -> t.tls() != null ? t.tls().http()
                : t.url() != null && t.url().startsWith("https:") ? "https" : "h1").toList();
        return each.isEmpty() ? "–" : each.stream().distinct().count() == 1 ? each.get(0) : String.join(", ", each);
    }

    /** How {@code other} differs from {@code run}: "plan: [100, 500] users, 15 s per tier vs [100] users, 5 s per tier". */
    static List<String> differences(RunResult run, RunResult other) {
        Map<String, String> mine = of(run);
        Map<String, String> theirs = of(other);
        List<String> differences = new ArrayList<>();
        mine.forEach((aspect, value) -> {
            if (!value.equals(theirs.get(aspect))) {
                differences.add(aspect + ": " + theirs.get(aspect) + " vs " + value);
            }
        });
        return differences;
    }

    /** The runs in groups of runs alike in every aspect, in the order their first run comes. */
    static List<List<StoredRun>> groups(List<StoredRun> runs) {
        Map<Map<String, String>, List<StoredRun>> groups = new LinkedHashMap<>();
        runs.forEach(run -> groups.computeIfAbsent(of(run.run()), key -> new ArrayList<>()).add(run));
        return List.copyOf(groups.values());
    }
}
