package containerbench.measure;

/**
 * What the CPUs did over one block: the loaded target's, Gatling's and the whole machine's. Each is
 * read at the block's turns from the kernel's accounting; {@code null} where it could not be read.
 *
 * @param targetMicrosPerResponse the loaded target's CPU time over the block alone per OK response
 * @param withWaitsMicrosPerResponse the loaded target's CPU time from the end of its previous block
 *     of the tier to the end of this one, per OK response of this block: the block and the wait
 *     before it, in which its collector, compiler and timers go on (0.6 to 2.1% of a core here) and
 *     some of its own load's garbage is collected. Every moment of a tier after its lead-in is
 *     charged to exactly one block of each target, so over a tier nothing a target spent is left out.
 *     Schema 11 on; {@code null} before
 * @param injectorPercent Gatling's CPU over the block, in % of one core
 * @param injectorBusiestThreadPercent the CPU of Gatling's busiest thread over the block, in % of one
 *     core: an event loop near 100% limits the load however idle the other cores are (schema 11)
 * @param machineBusyPercent the whole machine's CPU, in % of all its cores, the hypervisor's steal not counted
 * @param machineStealPercent the share of all cores' time the hypervisor ran other guests instead
 * @param waitingPercent the CPU the other targets used while they waited for their turn, in % of one
 *     core: their garbage collection, compilation and timers
 */
public record BlockCpu(Double targetMicrosPerResponse, Double withWaitsMicrosPerResponse, Double injectorPercent,
        Double injectorBusiestThreadPercent, Double machineBusyPercent, Double machineStealPercent, Double waitingPercent) {

    /** Busy and stolen together at least this share of all cores: no core was left idle to speak of. */
    public static final double FULL_PERCENT = 95;

    /** Nothing read: a block whose figures are unknown. */
    public static BlockCpu unknown() {
        return new BlockCpu(null, null, null, null, null, null, null);
    }

    /**
     * The CPU per response a comparison charges the target: with the wait before the block where it
     * was read, else the block's alone (results before schema 11).
     */
    public Double chargedMicrosPerResponse() {
        return withWaitsMicrosPerResponse != null ? withWaitsMicrosPerResponse : targetMicrosPerResponse;
    }

    /** Whether the machine's cores were all busy or taken by the hypervisor: its TPS is of whatever shared them. */
    public boolean machineFull() {
        return machineBusyPercent != null && machineStealPercent != null && machineBusyPercent + machineStealPercent >= FULL_PERCENT;
    }
}
