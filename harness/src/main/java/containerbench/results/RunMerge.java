package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Decimals;
import containerbench.measure.Histograms;
import containerbench.measure.OpenFigures;
import containerbench.measure.Tier;
import containerbench.measure.TierResources;
import containerbench.measure.TierResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The runs of several injectors that shared one schedule, merged into one run exactly: per tier the
 * counts summed, the TPS over the tier's common window (from the first injector's first request to
 * the last one's last response), the latency percentiles from the merged histograms, the failures
 * by cause summed. An interleaved run's blocks are joined the same way, block by block (same tier,
 * launch, round and target), and its verdicts worked out from the joined blocks as on one machine.
 * Each injector's own tiers stay beside the merged ones. Runs that do not belong together (another
 * plan, target or schedule, an injector missing or twice, a block one has and another has not, blocks
 * out of step) are refused with the difference named.
 */
public final class RunMerge {

    /** How far apart the injectors' first requests of a tier may be before the merge says they drifted. */
    public static final long DEFAULT_TOLERANCE_MILLIS = 1000;

    private RunMerge() {
    }

    /** Why runs cannot be merged. */
    public static final class MismatchException extends IllegalArgumentException {
        MismatchException(String message) {
            super(message);
        }
    }

    /**
     * @param runs one results file per injector, in any order
     * @param runId the merged run's id
     */
    public static RunResult merge(List<StoredRun> runs, String runId, long toleranceMillis) {
        if (runs.size() < 2) {
            throw new MismatchException("merge needs the results of at least two injectors, got " + runs.size());
        }
        // By index; a run that is no injector's part (no index) first, for check() to name it.
        List<RunResult> parts = runs.stream().map(StoredRun::run).sorted(Comparator.comparing(
                run -> run.injection() == null ? null : run.injection().index(), Comparator.nullsFirst(Comparator.naturalOrder())))
                .toList();
        check(runs, parts);
        RunResult first = parts.get(0);
        // The injector that launched the target knows its process: its resources and settings describe the target.
        RunResult launcher = parts.stream().filter(run -> run.baseline().launched()).findFirst().orElse(first);
        Map<String, Long> drift = new LinkedHashMap<>();
        List<String> drifted = new ArrayList<>();
        List<TierResult> tiers = new ArrayList<>();
        // A capacity search's injectors stop a moment apart: the steps every one of them ran.
        boolean stair = first.capacity() != null;
        for (TierResult tier : first.tiers()) {
            if (stair && parts.stream().anyMatch(run -> run.tiers().stream().noneMatch(t -> t.name().equals(tier.name())
                    && Objects.equals(t.target(), tier.target())))) {
                continue;
            }
            List<TierResult> same = parts.stream().map(run -> tierNamed(run, tier)).toList();
            long spread = same.stream().mapToLong(TierResult::startMillis).max().orElse(0)
                    - same.stream().mapToLong(TierResult::startMillis).min().orElse(0);
            String name = first.interleaving() == null ? tier.name() : tier.name() + " " + tier.target();
            drift.put(name, spread);
            if (spread > toleranceMillis) {
                drifted.add(name);
            }
            tiers.add(merged(same, tierNamed(launcher, tier), first.interleaving() != null));
        }
        List<TierResult> warmups = new ArrayList<>();
        for (int t = 0; t < first.warmups().size(); t++) {
            int index = t;
            warmups.add(merged(parts.stream().map(run -> run.warmups().get(index)).toList(), launcher.warmups().get(index),
                    first.interleaving() != null));
        }
        List<BlockResult> blocks = BlockMerge.of(parts, launcher);
        List<String> labels = launcher.targets().stream().map(RunResult.Target::label).toList();
        Map<Tier, String> stoppedBy = new LinkedHashMap<>();
        launcher.comparisons().forEach(tier -> stoppedBy.put(tier.tier(), tier.stoppedBy()));
        List<Injection.Part> injectors = parts.stream().map(run -> new Injection.Part(run.injection().index(), run.runId(),
                run.injector(), run.tiers())).toList();
        Injection injection = new Injection(first.injection().count(), null, first.injection().startAt(),
                new Injection.Merged(parts.stream().map(RunResult::runId).toList(), toleranceMillis, drift, drifted, injectors));
        String started = parts.stream().map(RunResult::startedAt).min(Comparator.naturalOrder()).orElse(first.startedAt());
        String finished = parts.stream().map(RunResult::finishedAt).filter(Objects::nonNull).max(Comparator.naturalOrder())
                .orElse(null);
        return RunResult.builder().runId(runId).status(RunStatus.COMPLETE).targets(launcher.targets())
                .description(launcher.description() + ", " + parts.size() + " injectors merged").startedAt(started)
                .finishedAt(finished).plan(first.plan()).cpuLimit(launcher.cpuLimit()).injector(first.injector())
                .environment(launcher.environment()).sampling(launcher.sampling()).warmups(warmups).settling(launcher.settling())
                .interleaving(launcher.interleaving()).leadIns(launcher.leadIns()).tiers(tiers).blocks(blocks)
                .comparisons(labels.size() < 2 ? List.of() : Comparisons.of(blocks, labels, stoppedBy, 0))
                // A shared run keeps no launch's start-up or memory at rest; its blocks' garbage, read by the launching injector, it keeps.
                .footprint(Footprints.of(List.of(), blocks, labels))
                .host(launcher.host())
                .answeredAfterRun(launcher.answeredAfterRun()).injection(injection).app(launcher.app())
                .capacity(stair ? new RunResult.CapacitySearch(launcher.capacity().slo(),
                        Capacities.finished(Capacities.of(blocks, labels, launcher.capacity().slo())),
                        Capacities.ratios(blocks, labels, launcher.capacity().slo())) : null).build();
    }

