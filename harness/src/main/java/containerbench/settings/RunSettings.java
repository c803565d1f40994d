package containerbench.settings;

import static containerbench.settings.RunProperties.BENCHMARKS_DIR;
import static containerbench.settings.RunProperties.BLOCK_SECONDS;
import static containerbench.settings.RunProperties.GATLING_RESULTS;
import static containerbench.settings.RunProperties.RECORD;
import static containerbench.settings.RunProperties.ROUNDS;
import static containerbench.settings.RunProperties.SAMPLE;
import static containerbench.settings.RunProperties.TIER_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_SECONDS;

import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Everything one run is told, parsed once from its properties before anything starts: a name that
 * looks like a slip, a bad value or a knob of another container stops it here.
 *
 * @param targets the containers measured, the baseline first
 * @param interleaving how several targets share each tier, and a capacity search's rounds of each step (one
 *     target or several); {@code null} for one target's tiers of a fixed length
 * @param cpuLimit the CPU limit of each launched target, or {@code null} for none
 * @param recording false when the per-tier recording is switched off to measure its cost
 * @param sampling false when the CPU and memory sampling is switched off to measure its cost
 * @param injectorProfiling how the run's own JVM is profiled over its blocks ({@code -Dprofile.injector}); {@link Profiling#OFF} unless asked
 * @param gatlingResults where Gatling writes its reports: in the results folder unless told otherwise
 * @param injectors this injector's part of the load: {@link InjectorShare#ALONE} unless several share it
 * @param app the application every target serves, and the requests sent to it
 * @param prefix how the run's user writes a setting's name ({@code -D}, {@code --}), for what the run says later
 */
