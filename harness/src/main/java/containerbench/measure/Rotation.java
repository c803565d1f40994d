package containerbench.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * The load of one tier turned by the clock from target to target: block k lasts from
 * {@code k x blockSeconds} after the tier's start to the next, and goes to one target, the order
 * reversed every other round (A B, B A, A B ...). The tier's users stay and keep their connections to
 * every target, so that a block begins without a reconnection storm or a pause; each request is
 * sent to, and recorded in, the block current when it leaves. An auto warm-up is the same with one
 * target, its blocks being the windows it is judged by.
 */
public final class Rotation {

    /** Asked at the end of every round from {@code minRounds} on whether another round runs. */
    @FunctionalInterface
    public interface Gate {
        boolean anotherRound(Rotation rotation);
    }

    /** One block: which round, which target (by its index in the run), and what it recorded. */
    public record Block(int index, int round, int target, String request, TierRecorder recorder) {
    }

    private final String tier;
    private final int tierIndex;
    private final int users;
    private final List<Integer> targets;
    private final List<String> labels;
    private final List<String> requests;
    private final List<Long> pids;
    private final long blockNanos;
    private final int minRounds;
    private final int maxRounds;
    private final CpuClock clock;
    private final int injectorCores;
    private final List<Block> blocks = new ArrayList<>();
    private final List<BlockResult> closed = new ArrayList<>();
    // The blocks behind closed, in the same order: their recorders hold the latencies.
    private final List<Block> closedBlocks = new ArrayList<>();
    private Gate gate = rotation -> false;
    private long startNanos = -1;
    private long[] cpuAtStart;
    private volatile Block current;
    private volatile long currentEndsNanos;
    private volatile boolean over;

    /**
     * @param targets the targets it turns between, by their index in the run; the lists after it follow them
     * @param requests the request name of each target's blocks, as Gatling's report shows them
     * @param pids each target's process id, for its CPU; -1 where it cannot be read
     */
    Rotation(String tier, int tierIndex, int users, List<Integer> targets, List<String> labels, List<String> requests,
            List<Long> pids, int blockSeconds, int minRounds, int maxRounds, CpuClock clock, int injectorCores) {
        this.tier = tier;
        this.tierIndex = tierIndex;
        this.users = users;
        this.targets = List.copyOf(targets);
        this.labels = List.copyOf(labels);
        this.requests = List.copyOf(requests);
        this.pids = List.copyOf(pids);
        this.blockNanos = blockSeconds * 1_000_000_000L;
        this.minRounds = minRounds;
        this.maxRounds = maxRounds;
        this.clock = clock;
        this.injectorCores = injectorCores;
    }

    /** Who decides, at each round's end from {@code minRounds} on, whether another round runs; by default none does. */
    public void gate(Gate gate) {
        this.gate = gate;
    }

    public String tier() {
        return tier;
    }

    /** Each target's request name, as Gatling's report shows its blocks. */
    public List<String> requests() {
        return requests;
    }

    public int tierIndex() {
        return tierIndex;
    }

    public int users() {
        return users;
    }

    /** Whether the last round has ended: the users leave after their current request. */
    public boolean over() {
        return over;
    }

    /** The block a request leaving now goes to, or {@code null} once the rotation is over; the first call starts the clock. */
    public Block current() {
        if (over) {
            return null;
        }
        Block block = current;
        if (block != null && System.nanoTime() < currentEndsNanos) {
            return block;
        }
        return advance();
    }

    private synchronized Block advance() {
        long now = System.nanoTime();
        if (startNanos < 0) {
            startNanos = now;
        }
        if (over) {
            return null;
        }
        if (current != null && now < currentEndsNanos) {
            return current;
        }
        int index = current == null ? 0 : current.index() + 1;
        if (current != null) {
            close(now);
        }
        int round = index / labels.size();
        if (index % labels.size() == 0 && round >= minRounds && (round >= maxRounds || !gate.anotherRound(this))) {
            over = true;
            return null;
        }
        int turn = index % labels.size();
        int position = round % 2 == 0 ? turn : labels.size() - 1 - turn;
        Block block = new Block(index, round, targets.get(position), requests.get(position),
                new TierRecorder(requests.get(position), labels.get(position), users));
        blocks.add(block);
        cpuAtStart = new long[] {clock.processMillis(pids.get(position)), clock.injectorNanos(), now};
        currentEndsNanos = startNanos + (index + 1) * blockNanos;
        current = block;
        return block;
    }

    private void close(long now) {
        Block block = current;
        TierResult figures = block.recorder().counts();
        int position = targets.indexOf(block.target());
        long targetMillis = clock.processMillis(pids.get(position));
        double injectorPercent = 100.0 * (clock.injectorNanos() - cpuAtStart[1]) / Math.max(1, now - cpuAtStart[2]);
        double cpuPerResponse = targetMillis < 0 || cpuAtStart[0] < 0 || figures.ok() == 0 ? -1
                : Round.twoDecimals((targetMillis - cpuAtStart[0]) * 1000.0 / figures.ok());
        closed.add(new BlockResult(tier, users, block.round(), labels.get(position), figures.startMillis(),
                figures.endMillis(), figures.requests(), figures.ok(), figures.ko(), figures.tps(), cpuPerResponse,
                Round.twoDecimals(injectorPercent), injectorPercent >= 90 * injectorCores, null));
        closedBlocks.add(block);
    }

    /** Ends the rotation where it stands: the open block is closed and measured. */
    synchronized void finish() {
        if (current != null && !over) {
            close(System.nanoTime());
            over = true;
        }
    }

    /** The blocks measured so far, in the order they ran, without their latencies: what the schedule decides on. */
    public synchronized List<BlockResult> blocks() {
        return List.copyOf(closed);
    }

    /**
     * The blocks with their latency histograms, for the results: encoded here, once the load is
     * over, not at each turn on a virtual user's thread.
     */
    public synchronized List<BlockResult> blocksWithLatencies() {
        List<BlockResult> all = new ArrayList<>();
        for (int i = 0; i < closed.size(); i++) {
            BlockResult b = closed.get(i);
            all.add(new BlockResult(b.tier(), b.users(), b.round(), b.target(), b.startMillis(), b.endMillis(), b.requests(),
                    b.ok(), b.ko(), b.tps(), b.targetCpuMicrosPerResponse(), b.injectorCpuPercent(), b.injectorLimited(),
                    closedBlocks.get(i).recorder().latencyHistogram()));
        }
        return all;
    }

    /** How many rounds have ended. */
    public synchronized int roundsDone() {
        return closed.size() / labels.size();
    }

    /** Every block of one target (by its index in the run), in order. */
    synchronized List<TierRecorder> recordersOf(int target) {
        return blocks.stream().filter(b -> b.target() == target).map(Block::recorder).toList();
    }
}
