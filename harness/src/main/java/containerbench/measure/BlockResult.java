package containerbench.measure;

/**
 * One block of an interleaved tier: one target loaded alone for a while, measured on its own. Its
 * CPU is read from the target's process at the block's start and end, so that the CPU per response
 * of a short block is exact to the kernel's accounting, not an average of one-second samples.
 *
 * @param round which round of the tier (0 first); each round holds one block of every target
 * @param target the label of the target it loaded
 * @param tps OK responses per second, over the block's first request to its last response
 * @param targetCpuMicrosPerResponse the target's CPU time over the block per OK response, or -1 if unknown
 * @param injectorCpuPercent Gatling's CPU over the block, in % of one core
 * @param injectorLimited Gatling used nearly all the cores it may use: the block measured the injector
 * @param latencyHistogram the block's response times of OK responses ({@link Histograms}), or {@code null}
 */
public record BlockResult(String tier, int users, int round, String target, long startMillis, long endMillis,
        long requests, long ok, long ko, double tps, double targetCpuMicrosPerResponse, double injectorCpuPercent,
        boolean injectorLimited, String latencyHistogram) {
}
