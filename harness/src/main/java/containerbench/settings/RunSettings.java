package containerbench.settings;

import static containerbench.settings.RunProperties.BENCHMARKS_DIR;
import static containerbench.settings.RunProperties.BLOCK_SECONDS;
import static containerbench.settings.RunProperties.GATLING_RESULTS;
import static containerbench.settings.RunProperties.RECORD;
import static containerbench.settings.RunProperties.ROUNDS;
import static containerbench.settings.RunProperties.SAMPLE;
import static containerbench.settings.RunProperties.TIER_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_SECONDS;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Everything one run is told, parsed once from its properties before anything starts: a name that
 * looks like a slip, a bad value or a knob of another container stops it here.
 *
 * @param targets the containers measured, the baseline first
 * @param interleaving how several targets share each tier, or {@code null} for one target
 * @param cpuQuota the CPU limit of each launched target, or {@code null} for none
 * @param recording false when the per-tier recording is switched off to measure its cost
 * @param sampling false when the CPU and memory sampling is switched off to measure its cost
 * @param gatlingResults where Gatling writes its reports: in the results folder unless told otherwise
 * @param injectors this injector's part of the load: {@link InjectorShare#ALONE} unless several share it
 */
public record RunSettings(TierPlan plan, Interleaving interleaving, Gates gates, CpuPlacement placement, CpuQuota cpuQuota,
        List<TargetSettings> targets, boolean recording, boolean sampling, Path benchmarksDir, Path gatlingResults,
        InjectorShare injectors) {

    /**
     * @param properties the properties given to the run (not the JVM's own)
     * @param prefix how the user wrote them, for messages: {@code -D}, or {@code --} on the command line
     */
    public static RunSettings from(Map<String, String> properties, TargetCatalog catalog, int machineCpus, String prefix) {
        RunProperties.refuseNearMisses(properties.keySet(), catalog.allKnobNames(), prefix);
        Path benchmarks = Path.of(BENCHMARKS_DIR.text(properties,
                catalog.projectRoot().resolve(BENCHMARKS_DIR.defaultValue()).toString())).toAbsolutePath().normalize();
        Path gatling = Path.of(GATLING_RESULTS.text(properties, benchmarks.resolve("gatling").toString()))
                .toAbsolutePath().normalize();
        List<TargetSettings> targets = TargetSettings.from(properties, catalog);
        Interleaving interleaving = null;
        if (targets.size() > 1) {
            if (properties.containsKey(TIER_SECONDS.name())) {
                throw new SettingException(prefix + TIER_SECONDS.name() + " is for one container: with several, each tier runs "
                        + prefix + ROUNDS.name() + " rounds of one " + prefix + BLOCK_SECONDS.name() + " block per container");
            }
            interleaving = Interleaving.from(properties);
            if (!RECORD.bool(properties, true)) {
                throw new SettingException(prefix + RECORD.name() + "=false measures what recording costs, with one container:"
                        + " with several, the blocks and their verdicts are made of what is recorded");
            }
        } else {
            for (var property : List.of(ROUNDS, BLOCK_SECONDS, RunProperties.PRECISION, RunProperties.MAX_MINUTES)) {
                if (properties.containsKey(property.name())) {
                    throw new SettingException(prefix + property.name() + " is for several containers, and this run has one ("
                            + targets.get(0).container() + "); " + prefix + TIER_SECONDS.name() + " sets its tiers' length");
                }
            }
        }
        CpuQuota quota = CpuQuota.from(properties, machineCpus);
        if (quota != null && !targets.get(0).launched()) {
            throw new SettingException("-D" + RunProperties.TARGET_CPU_LIMIT.name() + " limits a target this run launches, not"
                    + " one running at -D" + RunProperties.TARGET_URL.name());
        }
        TierPlan plan = TierPlan.from(properties, targets.size() > 1);
        InjectorShare injectors = InjectorShare.from(properties, plan.tiers(), targets.size() > 1, targets.get(0).launched(),
                prefix);
        if (!injectors.alone() && plan.autoWarmup()) {
            throw new SettingException("several injectors keep one schedule: give " + prefix + WARMUP_SECONDS.name()
                    + " a number of seconds, not auto");
        }
        return new RunSettings(plan, interleaving, Gates.from(properties), CpuPlacement.from(properties, machineCpus), quota,
                targets, RECORD.bool(properties, true), SAMPLE.bool(properties, true), benchmarks, gatling, injectors);
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
                : warmups + plan.tiers().size() * interleaving.tierSeconds(targets.size());
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
