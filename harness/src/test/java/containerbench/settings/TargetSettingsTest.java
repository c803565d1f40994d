package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which container a run measures and with which knobs, checked against the knob lists the build wrote. */
class TargetSettingsTest {

    private static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());

    private static TargetSettings settings(String container, Map<String, String> properties) {
        Map<String, String> all = new LinkedHashMap<>(properties);
        all.put("container", container);
        return TargetSettings.from(all, CATALOG);
    }

    @Test
    void aKnobOfAnotherContainerIsAnErrorNotIgnored() {
        var error = assertThrows(SettingException.class, () -> settings("tomcat", Map.of("workerThreads", "5")));
        assertTrue(error.getMessage().startsWith("-DworkerThreads is a knob of undertow, not of tomcat; tomcat's knobs are protocol, maxThreads"),
                error.getMessage());
    }

    @Test
    void theCommonNamesReachEachContainersOwnKnob() {
        Map<String, String> common = Map.of("threads", "64", "backlog", "128", "idleTimeout", "5000");
        assertEquals(Map.of("maxThreads", "64", "acceptCount", "128", "connectionTimeout", "5000"), settings("tomcat", common).knobs());
        assertEquals(Map.of("workerThreads", "64", "backlog", "128", "noRequestTimeout", "5000"), settings("undertow", common).knobs());
        assertEquals(Map.of("maxThreads", "64", "acceptQueueSize", "128", "idleTimeout", "5000"), settings("jetty", common).knobs());
        var both = assertThrows(SettingException.class, () -> settings("tomcat", Map.of("threads", "64", "maxThreads", "32")));
        assertTrue(both.getMessage().startsWith("both -DmaxThreads and -Dthreads are set"), both.getMessage());
        var none = assertThrows(SettingException.class, () -> settings("undertow", Map.of("virtualThreads", "true")));
        assertTrue(none.getMessage().startsWith("-DvirtualThreads has no counterpart on undertow"), none.getMessage());
    }

    @Test
    void onlyTheKnobsThatDifferFromTheDefaultsDescribeTheRun() {
        assertEquals(Map.of("maxThreads", "1024"), settings("tomcat", Map.of("maxThreads", "1024", "acceptCount", "512"))
                .nonDefaultKnobs(CATALOG));
    }

    @Test
    void anUnknownContainerListsTheKnownOnes() {
        var error = assertThrows(SettingException.class, () -> settings("jboss", Map.of()));
        assertEquals("bad value -Dcontainer=jboss: container accepts one of jetty, tomcat, undertow (or the profiles -Pjetty, -Ptomcat, -Pundertow)",
                error.getMessage());
    }

    @Test
    void noContainerIsAnErrorThatNamesTheProfiles() {
        var error = assertThrows(SettingException.class, () -> TargetSettings.from(Map.of(), CATALOG));
        assertTrue(error.getMessage().startsWith("no container chosen: run with -Pjetty or -Ptomcat or -Pundertow"), error.getMessage());
        assertThrows(SettingException.class, () -> TargetSettings.from(Map.of("container", "", "container.profiles", ",,"), CATALOG));
    }

    @Test
    void oneProfileChoosesTheContainer() {
        assertEquals("undertow", TargetSettings.from(Map.of("container", "", "container.profiles", ",undertow,"), CATALOG).container());
        assertEquals("jetty", TargetSettings.from(Map.of("container", "jetty", "container.profiles", ",,jetty"), CATALOG).container());
    }

    @Test
    void twoProfilesAreNeverReducedToOne() {
        var error = assertThrows(SettingException.class,
                () -> TargetSettings.from(Map.of("container", "", "container.profiles", "tomcat,undertow,"), CATALOG));
        assertEquals("-Ptomcat,undertow activates 2 container profiles, and a run measures one container: run them one after"
                + " the other (mvn gatling:test -Ptomcat, then mvn gatling:test -Pundertow)", error.getMessage());
        var mixed = assertThrows(SettingException.class,
                () -> TargetSettings.from(Map.of("container", "jetty", "container.profiles", "tomcat,,"), CATALOG));
        assertEquals("-Dcontainer=jetty and -Ptomcat name different containers: keep one", mixed.getMessage());
    }

    @Test
    void knobsCannotReachARunningTarget() {
        var error = assertThrows(SettingException.class,
                () -> settings("tomcat", Map.of("target.url", "http://127.0.0.1:1", "maxThreads", "8")));
        assertTrue(error.getMessage().startsWith("-DmaxThreads cannot reach a target started by someone else"), error.getMessage());
        assertThrows(SettingException.class, () -> settings("tomcat", Map.of("target.url", "localhost:8080")));
    }
}
