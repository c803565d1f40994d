package containerbench.report;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import java.util.Formatter;
import java.util.List;

/** The per-tier table printed at the end of a run. */
public final class ConsoleTable {

    private ConsoleTable() {
    }

    public static String render(RunResult run) {
        Formatter out = new Formatter();
        out.format("%s %s: %d tier(s) of %d s after a %d s warm-up at %d users%n", run.description(),
                run.containerVersion(), run.tiers().size(), run.plan().tierSeconds(), run.plan().warmupSeconds(),
                run.plan().warmupUsers());
        out.format("%6s", "users");
        TierRow.HEADERS.forEach(header -> out.format(cell(header), header));
        out.format("%n");
        for (TierResult tier : run.tiers()) {
            TierRow row = TierRow.of(tier);
            out.format("%6d", row.users());
            List<String> cells = row.cells("-");
            for (int i = 0; i < cells.size(); i++) {
                out.format(cell(TierRow.HEADERS.get(i)), cells.get(i));
            }
            out.format("%s%n", row.flags().isEmpty() ? "" : "  " + String.join(", ", row.flags()));
            row.failures().forEach((reason, count) -> out.format("%6s   KO %s: %d%n", "", reason, count));
        }
        out.format("(response times in ms, of OK requests; TPS = OK responses per second of the tier;"
                + " CPU %% of one core, the target's; µs/req = target CPU microseconds per OK response)%n");
        return out.toString();
    }

    /** A column as wide as its header, and at least as wide as a count of requests. */
    private static String cell(String header) {
        return "%" + (Math.max(header.length(), 7) + 1) + "s";
    }
}