    /**
     * {@link #merge}, written into {@code store} as {@code <containers>-merged-<time>}; a merge that
     * fails leaves no file behind (not even the name it claimed).
     */
    public static StoredRun write(ResultsStore store, List<StoredRun> runs, long toleranceMillis) {
        String containers = runs.get(0).run().targets().stream().map(RunResult.Target::container).distinct()
                .collect(java.util.stream.Collectors.joining("-"));
        String runId = store.claim(containers + "-merged", java.time.Instant.now());
        try {
            RunResult merged = merge(runs, runId, toleranceMillis);
            return new StoredRun(merged, store.write(merged));
        } catch (RuntimeException e) {
            store.fileOf(runId).toFile().delete();
            throw e;
        }
    }

    private static void check(List<StoredRun> files, List<RunResult> parts) {
        for (int i = 0; i < parts.size(); i++) {
            RunResult run = parts.get(i);
            String name = files.stream().filter(f -> f.run() == run).findFirst().map(f -> f.file().getFileName().toString())
                    .orElse(run.runId());
            if (run.injection() == null || run.injection().index() == null) {
                throw new MismatchException(name + " is not one injector's run of several (-Dinjectors=N)"
                        + (run.injection() != null ? ": it is already a merged run" : ""));
            }
            if (run.status() != RunStatus.COMPLETE) {
                throw new MismatchException(name + " did not complete (" + run.status().name().toLowerCase(java.util.Locale.ROOT)
                        + "): a merge of it would count a tier short");
            }
        }
        RunResult first = parts.get(0);
        same(parts, "the number of injectors", run -> run.injection().count());
        same(parts, "the start instant (-Dstart.at)", run -> run.injection().startAt());
        same(parts, "the plan (tiers, seconds, warm-up)", RunResult::plan);
        same(parts, "the container", RunResult::container);
        same(parts, "the targets", run -> run.targets().stream().map(RunResult.Target::label).toList());
        same(parts, "the interleaving (rounds, block length, launches)", RunResult::interleaving);
        if (first.capacity() == null) {
            same(parts, "the tiers run", run -> run.tiers().stream().map(TierResult::name).toList());
        }
        same(parts, "the application (-Dapp.war, -Dapp.jar, -Dapp.requests)", run -> run.app() == null ? null
                : List.of(String.valueOf(run.app().war()), String.valueOf(run.app().jar()), String.valueOf(run.app().contextPath()),
                        run.app().mix()));
        int count = first.injection().count();
        List<Integer> indexes = parts.stream().map(run -> run.injection().index()).toList();
        for (int index = 0; index < count; index++) {
            int seen = java.util.Collections.frequency(indexes, index);
            if (seen != 1) {
                throw new MismatchException("injector " + index + " of " + count + (seen == 0 ? " is missing" : " is there "
                        + seen + " times") + ": the runs given are injectors " + indexes);
            }
        }
        if (parts.size() != count) {
            throw new MismatchException(parts.size() + " runs for " + count + " injectors: " + indexes);
        }
        for (RunResult run : parts) {
            for (TierResult tier : run.tiers()) {
                if (tier.ok() > 0 && (tier.latencyMs() == null || tier.latencyMs().histogram() == null)) {
                    throw new MismatchException(run.runId() + " keeps no latency histogram for " + tier.name()
                            + " (written before schema 4): its percentiles cannot be merged");
                }
            }
        }
    }

