package containerbench.run;

import containerbench.results.ResultsStore;
import containerbench.settings.CpuPlacement;
import containerbench.settings.Given;
import containerbench.settings.ProjectRoot;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import containerbench.settings.SettingsFile;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What this Gatling JVM was told to run, and where its results go: the settings file a parent
 * wrote with the results file it claimed (./bench run, a study's cell, the calibration, injector 0),
 * or else the {@code -D} properties a user gave Maven, parsed here once, and a results file claimed
 * here. One of several injectors started on this machine also gets the folder they meet in before their load.
 */
record RunOrder(RunSettings settings, TargetCatalog catalog, ResultsStore store, String runId, Path startBarrier) {

    static RunOrder ofThisJvm(Instant now) {
        TargetCatalog catalog = TargetCatalog.read(ProjectRoot.find());
        Map<String, String> given = givenProperties();
        String file = given.get(RunProperties.SETTINGS_FILE);
        if (file == null) {
            RunSettings settings = RunSettings.from(Given.maven(given), catalog, CpuPlacement.machineCpus());
            ResultsStore store = new ResultsStore(settings.benchmarksDir());
            return new RunOrder(settings, catalog, store, store.claim(settings.runName(), now), null);
        }
        List<String> beside = given.keySet().stream().filter(name -> !RunProperties.FROM_THE_POM.contains(name))
                .filter(name -> RunProperties.ALL.stream().anyMatch(p -> p.name().equals(name))
                        || catalog.allKnobNames().contains(name)).sorted().toList();
        if (!beside.isEmpty()) {
            throw new SettingException("-D" + String.join(", -D", beside) + " beside -D" + RunProperties.SETTINGS_FILE + "=" + file
                    + ": that file holds every setting of the run");
        }
        SettingsFile handed = SettingsFile.read(Path.of(file));
        ResultsStore store = new ResultsStore(handed.results().getParent());
        return new RunOrder(handed.settings(), catalog, store, store.adopt(handed.results()), handed.startBarrier());
    }

    /** Where a target's log goes: beside the results, one per target when there are several. */
    Path logOf(TargetSettings target) {
        return settings.targets().size() == 1 ? store.logOf(runId) : store.logOf(runId, target.label());
    }

    /**
     * The {@code -D} properties this JVM was started with: what the pom and the user gave the
     * Gatling JVM (the Maven plugin forwards every {@code -D} of the command line), without the
     * properties the JVM and its libraries set for themselves. Only these are checked for slips.
     */
    private static Map<String, String> givenProperties() {
        Map<String, String> given = new LinkedHashMap<>();
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (argument.startsWith("-D") && argument.length() > 2) {
                int equals = argument.indexOf('=');
                // The last of two wins, as it does for the JVM.
                given.put(equals < 0 ? argument.substring(2) : argument.substring(2, equals),
                        equals < 0 ? "" : argument.substring(equals + 1));
            }
        }
        return given;
    }
}
