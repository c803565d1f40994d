package containerbench.measure;

import containerbench.settings.BlockOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The load of one step turned by the clock from target to target: block k lasts from
 * {@code k x blockSeconds} after the step's start to the next, and goes to one target, in the
 * balanced order of {@link BlockOrder} (A B, B A with two targets). The step's users stay and keep their connections to
 * every target, so that a block begins without a reconnection storm or a pause; each request is
 * sent to, and recorded in, the block current when it leaves. One target's tier is a rotation of one
 * block; an auto warm-up is one target's windows, as many as it takes to settle.
 */
public final class Rotation {

    /** Asked at the end of every round from the fewest on, up to the most: whether another round runs. */
    @FunctionalInterface
    public interface MoreRounds {
        boolean another(Rotation rotation);
    }

    /**
     * A target the rotation turns to.
     *
     * @param index its place in the run (0 is the baseline)
     * @param request the request name Gatling's report shows its blocks under
     * @param cpuMillis its CPU time so far in ms, read at each turn (of its JVM in the launch running, or from
     *     its own report); {@code null} where that cannot be read
     * @param jvm its JVM's allocation and collector counters, read at each turn; {@code null} where they cannot be read
     */
    public record Target(int index, String label, String request, java.util.function.Supplier<Long> cpuMillis,
            java.util.function.Supplier<TargetJvm.Gauge> jvm) {

        /** A target whose JVM is not read. */
        public Target(int index, String label, String request, java.util.function.Supplier<Long> cpuMillis) {
            this(index, label, request, cpuMillis, () -> null);
        }
    }

    /** How long each block lasts, and how many rounds turn: at least {@code fewest}, at most {@code most}. */
    public record Rounds(int blockSeconds, int fewest, int most) {

        /** One block of {@code seconds}: a step of one target that lasts a fixed time. */
        public static Rounds once(int seconds) {
            return new Rounds(seconds, 1, 1);
        }
    }

    /** The cores Gatling may use, for whether it limited a block ({@link InjectorLimit}). */
    public record Cores(int injector) {
    }

    /**
     * One block: which round, which target (by its index in the run), and what it recorded.
     *
     * @param round the round it measures; {@code null} for a block of the lead-in, which measures none
     */
    public record Block(int index, Integer round, int target, String request, TierRecorder recorder) {
    }

    private final String name;
    private final Step.Kind kind;
    private final int users;
    private final List<Target> targets;
    private final Rounds rounds;
    private final BlockOrder order;
    // A tier's unmeasured first round (BlockOrder#leadIn), by target index; none for a warm-up or one target.
    private final List<Integer> leadIn;
    private final long blockNanos;
    private final CpuClock clock;
    private final Cores cores;
    private final List<Block> blocks = new ArrayList<>();
    // The lead-in's blocks: run, recorded apart, and in no tier's figures.
    private final List<Block> leadInBlocks = new ArrayList<>();
    private final List<BlockResult> closed = new ArrayList<>();
    // The blocks behind closed, in the same order: their recorders hold the latencies.
    private final List<Block> closedBlocks = new ArrayList<>();
    // Each target's CPU (ms) as its last block ended, by its place in targets: its next block is charged from there.
    private final Map<Integer, Long> endedAt = new HashMap<>();
    private MoreRounds moreRounds = rotation -> false;
    // When its first block started (System.nanoTime), once started.
    private long startNanos;
    private boolean started;
    // With several injectors: when its first block is due by the wall clock (epoch ms), the same on every one; else null.
    private volatile LongSupplier dueMillis;
    // Taken once at each turn: it ends one block and starts the next.
    private Reading atStart;
    private volatile Block current;
    private volatile long currentEndsNanos;
    private volatile boolean over;
    // Each target's recorders of the mix's requests, shared by its blocks.
    private final Map<Integer, List<TierRecorder>> parts;
    // The names of the mix's requests, for the lead-in's recorders of its own.
    private final List<String> mix;
    // An open step's blocks record due times too; its users are then its rate.
    private final boolean open;
    private final int launch;

