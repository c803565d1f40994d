package containerbench.cli;

import containerbench.report.RegressionCheck;
import containerbench.results.StoredRun;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** {@code ./bench gate}: a pull request's decision, from the run of the base's build against the change's. */
final class GateCommand implements Command {

    @Override
    public String name() {
        return "gate";
    }

    @Override
    public String summary() {
        return "fails when a run's change (its second target) is slower than its base beyond a threshold";
    }

    @Override
    public List<String> help() {
        return List.of("usage: ./bench gate [--threshold PERCENT] RUN.json", "",
                "Reads an interleaved run whose baseline is the base's build and whose second target is the change's",
                "(tomcat[app.war=base.war],tomcat[app.war=change.war], or two versions), and fails only where",
                "the adjusted interval of a ratio lies wholly beyond the threshold on the worse side: CPU per",
                "response above 1 + threshold, a judged TPS ratio below 1 - threshold; or where the change fails",
                "a tier its base passes. Prints a line per tier and figure, as a Markdown table.",
                "Exit status 0 when no regression, 1 on a regression or an unreadable file, 2 for a bad option.", "",
                "options:",
                "  --threshold PERCENT      the slowdown tolerated; default 5", "",
                "example:", "  ./bench gate --threshold 10 target/benchmarks/tomcat-tomcat-20261206-140102.json");
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) {
        arguments.only(List.of("threshold"), name());
        double threshold;
        try {
            threshold = Double.parseDouble(arguments.options().getOrDefault("threshold", "5"));
        } catch (NumberFormatException e) {
            throw new UsageException("bad value --threshold=" + arguments.options().get("threshold") + ": it accepts a percentage >= 0, such as 5");
        }
        if (!(threshold >= 0) || threshold >= 100) {
            throw new UsageException("bad value --threshold=" + arguments.options().get("threshold") + ": it accepts a percentage from 0 to 100");
        }
        StoredRun stored = OneRun.read(arguments, name(), err);
        if (stored == null) {
            return Bench.FAILED;
        }
        RegressionCheck check = new RegressionCheck(threshold / 100);
        List<RegressionCheck.Finding> findings;
        try {
            findings = check.findings(stored.run());
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return Bench.FAILED;
        }
        var first = stored.run().comparisons().get(0).comparison().get(0);
        out.println("### " + first.other() + " (change) against " + first.baseline() + " (base), regression threshold "
                + (threshold == Math.rint(threshold) ? Long.toString((long) threshold) : Double.toString(threshold)) + "%");
        out.println();
        out.println("| tier | figure | verdict | ratio |");
        out.println("| --- | --- | --- | --- |");
        findings.forEach(finding -> out.println("| " + finding.tier() + " | " + finding.figure() + " | "
                + finding.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " | " + finding.why() + " |"));
        boolean regressed = findings.stream().anyMatch(finding -> finding.verdict() == RegressionCheck.Verdict.REGRESSION);
        out.println();
        out.println(regressed ? "**Regression**: the change is worse than its base beyond the threshold, its whole adjusted interval."
                : "No regression beyond the threshold.");
        return regressed ? Bench.FAILED : Bench.DONE;
    }
}
