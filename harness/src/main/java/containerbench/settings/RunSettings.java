package containerbench.settings;

import static containerbench.settings.RunProperties.BENCHMARKS_DIR;
import static containerbench.settings.RunProperties.GATLING_RESULTS;
import static containerbench.settings.RunProperties.RECORD;
import static containerbench.settings.RunProperties.SAMPLE;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Everything one run is told, parsed once from its properties before anything starts: a name that
 * looks like a slip, a bad value or a knob of another container stops it here.
 *
 * @param recording false when the per-tier recording is switched off to measure its cost
 * @param sampling false when the CPU and memory sampling is switched off to measure its cost
 * @param gatlingResults where Gatling writes its reports: in the results folder unless told otherwise
 */
public record RunSettings(TierPlan plan, Gates gates, CpuPlacement placement, TargetSettings target, boolean recording,
        boolean sampling, Path benchmarksDir, Path gatlingResults) {

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
        return new RunSettings(TierPlan.from(properties), Gates.from(properties), CpuPlacement.from(properties, machineCpus),
                TargetSettings.from(properties, catalog), RECORD.bool(properties, true), SAMPLE.bool(properties, true),
                benchmarks, gatling);
    }

    /** The container and the knobs that differ from its defaults: "tomcat maxThreads=1024, acceptCount=1024". */
    public String description(TargetCatalog catalog) {
        if (!target.launched()) {
            return target.container() + " at " + target.url();
        }
        Map<String, String> changed = target.nonDefaultKnobs(catalog);
        return target.container() + (changed.isEmpty() ? "" : " " + changed.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")));
    }
}
