package containerbench.measure;

/**
 * Whether Gatling itself limited the load: it used nearly all of the cores it may use, or one of its
 * threads (a Netty event loop, which serves its connections one after another) used nearly a whole
 * core, so that it could not have sent faster whatever the target did. A machine whose cores target
 * and Gatling fill together is another thing ({@link BlockCpu#machineFull}): there the rate is of
 * container and injector together, and a cheaper container leaves Gatling more; the flag stays
 * silent. On this project's 2-core machine, unpinned, Gatling takes about one core of the two at
 * every tier, the target the other, and neither rule fires; pinned to one core, Gatling fills it.
 */
public final class InjectorLimit {

    /** Nearly all: at least this share of the cores, or of one core for a thread. */
    static final double SATURATED = 0.9;

    /**
     * A tier's TPS and response times are judged only where the injector limited fewer than this
     * share of each target's blocks: one block of a dozen, where Gatling paused, says little about the
     * tier; a quarter of them does.
     */
    public static final double TIER_SHARE = 0.25;

    private InjectorLimit() {
    }

    /**
     * @param injectorPercent Gatling's CPU, in % of one core
     * @param injectorCores the cores Gatling may use
     * @param busiestThreadPercent its busiest thread's CPU, in % of one core; {@code null} where unknown
     */
    public static boolean limited(double injectorPercent, int injectorCores, Double busiestThreadPercent) {
        return injectorPercent >= SATURATED * 100.0 * injectorCores
                || busiestThreadPercent != null && busiestThreadPercent >= SATURATED * 100.0;
    }

    /**
     * The rule of results schemas 7 to 10, by which their files recorded the flag and older ones are
     * judged again: Gatling used nearly all the CPU it could have had, its cores and no more than its
     * own CPU plus what lay idle. It fires on a machine full with target and Gatling together.
     *
     * @param idlePercent the machine's idle CPU, in % of one core; negative where unknown, then only the cores count
     */
    public static boolean tookAllItCould(double injectorPercent, int injectorCores, double idlePercent) {
        double couldHave = 100.0 * injectorCores;
        if (idlePercent >= 0) {
            couldHave = Math.min(couldHave, injectorPercent + idlePercent);
        }
        return injectorPercent > 0 && injectorPercent >= SATURATED * couldHave;
    }

    /** Whether the injector limited at least {@link #TIER_SHARE} of these blocks (one target's at one tier). */
    public static boolean limitedTier(java.util.List<BlockResult> blocks) {
        return atTierShare(blocks, BlockResult::injectorLimited);
    }

    /** Whether at least {@link #TIER_SHARE} of these blocks (one target's at one tier) show {@code flag}. */
    public static boolean atTierShare(java.util.List<BlockResult> blocks, java.util.function.Predicate<BlockResult> flag) {
        return !blocks.isEmpty() && blocks.stream().filter(flag).count() >= TIER_SHARE * blocks.size();
    }
}
