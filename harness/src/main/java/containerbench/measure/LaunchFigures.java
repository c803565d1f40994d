package containerbench.measure;

/**
 * What one launch of one target cost besides its load (schema 21): how long it took to start, the
 * memory it held at rest after its warm-up, and its size on disk. Each launch's start-up is timed
 * with no other target starting beside it; a figure that could not be read is {@code null}, and
 * {@code unknown} says why.
 *
 * @param launch which launch (fresh JVMs), 0 first
 * @param startMillis from spawning its process to the first OK answer of the application
 * @param readyMillis from spawning its process to its launcher's line announcing the port
 * @param jvmMillis the target JVM's own part of {@code startMillis}: from its start, by its own
 *     {@code RuntimeMXBean.getStartTime}, to the first OK answer; a standalone server's script and
 *     launcher come before it
 * @param heapAtRestBytes the heap in use right after a full collection the run asked for, the warm-up
 *     over and no load on any target
 * @param rssAtRestBytes the process's resident memory at that moment (/proc): heap committed, code,
 *     threads' stacks, metaspace and the rest
 * @param diskBytes what the container is on disk: an embedded container's jars, a server's distribution
 * @param unknown why a figure is {@code null} (started elsewhere, its JVM could not be attached to); {@code null} when all are known
 */
public record LaunchFigures(String target, int launch, Long startMillis, Long readyMillis, Long jvmMillis, Long heapAtRestBytes,
        Long rssAtRestBytes, Long diskBytes, String unknown) {
}
