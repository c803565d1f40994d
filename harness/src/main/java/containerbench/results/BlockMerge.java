package containerbench.results;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Decimals;
import containerbench.measure.Histograms;
import containerbench.measure.InjectorLimit;
import containerbench.measure.OpenFigures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * The blocks of an interleaved run whose tiers several injectors shared, joined block by block: the
 * blocks every injector ran in the same tier, launch and round for the same target, turned by the
 * clock from one instant. Each joined block is what one injector of all their users would have
 * recorded: requests and outcomes summed, the rates summed (each injector's users are its own, so
 * their rates add up whatever the few milliseconds between their windows), the response times of
 * the merged histograms; the target's CPU, read by the injector that launched it, over every
 * injector's responses; Gatling's CPU summed, its busiest thread the busiest of any, limited where
 * any one was or where together they filled the cores they share.
 */
public final class BlockMerge {

    /** The part of a block's length its injectors' first requests may lie apart before the merge refuses them. */
    static final double OUT_OF_STEP_SHARE = 0.1;

    private BlockMerge() {
    }

    /**
     * @param parts every injector's run, in index order
     * @param launcher the run of the injector that launched the targets and read their CPU
     * @throws RunMerge.MismatchException naming a block one injector ran and another did not, or
     *     blocks whose starts lie apart by more than a tenth of a block
     */
    static List<BlockResult> of(List<RunResult> parts, RunResult launcher) {
        if (launcher.blocks().isEmpty()) {
            return List.of();
        }
        // The injectors of one machine share its cores (the same -Dinjector.cpus): together they limit where they fill them.
        Integer injectorCores = launcher.injector() == null ? null : launcher.injector().cpus();
        long outOfStep = Math.round(OUT_OF_STEP_SHARE * 1000 * launcher.interleaving().blockSeconds());
        // A capacity search stops where injector 0 decided, the others a moment later: blocks of its last step that not
        // every injector began are left out, as the stair's end (no repeat of any target is still climbing by then).
        boolean stair = launcher.capacity() != null;
        List<String> apart = new ArrayList<>();
        List<BlockResult> joined = new ArrayList<>();
        // Where each injector's blocks ended: past it, a block it lacks is the stair's end; before it, a block it lacks is refused.
        Map<Integer, BlockResult> firstLacked = new HashMap<>();
        for (BlockResult block : launcher.blocks()) {
            List<BlockResult> same = parts.stream().map(run -> sameAs(run.blocks(), block)).toList();
            for (int p = 0; p < parts.size(); p++) {
                if (same.get(p) == null && stair) {
                    firstLacked.putIfAbsent(p, block);
                } else if (same.get(p) != null && firstLacked.containsKey(p)) {
                    throw new RunMerge.MismatchException(parts.get(p).runId() + " has no block " + name(firstLacked.get(p))
                            + " but has the later " + name(block) + ": only a capacity search's last blocks may be left out");
                }
            }
            if (same.contains(null)) {
                if (stair) {
                    continue;
                }
                throw new RunMerge.MismatchException(parts.get(same.indexOf(null)).runId() + " has no block " + name(block));
            }
            // A block that had no response by its turn has no start (0): it says nothing of when it began.
            long[] starts = same.stream().mapToLong(BlockResult::startMillis).filter(start -> start > 0).toArray();
            long spread = starts.length < 2 ? 0 : Arrays.stream(starts).max().orElse(0) - Arrays.stream(starts).min().orElse(0);
            if (spread > outOfStep) {
                apart.add(name(block) + " (" + spread + " ms)");
            }
            joined.add(joined(same, block, injectorCores));
        }
        for (RunResult run : stair ? List.<RunResult>of() : parts) {
            if (run.blocks().size() != launcher.blocks().size()) {
                throw new RunMerge.MismatchException(run.runId() + " has " + run.blocks().size() + " blocks, " + launcher.runId()
                        + " " + launcher.blocks().size() + ": they did not turn together");
            }
        }
        if (!apart.isEmpty()) {
            throw new RunMerge.MismatchException(apart.size() + " block(s) out of step, their injectors' first requests more than "
                    + outOfStep + " ms apart: " + apart.stream().limit(5).collect(Collectors.joining(", "))
                    + (apart.size() > 5 ? ", ..." : ""));
        }
        return joined;
    }

    /**
     * The blocks several injectors have run so far, joined where every one has run the block, in the
     * first one's order: what a capacity search shared by injectors decides on while it climbs.
     *
     * @param byInjector each injector's blocks, the one that reads the targets' CPU first
     */
    public static List<BlockResult> joined(List<List<BlockResult>> byInjector) {
        List<BlockResult> joined = new ArrayList<>();
        for (BlockResult block : byInjector.get(0)) {
            List<BlockResult> same = byInjector.stream().map(blocks -> sameAs(blocks, block)).toList();
            if (!same.contains(null)) {
                joined.add(joined(same, block, null));
            }
        }
        return joined;
    }

