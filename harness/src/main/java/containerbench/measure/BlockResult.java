package containerbench.measure;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * One block of an interleaved tier: one target loaded alone for a while, measured on its own. Its
 * CPU is read from the target's process at the block's start and end, so that the CPU per response
 * of a short block is exact to the kernel's accounting, not an average of one-second samples.
 *
 * @param tier the tier it measured; {@code null} for a window of a target's warm-up (such blocks decide when a
 *     warm-up has settled and are in no results file)
 * @param round which round of the tier (0 first); each round holds one block of every target
 * @param target the label of the target it loaded
 * @param requests every request sent in the block, and in {@code ok} and {@code ko} what became of it,
 *     counted once the load is over ({@link #withOutcomes}): a request that timed out long after its
 *     block turned, as a refused connection does, still counts against the target it was sent to
 * @param tps OK responses per second, over the block's first request to its last response, as the
 *     block ended
 * @param cpu what the target's, Gatling's and the machine's CPUs did over the block (schema 11; flat
 *     fields with -1 for unknown before, read into it)
 * @param injectorLimited Gatling itself limited the load: its CPU at the cores it may use, or its
 *     busiest thread at a full core ({@link InjectorLimit}); a machine full with target and Gatling
 *     together is not this ({@link BlockCpu#machineFull})
 * @param latencyHistogram the block's response times of OK responses ({@link Histograms}), or {@code null}
 * @param open an open block's rates, latency from each request's due time and the injector's lateness;
 *     {@code null} for a closed one (schema 9). A block whose injector fell behind is {@code injectorLimited} too
 * @param launch which launch of the targets (fresh JVMs) it ran in, 0 first (schema 10; 0 before)
 * @param byRequest with a mix of requests, each one's outcomes and mean response time in the block, in the mix's
 *     order (schema 12); {@code null} for one request, and before
 * @param jvm what the loaded target's JVM allocated and how long its collectors stopped it over the block (schema 21);
 *     {@code null} where its JVM could not be read (a target started elsewhere), and before
 */
public record BlockResult(@JsonUnwrapped Place place, @JsonUnwrapped Window window, @JsonUnwrapped Answers answers,
        BlockCpu cpu, boolean injectorLimited, String latencyHistogram, OpenFigures open, int launch, List<Request> byRequest,
        BlockJvm jvm) {

    /** Where in its launch the block ran: its tier, that tier's users, the round and the target. */
    public record Place(Tier tier, int users, int round, String target) {
    }

    /** From the block's first request to its last response, in epoch milliseconds. */
    public record Window(long startMillis, long endMillis) {
    }

    /** What became of the block's requests, and its OK responses a second. */
    public record Answers(long requests, long ok, long ko, double tps) {
    }

    /**
     * One request of a mix in one block: what became of it, and its OK responses' mean time. Counts
     * and a sum, not a histogram: a HAR of a hundred requests over a run's blocks would hold tens of
     * thousands of histograms; each request's percentiles are its tier's ({@code TierResult.byRequest}).
     *
     * @param meanMs the mean response time of its OK responses in ms, or {@code null} with none
     */
    public record Request(String name, long ok, long ko, Double meanMs) {
    }

    /** A block without a mix's figures. */
    public BlockResult(Tier tier, int users, int round, String target, long startMillis, long endMillis, long requests, long ok,
            long ko, double tps, BlockCpu cpu, boolean injectorLimited, String latencyHistogram, OpenFigures open, int launch) {
        this(new Place(tier, users, round, target), new Window(startMillis, endMillis), new Answers(requests, ok, ko, tps), cpu,
                injectorLimited, latencyHistogram, open, launch, null, null);
    }

    /** A block of the first launch. */
    public BlockResult(Tier tier, int users, int round, String target, long startMillis, long endMillis, long requests, long ok,
            long ko, double tps, BlockCpu cpu, boolean injectorLimited, String latencyHistogram, OpenFigures open) {
        this(tier, users, round, target, startMillis, endMillis, requests, ok, ko, tps, cpu, injectorLimited, latencyHistogram, open, 0);
    }

    public Tier tier() {
        return place.tier();
    }

    public int users() {
        return place.users();
    }

    public int round() {
        return place.round();
    }

    public String target() {
        return place.target();
    }

    public long startMillis() {
        return window.startMillis();
    }

    public long endMillis() {
        return window.endMillis();
    }

    public long requests() {
        return answers.requests();
    }

    public long ok() {
        return answers.ok();
    }

    public long ko() {
        return answers.ko();
    }

    public double tps() {
        return answers.tps();
    }

    /**
     * The same block with its response times and, for an open block, its own figures, read once its
     * last requests are in: a slow request of a block's last moments lands after the block has turned.
     */
    public BlockResult withLatencies(String histogram, OpenFigures figures) {
        return new BlockResult(place, window, answers, cpu, injectorLimited || figures != null && figures.injectorLate(), histogram,
                figures, launch, byRequest, jvm);
    }

    /** The same block with what became of each of its requests, read once the last of them is in. */
    public BlockResult withOutcomes(long requests, long ok, long ko) {
        return new BlockResult(place, window, new Answers(requests, ok, ko, answers.tps()), cpu, injectorLimited, latencyHistogram,
                open, launch, byRequest, jvm);
    }

    /** The same block with each request's figures of a mix, read with its outcomes. */
    public BlockResult withRequests(List<Request> requests) {
        return new BlockResult(place, window, answers, cpu, injectorLimited, latencyHistogram, open, launch,
                requests == null ? null : List.copyOf(requests), jvm);
    }

    /** The same block judged again for whether Gatling limited it, as a results file older than the per-block rule is read. */
    public BlockResult withInjectorLimited(boolean limited) {
        return new BlockResult(place, window, answers, cpu, limited, latencyHistogram, open, launch, byRequest, jvm);
    }

    /** The same block with what its target's JVM did over it. */
    public BlockResult withJvm(BlockJvm figures) {
        return new BlockResult(place, window, answers, cpu, injectorLimited, latencyHistogram, open, launch, byRequest, figures);
    }
}