    /**
     * @param name what Gatling's scenario and its requests are named after: the tier ("500 users"), or the warm-up
     * @param kind the step it turns: a warm-up's rotation has no lead-in
     * @param requests the names of the requests of the mix, which each block's figures are broken down by
     * @param open whether it turns an open step, whose users are its rate
     * @param launch which launch of the targets it turns in, 0 first: its blocks say so
     */
    Rotation(String name, Step.Kind kind, int users, List<Target> targets, Rounds rounds, CpuClock clock, Cores cores,
            List<String> requests, boolean open, int launch) {
        this.open = open;
        this.launch = launch;
        this.parts = new HashMap<>();
        this.mix = List.copyOf(requests);
        targets.forEach(target -> parts.put(target.index(), TierRecorder.parts(requests, target.label(), users)));
        this.name = name;
        this.kind = kind;
        this.users = users;
        this.targets = List.copyOf(targets);
        this.rounds = rounds;
        // A warm-up turns as a tier before the plan's first would (BlockOrder#forTier(-1): the last target opens).
        this.order = new BlockOrder(targets.size()).forTier(kind instanceof Step.Measured measured ? measured.index() : -1);
        this.leadIn = kind instanceof Step.Measured ? order.leadIn() : List.of();
        this.blockNanos = rounds.blockSeconds() * 1_000_000_000L;
        this.clock = clock;
        this.cores = cores;
    }

    /**
     * Its blocks turn from {@code epochMillis} (asked at its first request, once known), not from its
     * first request: with several injectors each one's blocks then turn at the same instants, however
     * late its first request left (an open step's first arrival leaves when the step before has ended,
     * and that differs from injector to injector by up to a second). A late injector's first block is
     * the shorter; the lead-in round takes it, before anything is measured.
     */
    void turnsFrom(LongSupplier epochMillis) {
        this.dueMillis = epochMillis;
    }

    /** Who decides, at each round's end from the fewest rounds on, whether another runs; by default none does. */
    public void moreRounds(MoreRounds rule) {
        this.moreRounds = rule;
    }

    /** What its scenario is named after: the tier ("500 users"), or the warm-up. */
    public String name() {
        return name;
    }

    /** The tier it measures; {@code null} for a warm-up, whose blocks are in no tier. */
    public Tier tier() {
        return kind instanceof Step.Measured measured ? measured.tier() : null;
    }

    /** Each target's request name, as Gatling's report shows its blocks. */
    public List<String> requests() {
        return targets.stream().map(Target::request).toList();
    }

    /**
     * The index in the plan of the tier it measures.
     *
     * @throws IllegalStateException for a warm-up's rotation, which measures none
     */
    public int tierIndex() {
        if (kind instanceof Step.Measured measured) {
            return measured.index();
        }
        throw new IllegalStateException(name + " measures no tier");
    }

    public int users() {
        return users;
    }

    public Rounds rounds() {
        return rounds;
    }

    /** The order its rounds turn in: rounds end only in complete sets of it. */
    public BlockOrder order() {
        return order;
    }

    /** The longest it may turn: its lead-in, then every round it may run, one block of each target. */
    public int mostSeconds() {
        return mostBlocks() * rounds.blockSeconds();
    }

    private int mostBlocks() {
        return leadIn.size() + rounds.most() * targets.size();
    }

