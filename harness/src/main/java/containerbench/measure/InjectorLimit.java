package containerbench.measure;

/**
 * Whether Gatling limited the load: it used nearly all the CPU it could have had, so it could not
 * have sent faster. What it could have had is the cores it may use, and no more than its own CPU
 * plus what lay idle on the machine: pinned apart from the targets, that is its cores; sharing the
 * cores of a machine that target and injector keep busy, it is little more than Gatling already
 * took, and the rate is that of container and injector together. On this project's 2-core
 * machine, unpinned, Gatling takes about one core of the two at every tier, the target the other.
 */
public final class InjectorLimit {

    /** Nearly all: at least this share of what it could have had. */
    static final double SATURATED = 0.9;

    private InjectorLimit() {
    }

    /**
     * @param injectorPercent Gatling's CPU, in % of one core
     * @param injectorCores the cores Gatling may use
     * @param idlePercent the machine's idle CPU over the same time, in % of one core (neither busy
     *     nor taken by the hypervisor); negative where unknown, then only the cores count
     */
    public static boolean limited(double injectorPercent, int injectorCores, double idlePercent) {
        double couldHave = 100.0 * injectorCores;
        if (idlePercent >= 0) {
            couldHave = Math.min(couldHave, injectorPercent + idlePercent);
        }
        return injectorPercent > 0 && injectorPercent >= SATURATED * couldHave;
    }
}