    private static void same(List<RunResult> parts, String what, Function<RunResult, Object> of) {
        Object expected = of.apply(parts.get(0));
        for (RunResult run : parts.subList(1, parts.size())) {
            Object other = of.apply(run);
            if (!Objects.equals(expected, other)) {
                throw new MismatchException("the runs differ in " + what + ": " + parts.get(0).runId() + " has " + expected
                        + ", " + run.runId() + " has " + other);
            }
        }
    }

    /** The run's tier of the same name and target (an interleaved run has one of every target per tier). */
    private static TierResult tierNamed(RunResult run, TierResult like) {
        return run.tiers().stream().filter(t -> t.name().equals(like.name()) && Objects.equals(t.target(), like.target()))
                .findFirst().orElseThrow(() -> new MismatchException(run.runId() + " has no tier " + like.name()
                        + (like.target() == null ? "" : " of " + like.target())));
    }

    /**
     * One tier of all injectors; the target's resources from the injector that launched it. With a
     * mix of requests, each request merged the same way, its TPS over the merged tier's window.
     *
     * @param addRates for a tier made of blocks (an interleaved run): its TPS is the injectors' summed,
     *     each over its own blocks, since a window from the first request to the last spans the other
     *     targets' blocks and every launch
     */
    static TierResult merged(List<TierResult> same, TierResult launcher, boolean addRates) {
        long ok = 0;
        long ko = 0;
        int users = 0;
        Histogram latencies = Histograms.empty();
        Map<String, Long> failures = new TreeMap<>();
        List<String> examples = new ArrayList<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        boolean overloaded = false;
        for (TierResult tier : same) {
            ok += tier.ok();
            ko += tier.ko();
            users += tier.users();
            if (tier.latencyMs() != null && tier.latencyMs().histogram() != null) {
                latencies.add(Histograms.decode(tier.latencyMs().histogram()));
            }
            tier.failures().forEach((cause, count) -> failures.merge(cause, count, Long::sum));
            tier.failureExamples().stream().limit(Math.max(0, 5 - examples.size())).forEach(examples::add);
            if (tier.requests() > 0) {
                start = Math.min(start, tier.startMillis());
                end = Math.max(end, tier.endMillis());
            }
            overloaded |= tier.overloaded();
        }
        long requests = ok + ko;
        double rates = same.stream().mapToDouble(TierResult::tps).sum();
        double seconds = requests == 0 ? 0 : addRates ? (rates == 0 ? launcher.seconds() : ok / rates)
                : Math.max(1, end - start) / 1000.0;
        List<TierResult> byRequest = null;
        if (same.stream().allMatch(tier -> tier.byRequest() != null)) {
            byRequest = launcher.byRequest().stream().map(part -> merged(same.stream().map(tier -> partNamed(tier, part.name()))
                    .toList(), part, addRates).over(seconds)).toList();
        }
        return new TierResult(new TierResult.Load(launcher.name(), launcher.target(), users), TierResult.Answers.counted(ok, ko, seconds),
                Histograms.latency(latencies), new TierResult.Failures(failures, examples),
                new TierResult.Window(requests == 0 ? 0 : start, requests == 0 ? 0 : end), resources(same, launcher, ok), overloaded, byRequest,
                launcher.open() == null ? null : OpenFigures.joined(same.stream().map(TierResult::open).toList()));
    }

    private static TierResult partNamed(TierResult tier, String request) {
        return tier.byRequest().stream().filter(part -> part.name().equals(request)).findFirst()
                .orElseThrow(() -> new MismatchException("the runs differ in the requests of the mix: " + tier.name()
                        + " of one has no request '" + request + "'"));
    }

    /**
     * The launching injector's view of the target, its CPU per response over every injector's
     * responses; the injectors' CPU summed, saturated when any one of them was.
     */
    private static TierResources resources(List<TierResult> same, TierResult launcher, long ok) {
        TierResources target = launcher.resources();
        if (target == null) {
            return null;
        }
        Double perResponse = target.targetCpuMicrosPerRequest() == null || ok == 0 ? null
                : Decimals.two(target.targetCpuMicrosPerRequest() * launcher.ok() / ok);
        double injectors = same.stream().map(TierResult::resources).filter(Objects::nonNull)
                .mapToDouble(TierResources::injectorCpuMeanPercent).sum();
        boolean saturated = same.stream().map(TierResult::resources).filter(Objects::nonNull)
                .anyMatch(TierResources::injectorSaturated);
        return new TierResources(target.samples(), target.targetCpu(), target.targetMemory(), perResponse, Decimals.two(injectors), target.machineCpuMeanPercent(), saturated, target.machineSaturated(),
                target.kernelTcp());
    }
}