    /** When the block current now ends, by {@link System#nanoTime()}: a client run per block stops there. */
    long currentEndsNanos() {
        return currentEndsNanos;
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
        if (!started) {
            started = true;
            LongSupplier due = dueMillis;
            long dueAt = due == null ? 0 : due.getAsLong();
            // An instant not known (0) cannot be counted from: this injector's own first request is the origin.
            startNanos = dueAt == 0 ? now : now - (System.currentTimeMillis() - dueAt) * 1_000_000L;
        }
        if (over) {
            return null;
        }
        if (current != null && now < currentEndsNanos) {
            return current;
        }
        int index = current == null ? 0 : current.index() + 1;
        Reading reading = read(now);
        if (current != null) {
            close(reading);
        }
        Block block;
        if (index < leadIn.size()) {
            // Unmeasured: a recorder of its own, its requests under a name of their own in Gatling's report.
            Target target = targets.get(leadIn.get(index));
            String request = target.request() + " lead-in";
            block = new Block(index, null, target.index(), request, new TierRecorder(request, target.label(), users,
                    TierRecorder.parts(mix, target.label(), users), open));
            leadInBlocks.add(block);
        } else {
            int measured = index - leadIn.size();
            int round = measured / targets.size();
            if (measured % targets.size() == 0 && round >= rounds.fewest() && (round >= rounds.most() || !moreRounds.another(this))) {
                over = true;
                return null;
            }
            Target target = targets.get(order.round(round).get(measured % targets.size()));
            block = new Block(index, round, target.index(), target.request(),
                    TierRecorder.ofBlock(target.request(), target.label(), users, parts.get(target.index()), open));
            blocks.add(block);
        }
        atStart = reading;
        currentEndsNanos = startNanos + (index + 1) * blockNanos;
        current = block;
        return block;
    }

    /**
     * Every target's CPU (ms, in target order; null where unknown), Gatling's (ns) and its threads', the
     * clock (ns) and the machine's counters.
     */
    private record Reading(List<Long> targetMillis, long injectorNanos, ThreadCpu.Reading threads, long nanos, HostLoad.Mark host,
            List<TargetJvm.Gauge> jvm) {
    }

    private Reading read(long now) {
        List<Long> cpu = targets.stream().map(t -> t.cpuMillis().get()).toList();
        long injector = clock.injectorNanos();
        ThreadCpu.Reading threads = ThreadCpu.read();
        HostLoad.Mark host = HostLoad.mark();
        // The JVMs after the kernel's counters, which they would otherwise delay; only in a measured step (each a few
        // calls over JMX, spared in every warm-up window).
        List<TargetJvm.Gauge> jvm = kind instanceof Step.Measured ? targets.stream().map(t -> t.jvm().get()).toList()
                : java.util.Collections.nCopies(targets.size(), null);
        return new Reading(cpu, injector, threads, now, host, jvm);
    }

    private void close(Reading end) {
        Block block = current;
        int loaded = targets.indexOf(target(block));
        // Where its previous block of the tier ended: its waits since are charged to this one.
        Long since = endedAt.containsKey(loaded) ? endedAt.get(loaded) : atStart.targetMillis().get(loaded);
        endedAt.put(loaded, end.targetMillis().get(loaded));
        if (block.round() == null) {
            return;
        }
        TierResult figures = block.recorder().counts();
        HostLoad host = HostLoad.since(atStart.host(), end.host());
        double seconds = Math.max(1, end.nanos() - atStart.nanos()) / 1e9;
        double injectorPercent = Decimals.two((end.injectorNanos() - atStart.injectorNanos()) / 1e7 / seconds);
        Double busiest = ThreadCpu.busiestPercent(atStart.threads(), end.threads());
        // What the targets waiting for their turn spent meanwhile; unknown when any of theirs is.
        Long waitingMillis = 0L;
        for (int t = 0; t < targets.size(); t++) {
            if (t != loaded) {
                Long used = cpuUsed(atStart.targetMillis().get(t), end.targetMillis().get(t));
                waitingMillis = waitingMillis == null || used == null ? null : waitingMillis + used;
            }
        }
        BlockCpu cpu = new BlockCpu(perResponse(cpuUsed(atStart.targetMillis().get(loaded), end.targetMillis().get(loaded)), figures.ok()),
                perResponse(cpuUsed(since, end.targetMillis().get(loaded)), figures.ok()), injectorPercent, busiest,
                host == null ? null : host.busyPercent(), host == null ? null : host.stealPercent(),
                waitingMillis == null || targets.size() < 2 ? null : Decimals.two(waitingMillis / 10.0 / seconds));
        closed.add(new BlockResult(tier(), users, block.round(), target(block).label(), figures.startMillis(), figures.endMillis(),
                figures.requests(), figures.ok(), figures.ko(), figures.tps(), cpu,
                InjectorLimit.limited(injectorPercent, cores.injector(), busiest), null, null, launch)
                .withJvm(BlockJvm.between(atStart.jvm().get(loaded), end.jvm().get(loaded), Math.round((end.nanos() - atStart.nanos()) / 1e6))));
        closedBlocks.add(block);
    }