public record RunSettings(TierPlan plan, Interleaving interleaving, Gates gates, CpuPlacement placement, CpuLimit cpuLimit,
        List<TargetSettings> targets, boolean recording, boolean sampling, Profiling injectorProfiling, Path benchmarksDir,
        Path gatlingResults, InjectorShare injectors, AppSettings app, String prefix) {

    /** @param given the settings given to the run (not the JVM's own properties) */
    public static RunSettings from(Given given, TargetCatalog catalog, int machineCpus) {
        RunProperties.refuseNearMisses(given.names(), catalog.allKnobNames(), given.prefix());
        Path benchmarks = Path.of(BENCHMARKS_DIR.text(given,
                catalog.projectRoot().resolve(BENCHMARKS_DIR.defaultValue()).toString())).toAbsolutePath().normalize();
        Path gatling = Path.of(GATLING_RESULTS.text(given, benchmarks.resolve("gatling").toString()))
                .toAbsolutePath().normalize();
        List<TargetSettings> targets = TargetSettings.from(given, catalog);
        TierPlan plan = TierPlan.from(given, targets.size() > 1);
        plan.connections().refuseOver(given, plan.arrivesAtRates(), targets.stream().map(TargetSettings::http).toList());
        Interleaving interleaving = null;
        if (plan.arrivesAtRates()) {
            refuseForOpen(given, plan);
        }
        if (plan.arrivesAtRates() && plan.open().slo() != null) {
            // A capacity search repeats each step in rounds, one target or several, for its interval.
            if (given.has(TIER_SECONDS)) {
                throw new SettingException(given.spelled(TIER_SECONDS) + " is for tiers of a fixed length: a capacity search ("
                        + given.spelled(RunProperties.SLO_P99_MS) + ") runs each step as " + given.spelled(ROUNDS) + " rounds of one "
                        + given.spelled(BLOCK_SECONDS) + " block per container");
            }
            interleaving = Interleaving.stair(given, targets.size());
            if (targets.size() > 1) {
                refuseIdleGaps(given, interleaving, targets, catalog);
            }
        } else if (targets.size() > 1) {
            if (given.has(TIER_SECONDS)) {
                throw new SettingException(given.spelled(TIER_SECONDS) + " is for one container: with several, each tier runs "
                        + given.spelled(ROUNDS) + " rounds of one " + given.spelled(BLOCK_SECONDS) + " block per container");
            }
            interleaving = Interleaving.from(given, targets.size(), targets.get(0).launched());
            refuseIdleGaps(given, interleaving, targets, catalog);
            refuseForLaunches(given, interleaving);
            if (!RECORD.bool(given, true)) {
                throw new SettingException(given.spelled(RECORD) + "=false measures what recording costs, with one container:"
                        + " with several, the blocks and their verdicts are made of what is recorded");
            }
        } else {
            for (var property : List.of(ROUNDS, BLOCK_SECONDS, RunProperties.LAUNCHES, RunProperties.PRECISION, RunProperties.MAX_MINUTES)) {
                if (given.has(property)) {
                    throw new SettingException(given.spelled(property) + " is for several containers, and this run has one ("
                            + targets.get(0).container() + "); " + given.spelled(TIER_SECONDS) + " sets its tiers' length");
                }
            }
        }
        CpuLimit limit = CpuLimit.from(given, machineCpus);
        if (limit != null && !targets.get(0).launched()) {
            throw new SettingException(given.spelled(RunProperties.TARGET_CPU_LIMIT) + " limits a target this run launches, not"
                    + " one running at " + given.spelled(RunProperties.TARGET_URL));
        }
        InjectorShare injectors = InjectorShare.from(given, plan.tiers(), targets.size() > 1, targets.get(0).launched());
        if (!injectors.alone() && interleaving != null && interleaving.precision() != null) {
            throw new SettingException(given.spelled(RunProperties.PRECISION) + " adds rounds as each tier's pilot asks, and "
                    + given.spelled(RunProperties.INJECTORS) + " lay every block out from one instant: give " + given.spelled(ROUNDS) + " instead");
        }
        if (!injectors.alone() && !injectors.local() && plan.autoWarmup()) {
            throw new SettingException("injectors on machines of their own keep one schedule laid out from one instant: give "
                    + given.spelled(WARMUP_SECONDS) + " a number of seconds, not auto");
        }
        AppSettings app = AppSettings.from(given, targets.get(0).launched(),
                targetsArchive(given, targets, TargetSpec.WAR, RunProperties.APP_WAR, TargetBuild::war),
                targetsArchive(given, targets, TargetSpec.JAR, RunProperties.APP_JAR, TargetBuild::jar));
        refuseJarMismatch(given, app, targets, catalog);
        plan.client().refuseOver(given, plan, targets, app.requests(), injectors);
        Profiling injectorProfiling = Profiling.ofInjector(given);
        if (injectorProfiling != Profiling.OFF && plan.client() == LoadClient.WRK) {
            throw new SettingException(given.spelled(RunProperties.PROFILE_INJECTOR) + "=true profiles the JVM that sends the load, and"
                    + " with " + given.spelled(RunProperties.CLIENT) + "=wrk wrk sends it: profile the targets ("
                    + given.spelled(RunProperties.PROFILE) + "=cpu), or let Gatling send the load");
        }
        return new RunSettings(plan, interleaving, Gates.from(given), CpuPlacement.from(given, machineCpus), limit,
                targets, RECORD.bool(given, true), SAMPLE.bool(given, true), injectorProfiling, benchmarks, gatling, injectors,
                app, given.prefix());
    }

    /**
     * The archive the targets name in their brackets when {@code -Dapp.war} (or {@code -Dapp.jar}) names
     * none: the baseline's, which the results record as the run's application; every target must then
     * name one, since a run serves the login servlet or a user's application, not both.
     *
     * @param key the name in brackets, {@link TargetSpec#WAR} or {@link TargetSpec#JAR}
     * @param property the run's property for it
     * @param named each target's own archive, {@code null} where it names none
     */
    private static Path targetsArchive(Given given, List<TargetSettings> targets, String key, Property property,
            java.util.function.Function<TargetBuild, Path> named) {
        List<TargetSettings> without = targets.stream().filter(target -> named.apply(target.build()) == null).toList();
        if (without.size() == targets.size() || given.has(property)) {
            return null;
        }
        if (!without.isEmpty()) {
            throw new SettingException(without.get(0).label() + " names no " + key + " and " + targets.stream()
                    .filter(target -> named.apply(target.build()) != null).findFirst().orElseThrow().label() + " does: give "
                    + given.spelled(property) + " for the targets without one, or " + key + " to each");
        }
        return named.apply(targets.get(0).build());
    }

    /**
     * A user's jar runs on the jar target alone, and the jar target runs nothing else: a run compares
     * one application on every target, never the login servlet against a jar.
     */
    private static void refuseJarMismatch(Given given, AppSettings app, List<TargetSettings> targets, TargetCatalog catalog) {
        for (TargetSettings target : targets) {
            boolean jarTarget = !catalog.kinds().get(target.container()).servesLogin();
            if (app.userJar() && !jarTarget) {
                throw new SettingException(given.spelled(RunProperties.APP_JAR) + " runs on the " + AppSettings.JAR_TARGET
                        + " target, and " + target.label() + " serves the login servlet or a WAR: give "
                        + given.spelled(RunProperties.CONTAINERS) + "=" + AppSettings.JAR_TARGET + " (or none), or "
                        + AppSettings.JAR_TARGET + "[" + TargetSpec.JAR + "=...] for each build");
            }
            if (!app.userJar() && jarTarget) {
                throw new SettingException("the " + AppSettings.JAR_TARGET + " target runs an executable jar of yours: give "
                        + given.spelled(RunProperties.APP_JAR) + "=PATH (or " + AppSettings.JAR_TARGET + "[" + TargetSpec.JAR
                        + "=PATH])");
            }
        }
    }

    /** What several launches cannot go with yet: refused before anything starts. */
    private static void refuseForLaunches(Given given, Interleaving interleaving) {
        if (interleaving.launches() < 2) {
            return;
        }
        String launches = given.spelled(RunProperties.LAUNCHES) + "=" + interleaving.launches();
        if (interleaving.precision() != null) {
            throw new SettingException(launches + " with " + given.spelled(RunProperties.PRECISION) + " is not supported yet:"
                    + " precision adds rounds to one launch, and over several launches the interval narrows with launches");
        }
    }

    /** What an open workload cannot do yet, or at all: refused before anything starts. */
    private static void refuseForOpen(Given given, TierPlan plan) {
        String open = given.spelled(RunProperties.MODEL) + "=open";
        if (given.has(RunProperties.LAUNCHES) && plan.open().slo() != null) {
            throw new SettingException(given.spelled(RunProperties.LAUNCHES) + " with " + given.spelled(RunProperties.SLO_P99_MS)
                    + " is not supported yet: a capacity search climbs one stair in one launch, its rounds the repeats; fixed rates"
                    + " (" + open + " without " + given.spelled(RunProperties.SLO_P99_MS) + ") run over launches");
        }
        if (given.has(RunProperties.PRECISION)) {
            throw new SettingException(given.spelled(RunProperties.PRECISION) + " adds rounds as it goes, and " + open
                    + " lays each tier's arrivals out in advance: give " + given.spelled(ROUNDS) + " instead");
        }
        if (given.has(RunProperties.INJECTOR_INDEX)) {
            throw new SettingException(given.spelled(RunProperties.INJECTOR_INDEX) + " with " + open + " is not supported yet:"
                    + " a capacity search stops where injector 0 judges every injector's blocks, which only injectors on one"
                    + " machine share (" + given.spelled(RunProperties.INJECTORS) + " without " + given.spelled(RunProperties.INJECTOR_INDEX)
                    + ")");
        }
        if (!RECORD.bool(given, true)) {
            throw new SettingException(given.spelled(RECORD) + "=false switches off what " + open
                    + " measures with (each request's due time)");
        }
    }

    /**
     * A target idle between its blocks longer than its connections' idle timeout would have its users
     * reconnect at every block start, in exactly the runs with most targets: refused, with what to change.
     */
    private static void refuseIdleGaps(Given given, Interleaving interleaving, List<TargetSettings> targets, TargetCatalog catalog) {
        int idleSeconds = new BlockOrder(targets.size()).longestIdleBlocks() * interleaving.blockSeconds();
        for (TargetSettings target : targets) {
            long timeoutMillis = target.idleTimeoutMillis(catalog);
            // A second to spare: a block's last requests return after its end.
            if (timeoutMillis > 0 && 1000L * (idleSeconds + 1) >= timeoutMillis) {
                throw new SettingException(targets.size() + " targets in blocks of " + interleaving.blockSeconds() + " s leave each"
                        + " idle up to " + idleSeconds + " s, and " + target.label() + " closes a connection idle for "
                        + timeoutMillis + " ms: its users would reconnect at every block start. Shorten "
                        + given.spelled(BLOCK_SECONDS) + " (at most " + Math.max(1, (timeoutMillis / 1000 - 2)
                        / Math.max(1, idleSeconds / interleaving.blockSeconds())) + " here), or raise the idle timeout"
                        + " (" + given.spelled("idleTimeout") + ")");
            }
        }
    }

    /** A setting's name as the run's user writes it: {@code --target.cpuLimit} to a ./bench user. */
    public String spelled(Property property) {
        return prefix + property.name();
    }

    /**
     * What the run's results are named after: its containers ({@code tomcat}, {@code tomcat-undertow}),
     * and for one injector of several its index ({@code tomcat-injector1}).
     */
    public String runName() {
        String containers = targets.stream().map(TargetSettings::container).collect(Collectors.joining("-"));
        return injectors.alone() ? containers : containers + "-injector" + injectors.index();
    }

    /**
     * The same run against the baseline already running at {@code url}, started by the process that
     * hands these settings on: its knobs, CPU limit and CPUs stay with that process, and its
     * results go where these go.
     */
    public RunSettings loading(URI url) {
        return loading(List.of(url));
    }

    /** The same run against its targets already running at {@code urls}, in target order, each keeping its label. */
    public RunSettings loading(List<URI> urls) {
        if (urls.size() != targets.size()) {
            throw new IllegalArgumentException(urls.size() + " addresses for " + targets.size() + " targets");
        }
        List<TargetSettings> running = new ArrayList<>();
        for (int t = 0; t < urls.size(); t++) {
            running.add(targets.get(t).runningAt(urls.get(t)));
        }
        return new RunSettings(plan, interleaving, gates, new CpuPlacement(null, placement.injectorCpus()), null,
                running, recording, sampling, injectorProfiling, benchmarksDir, gatlingResults, injectors, app, prefix);
    }

    /** The same run as injector {@code index} of a share that starts at {@code startAt}. */
    public RunSettings asInjector(int index, Instant startAt) {
        return new RunSettings(plan, interleaving, gates, placement, cpuLimit, targets, recording, sampling, injectorProfiling,
                benchmarksDir, gatlingResults, new InjectorShare(injectors.count(), index, startAt, false), app, prefix);
    }

    /** The same run, its results, logs and Gatling's reports in {@code dir}. */
    public RunSettings writingTo(Path dir) {
        Path folder = dir.toAbsolutePath().normalize();
        return new RunSettings(plan, interleaving, gates, placement, cpuLimit, targets, recording, sampling, injectorProfiling,
                folder, folder.resolve("gatling"), injectors, app, prefix);
    }

    /** Whether any target is profiled ({@code -Dprofile}, or {@code profile} in its brackets). */
    public boolean profiled() {
        return targets.stream().anyMatch(target -> target.profiling() != Profiling.OFF);
    }

    /** The baseline: the only target of a one-container run, the first of several. */
    public TargetSettings target() {
        return targets.get(0);
    }

    /**
     * The load's seconds, warm-ups included, without the time a tier's last requests take to return:
     * at most this long with an auto warm-up, at least this long with precision on demand.
     */
    public int loadSeconds() {
        int warmups = plan.warmupSeconds() * targets.size();
        return interleaving == null ? plan.loadSeconds()
                : interleaving.launches() * (warmups + plan.tiers().size() * interleaving.tierSeconds(targets.size()));
    }

    /** The containers and the knobs that differ from their defaults: "tomcat maxThreads=1024 vs undertow". */
    public String description(TargetCatalog catalog) {
        return targets.stream().map(target -> describe(target, catalog)).collect(Collectors.joining(" vs "));
    }

    private static String describe(TargetSettings target, TargetCatalog catalog) {
        if (!target.launched()) {
            return target.label() + " at " + target.url();
        }
        Map<String, String> changed = target.nonDefaultKnobs(catalog);
        return target.label() + (changed.isEmpty() ? "" : " " + changed.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")));
    }
}
