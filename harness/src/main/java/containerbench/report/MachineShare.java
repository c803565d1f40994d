package containerbench.report;

import containerbench.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How full the machine was over a run's blocks and how often Gatling itself limited the load, in
 * figures: what the page says once per run and the console after the run's verdicts, the meaning of
 * each said once ({@link Caveat#MACHINE_FULL}, {@link Caveat#INJECTOR_LIMITED}).
 *
 * @param cpus the machine's CPUs where Gatling shared them with the targets; 0 where it did not, or they are not known
 * @param injectorPercent Gatling's mean CPU over the blocks, in % of all the machine's CPUs
 * @param injector what sent the load: Gatling, or with {@code -Dclient=wrk} wrk (its CPU with Gatling's idle JVM's)
 */
record MachineShare(int cpus, long blocks, long fullBlocks, double injectorPercent, long limitedBlocks, String injector) {

    static MachineShare of(RunResult run) {
        var env = run.environment();
        long blocks = run.blocks().size();
        boolean shared = env != null && env.logicalCpus() > 0 && !env.sharedCpus().isEmpty();
        long full = shared ? run.blocks().stream().filter(b -> b.cpu().machineFull()).count() : 0;
        double percent = shared ? run.blocks().stream().map(b -> b.cpu().injectorPercent()).filter(p -> p != null)
                .mapToDouble(Double::doubleValue).average().orElse(0) / env.logicalCpus() : 0;
        long limited = run.blocks().stream().filter(b -> b.injectorLimited()).count();
        String injector = run.plan() == null ? "Gatling" : switch (run.plan().sentBy()) {
            case GATLING -> "Gatling";
            case WRK -> "wrk";
        };
        return new MachineShare(shared ? env.logicalCpus() : 0, blocks, full, percent, limited, injector);
    }

    String full() {
        return String.format(Locale.ROOT, "%s shared the targets' %d CPUs, full in %d of %d blocks, and used %.0f%% of them",
                injector, cpus, fullBlocks, blocks, injectorPercent);
    }

    String limited() {
        return limited(injector + " itself");
    }

    private String limited(String who) {
        return String.format(Locale.ROOT, "%s limited the load in %d of %d blocks", who, limitedBlocks, blocks);
    }

    /** The caveats these figures bring up, for the page's notes. */
    List<Caveat> caveats() {
        List<Caveat> caveats = new ArrayList<>();
        if (fullBlocks > 0) {
            caveats.add(Caveat.MACHINE_FULL);
        }
        if (limitedBlocks > 0) {
            caveats.add(Caveat.INJECTOR_LIMITED);
        }
        return caveats;
    }

    /** The figures in one sentence, or {@code null} when the machine was never full and Gatling never the limit. */
    String sentence() {
        List<String> parts = new ArrayList<>();
        if (fullBlocks > 0) {
            parts.add(full());
        }
        if (limitedBlocks > 0) {
            parts.add(limited(parts.isEmpty() ? injector + " itself" : "it"));
        }
        return parts.isEmpty() ? null : String.join("; ", parts) + ".";
    }
}