    /** The block of {@code blocks} in the same tier, launch and round, for the same target; {@code null} without one. */
    private static BlockResult sameAs(List<BlockResult> blocks, BlockResult block) {
        return blocks.stream().filter(b -> b.tier().equals(block.tier()) && b.launch() == block.launch()
                && b.round() == block.round() && b.target().equals(block.target())).findFirst().orElse(null);
    }

    private static String name(BlockResult block) {
        return block.tier() + " launch " + (block.launch() + 1) + " round " + (block.round() + 1) + " " + block.target();
    }

    private static BlockResult joined(List<BlockResult> same, BlockResult launched, Integer injectorCores) {
        long ok = same.stream().mapToLong(BlockResult::ok).sum();
        Histogram latencies = Histograms.empty();
        same.stream().map(BlockResult::latencyHistogram).filter(Objects::nonNull).map(Histograms::decode).forEach(latencies::add);
        BlockCpu cpu = cpu(same, launched);
        // An open block whose injector fell behind is limited by it: its flag, as each injector recorded it, carries over.
        boolean limited = same.stream().anyMatch(BlockResult::injectorLimited) || injectorCores != null && cpu.injectorPercent() != null
                && InjectorLimit.limited(cpu.injectorPercent(), injectorCores, null);
        return new BlockResult(new BlockResult.Place(launched.tier(), same.stream().mapToInt(BlockResult::users).sum(),
                launched.round(), launched.target()),
                new BlockResult.Window(same.stream().mapToLong(BlockResult::startMillis).filter(start -> start > 0).min().orElse(0),
                        same.stream().mapToLong(BlockResult::endMillis).max().orElse(0)),
                new BlockResult.Answers(same.stream().mapToLong(BlockResult::requests).sum(), ok,
                        same.stream().mapToLong(BlockResult::ko).sum(), Decimals.two(same.stream().mapToDouble(BlockResult::tps).sum())),
                cpu, limited,
                same.stream().allMatch(b -> b.latencyHistogram() == null) ? null : Histograms.encode(latencies),
                launched.open() == null ? null : OpenFigures.joined(same.stream().map(BlockResult::open).toList()),
                launched.launch(), requests(same), launched.jvm());
    }

    /** Each request of a mix over every injector: outcomes summed, the mean time weighted by each one's OK responses. */
    private static List<BlockResult.Request> requests(List<BlockResult> same) {
        if (same.stream().anyMatch(b -> b.byRequest() == null)) {
            return null;
        }
        List<BlockResult.Request> joined = new ArrayList<>();
        for (BlockResult.Request first : same.get(0).byRequest()) {
            // By name: the merge checked that every injector sent the same mix.
            List<BlockResult.Request> parts = same.stream().map(b -> b.byRequest().stream().filter(r -> r.name().equals(first.name()))
                    .findFirst().orElseThrow(() -> new RunMerge.MismatchException("a block of " + b.target() + " has no request '"
                            + first.name() + "'"))).toList();
            long ok = parts.stream().mapToLong(BlockResult.Request::ok).sum();
            double okMillis = parts.stream().filter(p -> p.meanMs() != null).mapToDouble(p -> p.meanMs() * p.ok()).sum();
            joined.add(new BlockResult.Request(first.name(), ok, parts.stream().mapToLong(BlockResult.Request::ko).sum(),
                    ok == 0 ? null : Decimals.two(okMillis / ok)));
        }
        return joined;
    }

    /**
     * The target's CPU over every injector's responses; Gatling's over all of them; the machine as the
     * launcher saw it. The launcher's figure is its CPU over the responses it had as the block turned,
     * as its rate was taken: weighted by the rates, not by the counts read after the late responses came in.
     */
    private static BlockCpu cpu(List<BlockResult> same, BlockResult launched) {
        BlockCpu target = launched.cpu();
        double share = same.stream().mapToDouble(BlockResult::tps).sum() == 0 ? 0
                : launched.tps() / same.stream().mapToDouble(BlockResult::tps).sum();
        return new BlockCpu(overAll(target.targetMicrosPerResponse(), share), overAll(target.withWaitsMicrosPerResponse(), share),
                summed(same, BlockCpu::injectorPercent),
                same.stream().map(b -> b.cpu().injectorBusiestThreadPercent()).filter(Objects::nonNull).max(Double::compare)
                        .orElse(null), target.machineBusyPercent(), target.machineStealPercent(), target.waitingPercent());
    }

    private static Double overAll(Double perResponse, double launcherShare) {
        return perResponse == null || launcherShare == 0 ? null : Decimals.two(perResponse * launcherShare);
    }

    private static Double summed(List<BlockResult> same, Function<BlockCpu, Double> of) {
        List<Double> values = same.stream().map(b -> of.apply(b.cpu())).toList();
        return values.contains(null) ? null : Decimals.two(values.stream().mapToDouble(Double::doubleValue).sum());
    }
}
