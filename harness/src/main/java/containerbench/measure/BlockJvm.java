package containerbench.measure;

/**
 * What the loaded target's JVM did over one block, from its own counters read at the block's turns
 * ({@link TargetJvm}), as its CPU is from the kernel's: the garbage its responses made and the time
 * its collectors stopped it. A collection may fall in the next block, or in a wait between, so the
 * pauses of one short block say little; a tier's, summed over its blocks, say more.
 *
 * @param allocatedBytes the bytes its threads allocated between the turns; {@code null} where the JVM does not count them
 * @param pauseMillis how long its collectors stopped it between the turns
 * @param collections how many collections stopped it
 * @param millis the time between the two readings
 */
public record BlockJvm(Long allocatedBytes, long pauseMillis, long collections, long millis) {

    /** Between two readings of the same JVM; {@code null} where either is unknown, or the second is the lower (another JVM). */
    public static BlockJvm between(TargetJvm.Gauge from, TargetJvm.Gauge to, long millis) {
        if (from == null || to == null || to.pauseMillis() < from.pauseMillis() || to.collections() < from.collections()) {
            return null;
        }
        Long allocated = from.allocatedBytes() == null || to.allocatedBytes() == null || to.allocatedBytes() < from.allocatedBytes()
                ? null : to.allocatedBytes() - from.allocatedBytes();
        return new BlockJvm(allocated, to.pauseMillis() - from.pauseMillis(), to.collections() - from.collections(), millis);
    }
}