    /** CPU ms between two readings of a process; {@code null} where either is unknown, or the second is the lower (another process). */
    private static Long cpuUsed(Long from, Long to) {
        return from == null || to == null || to < from ? null : to - from;
    }

    private static Double perResponse(Long millis, long ok) {
        return millis == null || ok == 0 ? null : Decimals.two(millis * 1000.0 / ok);
    }

    private Target target(Block block) {
        return targets.stream().filter(t -> t.index() == block.target()).findFirst().orElseThrow();
    }

    /**
     * Whether its last round's time has passed, closing its last block if no request has come
     * since to close it: an open step's arrivals stop with its time, and none may come after.
     */
    public synchronized boolean endedByNow() {
        if (!over && started && System.nanoTime() >= startNanos + (long) mostBlocks() * blockNanos) {
            finish();
        }
        return over;
    }

    /** Ends the rotation where it stands: the open block is closed and measured, and no request goes to it after. */
    public synchronized void finish() {
        if (current != null && !over) {
            close(read(System.nanoTime()));
        }
        over = true;
    }

    /** The blocks measured so far, in the order they ran, without their latencies: what the schedule decides on. */
    public synchronized List<BlockResult> blocks() {
        return List.copyOf(closed);
    }

    /**
     * The blocks with their latency histograms and the outcome of every request they sent, for the
     * results: read here, once the load is over, not at each turn on a virtual user's thread. A block
     * closed with the responses it had; a request that failed after it turned (a 3 s timeout in a 2 s
     * block) is counted now.
     */
    public synchronized List<BlockResult> blocksWithLatencies() {
        List<BlockResult> all = new ArrayList<>();
        for (int i = 0; i < closed.size(); i++) {
            TierRecorder recorder = closedBlocks.get(i).recorder();
            TierResult outcomes = recorder.counts();
            all.add(closed.get(i).withLatencies(recorder.latencyHistogram(), recorder.open())
                    .withOutcomes(outcomes.requests(), outcomes.ok(), outcomes.ko()).withRequests(recorder.requestsInBlock()));
        }
        return all;
    }

    /**
     * The blocks measured so far with an open step's figures, complete once the step is over and its
     * last requests are in, without histograms: what a capacity search decides on.
     */
    public List<BlockResult> openBlocks() {
        return openBlocks(false);
    }

    /**
     * @param histograms whether each block's corrected times are kept as a histogram: what a capacity
     *     search that several injectors share joins, once its step is over, to judge the target's p99 over all of them
     */
    public synchronized List<BlockResult> openBlocks(boolean histograms) {
        List<BlockResult> all = new ArrayList<>();
        for (int i = 0; i < closed.size(); i++) {
            TierRecorder recorder = closedBlocks.get(i).recorder();
            all.add(closed.get(i).withLatencies(null, histograms ? recorder.open() : recorder.openFigures()));
        }
        return all;
    }

    /** How many rounds have ended. */
    public synchronized int roundsDone() {
        return closed.size() / targets.size();
    }

    /** The lead-in's block of one target (by its index in the run), if it ran. */
    synchronized List<TierRecorder> leadInOf(int target) {
        return leadInBlocks.stream().filter(b -> b.target() == target).map(Block::recorder).toList();
    }

    /** Every block of one target (by its index in the run), in order. */
    synchronized List<TierRecorder> recordersOf(int target) {
        return blocks.stream().filter(b -> b.target() == target).map(Block::recorder).toList();
    }
}
