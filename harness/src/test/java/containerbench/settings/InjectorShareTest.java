package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** -Dinjectors, -Dinjector.index and -Dstart.at: each tier's users split, and the combinations that cannot work refused. */
class InjectorShareTest {

    private static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());
    private static final String FUTURE = Instant.now().plusSeconds(3600).toString();

    private static RunSettings settings(String... pairs) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            properties.put(pairs[i], pairs[i + 1]);
        }
        if (!properties.containsKey("containers")) {
            properties.put("container", "tomcat");
        }
        return RunSettings.from(Given.maven(properties), CATALOG, 2);
    }

    private static void refused(String expected, String... pairs) {
        SettingException e = assertThrows(SettingException.class, () -> settings(pairs));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void eachTiersUsersAreSplitTheFirstInjectorsTakingTheRest() {
        List<Integer> shares = IntStream.range(0, 3).mapToObj(i -> new InjectorShare(3, i, null, false).usersOf(100)).toList();
        assertEquals(List.of(34, 33, 33), shares);
        assertEquals(2000, IntStream.range(0, 7).map(i -> new InjectorShare(7, i, null, false).usersOf(2000)).sum());
    }

    @Test
    void withoutAnIndexThisMachineRunsThemAllAndChoosesTheInstant() {
        InjectorShare share = settings("injectors", "2").injectors();
        assertTrue(share.local());
        assertEquals(0, share.index());
        assertEquals(null, share.startAt());
        assertTrue(settings().injectors().alone());
    }

    @Test
    void severalContainersShareInjectorsOnThisMachineWithLaunchesAndAnAutoWarmUp() {
        RunSettings settings = settings("containers", "tomcat,undertow", "injectors", "2");
        assertTrue(settings.injectors().local());
        assertEquals(3, settings.interleaving().launches(), "launches as with one injector");
        assertTrue(settings.plan().autoWarmup(), "an auto warm-up, decided by injector 0 for all");
    }

    @Test
    void anInjectorOfADistributedRunGetsItsIndexAndTheInstant() {
        InjectorShare share = settings("injectors", "3", "injector.index", "2", "start.at", FUTURE,
                "target.url", "http://10.0.0.5:8080").injectors();
        assertEquals(2, share.index());
        assertEquals(Instant.parse(FUTURE), share.startAt());
        assertTrue(!share.local());
    }

    @Test
    void anInjectorOnKubernetesWaitsForTheInstantInAFile() {
        InjectorShare share = settings("injectors", "3", "injector.index", "1", "start.at", "file:/start/START_AT",
                "target.url", "http://container-bench-target:8080").injectors();
        assertEquals(1, share.index());
        assertEquals(null, share.startAt(), "not known until the file holds it");
        assertEquals(java.nio.file.Path.of("/start/START_AT"), share.startFile());
        refused("start.at accepts", "injectors", "2", "injector.index", "0", "start.at", "file:");
        refused("only injector 0 may launch it", "injectors", "2", "injector.index", "1", "start.at", "file:/start/START_AT");
    }

    @Test
    void severalTargetsStartedElsewhereShareInjectorsOnMachinesOfTheirOwnInOneLaunchWithAFixedWarmUp() {
        String[] run = {"containers", "tomcat,undertow", "target.url", "http://10.0.0.5:8080,http://10.0.0.6:8080", "injectors", "2",
                "injector.index", "1", "start.at", FUTURE, "warmupSeconds", "30"};
        RunSettings settings = settings(run);
        assertEquals(1, settings.injectors().index());
        assertEquals(1, settings.interleaving().launches(), "no launch afresh of targets started by someone else");
        assertEquals(2, settings.targets().size());
        refused("not auto", "containers", "tomcat,undertow", "target.url", "http://10.0.0.5:8080,http://10.0.0.6:8080", "injectors",
                "2", "injector.index", "1", "start.at", FUTURE);
        SettingException launches = assertThrows(SettingException.class, () -> settings("containers", "tomcat,undertow",
                "target.url", "http://10.0.0.5:8080,http://10.0.0.6:8080", "launches", "3"));
        assertEquals("-Dlaunches=3 launches every target afresh, and targets at -Dtarget.url are started by someone else: run once"
                + " per launch, restarting them in between, or launch them here", launches.getMessage());
    }

    @Test
    void combinationsThatCannotWorkAreRefusedSayingWhy() {
        refused("is for one injector of several", "injector.index", "0");
        refused("injector.index accepts", "injectors", "2", "injector.index", "2", "start.at", FUTURE);
        refused("needs -Dstart.at", "injectors", "2", "injector.index", "0");
        refused("has passed", "injectors", "2", "injector.index", "0", "start.at", "2020-01-01T00:00:00Z");
        refused("start.at accepts", "injectors", "2", "injector.index", "0", "start.at", "tomorrow");
        refused("only injector 0 may launch it", "injectors", "2", "injector.index", "1", "start.at", FUTURE);
        refused("goes with -Dinjector.index", "injectors", "2", "start.at", FUTURE);
        refused("cannot give each of 4 injectors a user", "injectors", "4", "tiers", "3,100");
        refused("-Dinjector.index with several containers loads targets started by someone else, one URL each"
                + " (-Dtarget.url=URL,URL); containers this run launches share injectors on this machine (-Dinjectors without"
                + " -Dinjector.index)", "containers", "tomcat,undertow", "injectors", "2", "injector.index", "0", "start.at", FUTURE);
        refused("not auto", "injectors", "2", "injector.index", "0", "start.at", FUTURE, "warmupSeconds", "auto");
        refused("injectors accepts", "injectors", "0");
        refused("-Dinjector.index with -Dmodel=open is not supported yet: a capacity search stops where injector 0 judges every"
                + " injector's blocks, which only injectors on one machine share (-Dinjectors without -Dinjector.index)",
                "model", "open", "injectors", "2", "injector.index", "0", "start.at", FUTURE);
    }
}
