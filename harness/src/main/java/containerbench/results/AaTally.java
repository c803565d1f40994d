package containerbench.results;

import java.util.ArrayList;
import java.util.List;

/**
 * What A/A runs (one container against itself, each run with fresh JVMs) say of the method: how many
 * of their 95% intervals held 1, against the 95% promised, and how many runs stated a difference on
 * an adjusted interval, against at most one in twenty. Every interval a run shows counts in the first:
 * TPS (also where the injector limited it: it serves both alike), CPU per response, the response
 * times' mean and 99th percentile, and the costs besides ({@link Footprints}: start-up, memory at rest,
 * bytes allocated per response, collector pauses); only what a run says in words counts in the second ("higher",
 * "lower", "more", "less", and one of two identical targets failing a tier the other did not).
 *
 * @param falseVerdicts each one, "RUN: tomcat#2 at 500 users: CPU per response 0.97×"
 */
public record AaTally(int runs, int intervals, int held, int adjustedHeld, int runsWithFalseVerdict, List<String> falseVerdicts) {

    /**
     * Whether a run is an A/A run: two targets or more, all of one container at one version with the same knobs, JVM
     * options and WAR, copies of one configuration ({@link RunResult.Target#configuration}: {@code tomcat} and
     * {@code tomcat#2} are; {@code tomcat[version=11.0.24]} and {@code tomcat[version=11.0.27]} are not).
     */
    public static boolean isAa(RunResult run) {
        return run.interleaved() && run.targets().stream()
                .map(t -> java.util.Arrays.asList(t.container(), t.containerVersion(), t.configuration(), t.settings(),
                        t.common(), t.jvmArgs(), t.java())).distinct().count() == 1;
    }

    /**
     * The tally of the method as it is now: each run's comparisons worked out again from its blocks,
     * so that runs made before a change of the method are judged by the new one.
     *
     * @throws IllegalArgumentException naming the first run that is not an A/A run
     */
    public static AaTally of(List<RunResult> runs) {
        int intervals = 0;
        int held = 0;
        int adjustedHeld = 0;
        int runsWithFalse = 0;
        List<String> falses = new ArrayList<>();
        for (RunResult given : runs) {
            if (!isAa(given)) {
                throw new IllegalArgumentException(given.runId() + " is not an A/A run: its targets are " + String.join(", ",
                        given.targets().stream().map(RunResult.Target::label).toList()) + ", where one container with the same knobs"
                        + " and JVM twice or more is needed");
            }
            RunResult run = Comparisons.rebased(given, given.baseline().label());
            List<Said> said = said(run);
            intervals += said.size();
            held += (int) said.stream().filter(s -> s.low() <= 1 && 1 <= s.high()).count();
            adjustedHeld += (int) said.stream().filter(s -> s.adjustedLow() <= 1 && 1 <= s.adjustedHigh()).count();
            List<String> ofRun = new ArrayList<>(failedAlone(run));
            said.stream().filter(s -> s.judged() && (s.adjustedLow() > 1 || s.adjustedHigh() < 1))
                    .forEach(s -> ofRun.add(run.runId() + ": " + s.where() + ": " + s.figure()
                            + String.format(java.util.Locale.ROOT, " %.2f×", s.ratio())));
            runsWithFalse += ofRun.isEmpty() ? 0 : 1;
            falses.addAll(ofRun);
        }
        return new AaTally(runs.size(), intervals, held, adjustedHeld, runsWithFalse, falses);
    }

    public double heldPercent() {
        return intervals == 0 ? 0 : 100.0 * held / intervals;
    }

    /** One interval a run shows, and whether the run judges it in words. */
    private record Said(String where, String figure, double ratio, double low, double high, double adjustedLow,
            double adjustedHigh, boolean judged) {

        static Said of(String where, String figure, TierComparison.Ratio r, boolean judged) {
            return new Said(where, figure, r.ratio(), r.low(), r.high(), r.adjustedLow(), r.adjustedHigh(), judged);
        }

        static Said of(String where, String figure, PairedRatio plain, PairedRatio adjusted) {
            return new Said(where, figure, plain.ratio(), plain.low(), plain.high(), adjusted.low(), adjusted.high(), true);
        }
    }

    /** Every interval of the run: TPS and CPU per response per tier and target, then the response times'. */
    private static List<Said> said(RunResult run) {
        List<Said> said = new ArrayList<>();
        for (TierComparison tier : run.comparisons()) {
            for (TierComparison.Comparison c : tier.comparison()) {
                if (c.failed() || c.pairs() < 2) {
                    continue;
                }
                String where = c.other() + " at " + tier.tier();
                if (c.tpsJudged()) {
                    said.add(Said.of(where, "TPS", c.tps(), !c.injectorLimited()));
                }
                if (c.cpu() != null) {
                    said.add(Said.of(where, "CPU per response", c.cpu(), true));
                }
            }
        }
        List<String> labels = run.targets().stream().map(RunResult.Target::label).toList();
        int family = Math.max(1, Comparisons.family(run));
        for (String other : labels.subList(1, labels.size())) {
            for (LatencyComparison tier : LatencyComparisons.latencies(run.blocks(), labels.get(0), other, family)) {
                if (tier.mean().pairs() >= 2) {
                    String where = other + " at " + tier.tier();
                    said.add(Said.of(where, "mean response time", tier.mean(), tier.meanAdjusted()));
                    said.add(Said.of(where, "p99 response time", tier.p99(), tier.p99Adjusted()));
                }
            }
        }
        // The costs besides the load: start-up, memory at rest, garbage and pauses per tier.
        for (Footprints.Comparison c : run.footprint()) {
            add(said, c.other(), "start-up", c.startUp());
            add(said, c.other(), "heap at rest", c.heapAtRest());
            add(said, c.other(), "RSS at rest", c.rssAtRest());
            for (Footprints.TierCost tier : c.tiers().stream().filter(t -> !t.failed()).toList()) {
                add(said, c.other() + " at " + tier.tier(), "bytes allocated per response", tier.bytesPerResponse());
                add(said, c.other() + " at " + tier.tier(), "GC pause share", tier.pausePercent());
            }
        }
        return said;
    }

    private static void add(List<Said> said, String where, String figure, Footprints.Figure f) {
        if (f != null && f.ratio() != null) {
            said.add(Said.of(where, figure, f.ratio(), true));
        }
    }

    /** The tiers one of the identical targets failed and the other did not: a difference the run states first. */
    private static List<String> failedAlone(RunResult run) {
        List<String> failed = new ArrayList<>();
        for (TierComparison tier : run.comparisons()) {
            for (TierComparison.Comparison c : tier.comparison()) {
                TierComparison.Failures f = c.failures();
                if (f.baselineFailed() != f.otherFailed()) {
                    failed.add(run.runId() + ": " + (f.otherFailed() ? c.other() : c.baseline()) + " alone failed at " + tier.tier());
                }
            }
        }
        return failed;
    }
}
