package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which container a run measures and with which knobs, checked against the knob lists the build wrote. */
class TargetSettingsTest {

    private static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());

    private static TargetSettings settings(String container, Map<String, String> properties) {
        Map<String, String> all = new LinkedHashMap<>(properties);
        all.put("container", container);
        return TargetSettings.from(Given.maven(all), CATALOG).get(0);
    }

    @Test
    void aTargetLoadedByAnotherInjectorStillSaysWhatItSpeaks() {
        List<TargetSettings> targets = TargetSettings.from(Given.maven(Map.of("containers", "tomcat[http=h2],undertow[http=h1-tls]")),
                CATALOG);
        TargetSettings there = targets.get(0).runningAt(java.net.URI.create("https://127.0.0.1:8443"));
        assertEquals("h2", there.http(), "the other injectors' Gatling must offer h2 as well");
        assertEquals(Map.of("http", "h2"), there.knobs(), "no other knob goes with it: nothing to launch");
        assertEquals("h1-tls", targets.get(1).runningAt(java.net.URI.create("https://127.0.0.1:8444")).http());
        assertEquals("h1", TargetSettings.from(Given.maven(Map.of("container", "tomcat-server")), CATALOG).get(0).http(),
                "a container without the knob speaks cleartext");
    }

    @Test
    void aKnobOfAnotherContainerIsAnErrorNotIgnored() {
        var error = assertThrows(SettingException.class, () -> settings("tomcat", Map.of("workerThreads", "5")));
        assertTrue(error.getMessage().startsWith("-DworkerThreads is a knob of undertow, not of tomcat; tomcat's knobs are protocol, maxThreads"),
                error.getMessage());
    }

    @Test
    void aKnobValueItsContainerRefusesStopsTheRunNamingTheKnobAndWhatItAccepts() {
        assertEquals("bad value -DmaxThreads=-5: tomcat's maxThreads accepts an integer >= 1",
                assertThrows(SettingException.class, () -> settings("tomcat", Map.of("maxThreads", "-5"))).getMessage());
        assertEquals("bad value -DworkerThreads=many: undertow's workerThreads accepts an integer >= 1",
                assertThrows(SettingException.class, () -> settings("undertow", Map.of("workerThreads", "many"))).getMessage());
        assertEquals("bad value -DlistenBacklog=1024: liberty's listenBacklog accepts an integer from 0 to 512",
                assertThrows(SettingException.class, () -> settings("liberty", Map.of("listenBacklog", "1024"))).getMessage());
        assertEquals("bad value -Dprotocol=apr: tomcat's protocol accepts one of nio, nio2",
                assertThrows(SettingException.class, () -> settings("tomcat", Map.of("protocol", "apr"))).getMessage());
        assertEquals("bad value -DvirtualThreads=yes: jetty's virtualThreads accepts one of true, false",
                assertThrows(SettingException.class, () -> settings("jetty", Map.of("virtualThreads", "yes"))).getMessage());
        assertEquals(Map.of("maxThreads", "1", "maxKeepAliveRequests", "-1", "protocol", "nio2"),
                settings("tomcat", Map.of("maxThreads", "1", "maxKeepAliveRequests", "-1", "protocol", "nio2")).knobs(),
                "the bounds themselves are accepted");
    }

    @Test
    void aCommonNameIsCheckedAgainstEachContainersOwnRule() {
        assertEquals("bad value -Dthreads=0: tomcat's maxThreads accepts an integer >= 1", assertThrows(SettingException.class,
                () -> TargetSettings.from(Given.maven(Map.of("containers", "tomcat,undertow", "threads", "0")), CATALOG)).getMessage());
        assertEquals("bad value -Dbacklog=1024: liberty's listenBacklog accepts an integer from 0 to 512",
                assertThrows(SettingException.class, () -> TargetSettings.from(Given.maven(Map.of("containers", "tomcat,liberty",
                        "backlog", "1024")), CATALOG)).getMessage(), "1024 suits Tomcat's acceptCount, not Liberty's backlog");
        assertEquals("bad value -DidleTimeout=500: liberty's readTimeout accepts an integer >= 1000",
                assertThrows(SettingException.class, () -> TargetSettings.from(Given.maven(Map.of("containers", "tomcat,liberty",
                        "idleTimeout", "500")), CATALOG)).getMessage());
        assertEquals("bad value --threads=0: tomcat's maxThreads accepts an integer >= 1", assertThrows(SettingException.class,
                () -> TargetSettings.from(new Given(Map.of("container", "tomcat", "threads", "0"), Given.COMMAND_LINE), CATALOG))
                .getMessage(), "named as ./bench's user wrote it");
    }

    @Test
    void aBracketedKnobValueIsCheckedAgainstItsContainersRule() {
        assertEquals("bad value threads=0 in tomcat[threads=0] (-Dcontainers): tomcat's maxThreads accepts an integer >= 1",
                assertThrows(SettingException.class, () -> labels(Map.of("containers", "tomcat,tomcat[threads=0]"))).getMessage());
        assertEquals("bad value backlog=1024 in liberty[backlog=1024] (-Dcontainers): liberty's listenBacklog accepts an integer"
                + " from 0 to 512", assertThrows(SettingException.class,
                        () -> labels(Map.of("containers", "tomcat[backlog=1024],liberty[backlog=1024]"))).getMessage());
        assertEquals("bad value executor=none in tomcat[protocol=nio2,executor=none] (-Dcontainers): tomcat's executor accepts"
                + " one of own, shared", assertThrows(SettingException.class,
                        () -> labels(Map.of("containers", "tomcat,tomcat[protocol=nio2,executor=none]"))).getMessage());
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
        assertEquals("bad value -Dcontainer=jboss: container accepts one of " + String.join(", ", CATALOG.names())
                + " (or the profiles -P" + String.join(", -P", CATALOG.names()) + ")", error.getMessage());
    }

    @Test
    void noContainerIsAnErrorThatNamesTheProfiles() {
        var error = assertThrows(SettingException.class, () -> TargetSettings.from(Given.maven(Map.of()), CATALOG));
        assertTrue(error.getMessage().startsWith("no container chosen: run with -P" + String.join(" or -P", CATALOG.names())),
                error.getMessage());
        assertThrows(SettingException.class, () -> TargetSettings.from(Given.maven(Map.of("container", "", "container.profiles", ",,")), CATALOG));
    }

    @Test
    void oneProfileChoosesTheContainer() {
        assertEquals("undertow", TargetSettings.from(Given.maven(Map.of("container", "", "container.profiles", ",undertow,")), CATALOG)
                .get(0).container());
        assertEquals("jetty", TargetSettings.from(Given.maven(Map.of("container", "jetty", "container.profiles", ",,jetty")), CATALOG)
                .get(0).container());
    }

    @Test
    void twoProfilesOrAListAreSeveralTargetsTheFirstTheBaseline() {
        assertEquals(List.of("tomcat", "undertow"), labels(Map.of("container", "", "container.profiles", "tomcat,undertow,")));
        assertEquals(List.of("undertow", "tomcat"), labels(Map.of("containers", "undertow,tomcat")));
        assertEquals(List.of("tomcat", "tomcat#2"), labels(Map.of("containers", "tomcat,tomcat")), "an A/A run");
        var mixed = assertThrows(SettingException.class,
                () -> TargetSettings.from(Given.maven(Map.of("container", "jetty", "container.profiles", "tomcat,,")), CATALOG));
        assertEquals("-Dcontainer=jetty and -Ptomcat name different containers: keep one", mixed.getMessage());
        var both = assertThrows(SettingException.class,
                () -> TargetSettings.from(Given.maven(Map.of("container", "jetty", "containers", "tomcat,jetty")), CATALOG));
        assertTrue(both.getMessage().startsWith("both -Dcontainer and -Dcontainers are set: keep one"), both.getMessage());
    }

    @Test
    void aVersionAndAWarInBracketsAreTheTargetsBuildAndNameIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        List<TargetSettings> versions = TargetSettings.from(Given.maven(Map.of("containers",
                "tomcat[version=11.0.24],tomcat[version=11.0.27,threads=64]")), CATALOG);
        assertEquals(List.of("tomcat[version=11.0.24]", "tomcat[version=11.0.27,threads=64]"),
                versions.stream().map(TargetSettings::label).toList());
        assertEquals(new TargetBuild("11.0.24", null, null), versions.get(0).build());
        assertEquals(Map.of("maxThreads", "64"), versions.get(1).knobs(), "the version is no knob of the container's");
        java.nio.file.Path base = java.nio.file.Files.writeString(dir.resolve("base.war"), "");
        java.nio.file.Path change = java.nio.file.Files.writeString(dir.resolve("change.war"), "");
        List<TargetSettings> builds = TargetSettings.from(Given.maven(Map.of("containers",
                "tomcat[app.war=" + base + "],tomcat[app.war=" + change + "]")), CATALOG);
        assertEquals(List.of("tomcat[app.war=" + base + "]", "tomcat[app.war=" + change + "]"),
                builds.stream().map(TargetSettings::label).toList());
        assertEquals(change, builds.get(1).build().war());
        assertEquals(List.of("tomcat[version=11.0.24]", "tomcat[version=11.0.24]#2"),
                labels(Map.of("containers", "tomcat[version=11.0.24],tomcat[version=11.0.24]")), "the same build twice is an A/A pair");
        assertEquals(List.of("tomcat[version=11.0.24]", "tomcat[version=built]"), labels(Map.of("containers",
                "tomcat[version=11.0.24],tomcat")), "the built version is not the baseline's");

        RunSettings run = RunSettings.from(Given.maven(Map.of("containers", "tomcat[app.war=" + base + "],tomcat[app.war="
                + change + "]", "app.requests", ProjectRoot.find().resolve("examples/login.json").toString())), CATALOG, 2);
        assertEquals(base, run.app().war(), "the baseline's WAR is the run's application");
        var mixed = assertThrows(SettingException.class, () -> RunSettings.from(Given.maven(Map.of("containers",
                "tomcat,tomcat[app.war=" + change + "]")), CATALOG, 2));
        assertEquals("tomcat names no app.war and tomcat[app.war=" + change + "] does: give -Dapp.war for the targets"
                + " without one, or app.war to each", mixed.getMessage());
    }

    @Test
    void aUsersJarRunsOnTheJarTargetAloneAndTwoBuildsOfItAreTwoTargets(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path base = java.nio.file.Files.writeString(dir.resolve("base.jar"), "PK");
        Path change = java.nio.file.Files.writeString(dir.resolve("change.jar"), "PK");
        RunSettings alone = RunSettings.from(Given.maven(Map.of("app.jar", base.toString())), CATALOG, 2);
        assertEquals(List.of("jar"), alone.targets().stream().map(TargetSettings::container).toList(), "-Dapp.jar alone chooses it");
        assertEquals(new AppSettings.Jar(base, "--server.port={port} --server.address={host}", 120), alone.app().jar());
        assertEquals("/", alone.app().requests().requests().get(0).path(), "its root, as a WAR's, unless told");

        RunSettings builds = RunSettings.from(Given.maven(Map.of("containers", "jar[app.jar=" + base + "],jar[app.jar=" + change + "]",
                "app.jarArgs", "--port {port}", "app.startTimeout", "30")), CATALOG, 2);
        assertEquals(List.of("jar[app.jar=" + base + "]", "jar[app.jar=" + change + "]"),
                builds.targets().stream().map(TargetSettings::label).toList());
        assertEquals(new AppSettings.Jar(base, "--port {port}", 30), builds.app().jar(), "the baseline's jar is the run's");
        assertEquals(change, builds.targets().get(1).build().jar());

        assertEquals("-Dapp.jar runs on the jar target, and tomcat serves the login servlet or a WAR: give -Dcontainers=jar (or"
                + " none), or jar[app.jar=...] for each build", assertThrows(SettingException.class, () -> RunSettings.from(
                        Given.maven(Map.of("container", "tomcat", "app.jar", base.toString())), CATALOG, 2)).getMessage());
        assertEquals("the jar target runs an executable jar of yours: give -Dapp.jar=PATH (or jar[app.jar=PATH])",
                assertThrows(SettingException.class, () -> RunSettings.from(Given.maven(Map.of("container", "jar")), CATALOG, 2))
                        .getMessage());
        assertEquals("app.jar in tomcat[app.jar=" + base + "] (-Dcontainers): tomcat serves the login servlet or a WAR; an"
                + " executable jar runs on the jar target, as jar[app.jar=" + base + "]", assertThrows(SettingException.class,
                        () -> labels(Map.of("containers", "tomcat[app.jar=" + base + "]"))).getMessage());
        assertEquals("bad value -Dapp.jarArgs=--server.port=8080: app.jarArgs accepts arguments separated by spaces, {port} among"
                + " them", assertThrows(SettingException.class, () -> RunSettings.from(Given.maven(Map.of("app.jar", base.toString(),
                        "app.jarArgs", "--server.port=8080")), CATALOG, 2)).getMessage());
        assertEquals("-Dapp.contextPath is for a WAR, and -Dapp.jar runs an executable jar, which is its own server: keep one",
                assertThrows(SettingException.class, () -> RunSettings.from(Given.maven(Map.of("app.jar", base.toString(),
                        "app.contextPath", "/shop")), CATALOG, 2)).getMessage());
        assertEquals("bad value -Dapp.jar=nowhere.jar: there is no such file", assertThrows(SettingException.class,
                () -> RunSettings.from(Given.maven(Map.of("app.jar", "nowhere.jar")), CATALOG, 2)).getMessage());
    }

    @Test
    void aBadVersionOrWarInBracketsIsRefusedNamingIt() {
        assertTrue(assertThrows(SettingException.class, () -> labels(Map.of("containers", "undertow[app.war=pom.war]"))).getMessage()
                .startsWith("app.war in undertow[app.war=pom.war] (-Dcontainers): undertow deploys no WAR; jetty,"));
        assertEquals("bad value version=11.0 24 in tomcat[version=11.0 24] (-Dcontainers): it accepts a Maven version of tomcat,"
                + " such as 11.0.24 or 2.3.18.Final", assertThrows(SettingException.class,
                        () -> labels(Map.of("containers", "tomcat[version=11.0 24]"))).getMessage());
        assertEquals("bad value app.war=nowhere.war in tomcat[app.war=nowhere.war] (-Dcontainers): there is no such file",
                assertThrows(SettingException.class, () -> labels(Map.of("containers", "tomcat[app.war=nowhere.war]"))).getMessage());
        assertEquals("bad value app.war=pom.xml in tomcat[app.war=pom.xml] (-Dcontainers): it accepts the path of a .war file",
                assertThrows(SettingException.class, () -> labels(Map.of("containers", "tomcat[app.war=pom.xml]"))).getMessage());
    }

    @Test
    void eachKnobReachesTheContainersThatHaveIt() {
        List<TargetSettings> targets = TargetSettings.from(Given.maven(Map.of("containers", "tomcat,undertow", "maxThreads", "64",
                "backlog", "128", "workerThreads", "32")), CATALOG);
        assertEquals(Map.of("maxThreads", "64", "acceptCount", "128"), targets.get(0).knobs());
        assertEquals(Map.of("workerThreads", "32", "backlog", "128"), targets.get(1).knobs());
        var foreign = assertThrows(SettingException.class,
                () -> TargetSettings.from(Given.maven(Map.of("containers", "tomcat,undertow", "acceptQueueSize", "5")), CATALOG));
        assertTrue(foreign.getMessage().startsWith("-DacceptQueueSize is a knob of jetty, not of tomcat or undertow"),
                foreign.getMessage());
        var missing = assertThrows(SettingException.class,
                () -> TargetSettings.from(Given.maven(Map.of("containers", "tomcat,undertow", "virtualThreads", "true")), CATALOG));
        assertTrue(missing.getMessage().startsWith("-DvirtualThreads has no counterpart on undertow"), missing.getMessage());
        var url = assertThrows(SettingException.class, () -> TargetSettings.from(Given.maven(Map.of("containers", "tomcat,undertow",
                "target.url", "http://127.0.0.1:1")), CATALOG));
        assertEquals("-Dtarget.url names 1 running target(s), and tomcat, undertow are 2: give one URL per container, in the same"
                + " order, separated by commas", url.getMessage());
    }

    @Test
    void severalRunningTargetsTakeOneUrlAndOneReportEachInTheirOrder() {
        List<TargetSettings> targets = TargetSettings.from(Given.maven(Map.of("containers", "tomcat,undertow,tomcat",
                "target.url", "http://10.0.0.5:8080, http://10.0.0.6:8080,http://10.0.0.7:8080",
                "target.resources", "http://10.0.0.5:9090,http://10.0.0.6:9090,http://10.0.0.7:9090")), CATALOG);
        assertEquals(List.of("tomcat", "undertow", "tomcat#2"), targets.stream().map(TargetSettings::label).toList());
        assertEquals(List.of(URI.create("http://10.0.0.5:8080"), URI.create("http://10.0.0.6:8080"), URI.create("http://10.0.0.7:8080")),
                targets.stream().map(TargetSettings::url).toList());
        assertEquals(URI.create("http://10.0.0.6:9090/resources"), targets.get(1).resources());
        assertTrue(targets.stream().noneMatch(TargetSettings::launched));
        assertEquals("-Dtarget.resources names 1 report(s) for the 2 targets of -Dtarget.url: give one per target, in the same"
                + " order", assertThrows(SettingException.class, () -> TargetSettings.from(Given.maven(Map.of("containers",
                        "tomcat,undertow", "target.url", "http://10.0.0.5:8080,http://10.0.0.6:8080", "target.resources",
                        "http://10.0.0.5:9090")), CATALOG)).getMessage());
        assertEquals("tomcat[threads=8] sets knobs of a target started by someone else (-Dtarget.url=http://10.0.0.5:8080,"
                + "http://10.0.0.6:8080): set them where that target is started", assertThrows(SettingException.class,
                        () -> TargetSettings.from(Given.maven(Map.of("containers", "undertow,tomcat[threads=8]", "target.url",
                                "http://10.0.0.5:8080,http://10.0.0.6:8080")), CATALOG)).getMessage());
    }

    private static List<String> labels(Map<String, String> properties) {
        return TargetSettings.from(Given.maven(properties), CATALOG).stream().map(TargetSettings::label).toList();
    }

    @Test
    void aTargetIsProfiledByItsBracketOrByTheRunsSetting() {
        List<TargetSettings> targets = TargetSettings.from(Given.maven(Map.of("containers", "tomcat,tomcat[profile=cpu]")), CATALOG);
        assertEquals(List.of("tomcat", "tomcat[profile=cpu]"), targets.stream().map(TargetSettings::label).toList(),
                "the profiled one is named by what differs");
        assertEquals(List.of(Profiling.OFF, Profiling.CPU), targets.stream().map(TargetSettings::profiling).toList());
        assertEquals(Map.of(), targets.get(1).knobs(), "no knob of the container's");
        assertEquals(List.of(Profiling.CPU, Profiling.OFF), TargetSettings.from(Given.maven(Map.of("containers",
                "tomcat,undertow[profile=off]", "profile", "cpu")), CATALOG).stream().map(TargetSettings::profiling).toList(),
                "the bracket over the run's");
        assertEquals(List.of(Profiling.CTIMER, Profiling.OFF), TargetSettings.from(Given.maven(Map.of("containers",
                "undertow[profile=ctimer],tomcat")), CATALOG).stream().map(TargetSettings::profiling).toList());
        assertEquals("tomcat[profile=cpu] and undertow[profile=ctimer] are profiled differently: their profiles are compared sample"
                + " for sample, so every profiled target of a run takes the same profile", assertThrows(SettingException.class,
                        () -> labels(Map.of("containers", "tomcat[profile=cpu],undertow[profile=ctimer]"))).getMessage());
        assertEquals("bad value profile=alloc in tomcat[profile=alloc] (-Dcontainers): profile accepts off, cpu or ctimer",
                assertThrows(SettingException.class, () -> labels(Map.of("containers", "tomcat[profile=alloc]"))).getMessage());
        assertEquals("bad value -Dprofile=wall: profile accepts off, cpu or ctimer",
                assertThrows(SettingException.class, () -> labels(Map.of("container", "tomcat", "profile", "wall"))).getMessage());
        assertEquals("-Dprofile attaches a profiler to the JVMs this run launches, not to one running at -Dtarget.url",
                assertThrows(SettingException.class, () -> settings("tomcat", Map.of("target.url", "http://127.0.0.1:1",
                        "profile", "cpu"))).getMessage());
    }

    @Test
    void knobsCannotReachARunningTarget() {
        var error = assertThrows(SettingException.class,
                () -> settings("tomcat", Map.of("target.url", "http://127.0.0.1:1", "maxThreads", "8")));
        assertTrue(error.getMessage().startsWith("-DmaxThreads cannot reach a target started by someone else"), error.getMessage());
        assertThrows(SettingException.class, () -> settings("tomcat", Map.of("target.url", "localhost:8080")));
    }

    @Test
    void aRunningTargetsOwnReportIsReadWhereItSaysAndOnlyForATargetStartedElsewhere() {
        assertEquals(URI.create("http://10.0.0.5:9090/resources"), settings("tomcat", Map.of("target.url", "http://10.0.0.5:8080",
                "target.resources", "http://10.0.0.5:9090")).resources(), "the report's path where none is given");
        assertEquals(null, settings("tomcat", Map.of("target.url", "http://10.0.0.5:8080")).resources());
        assertEquals("-Dtarget.resources reads a target started by someone else, with -Dtarget.url; a target this run launches is"
                + " read from /proc", assertThrows(SettingException.class, () -> settings("tomcat", Map.of("target.resources",
                        "http://127.0.0.1:9090"))).getMessage());
        assertTrue(assertThrows(SettingException.class, () -> settings("tomcat", Map.of("target.url", "http://10.0.0.5:8080",
                "target.resources", "10.0.0.5:9090"))).getMessage().startsWith("bad value -Dtarget.resources=10.0.0.5:9090:"));
    }

    @Test
    void aTargetInBracketsCarriesItsOwnKnobsAndJvmOptionsAndIsLabelledByWhatDiffers() {
        List<TargetSettings> targets = TargetSettings.from(Given.maven(Map.of("containers",
                "tomcat,tomcat[threads=2048],tomcat[protocol=nio2,executor=shared],undertow[threads=1024,jvmArgs=-Xmx1g -Xss512k]",
                "acceptCount", "1024")), CATALOG);
        assertEquals(List.of("tomcat", "tomcat[threads=2048]", "tomcat[protocol=nio2,executor=shared]",
                "undertow[threads=1024,jvmArgs=-Xmx1g -Xss512k]"),
                targets.stream().map(TargetSettings::label).toList());
        assertEquals("2048", targets.get(1).knobs().get("maxThreads"), "the common name reaches Tomcat's own knob");
        assertEquals("1024", targets.get(1).knobs().get("acceptCount"), "a -D knob still reaches every target that has it");
        assertEquals(null, targets.get(0).knobs().get("maxThreads"), "the baseline keeps the default");
        assertEquals(Map.of("protocol", "nio2", "executor", "shared", "acceptCount", "1024"), targets.get(2).knobs());
        assertEquals("1024", targets.get(3).knobs().get("workerThreads"));
        assertEquals(List.of("-Xms512m", "-Xmx2g", "-Xmx1g", "-Xss512k"), targets.get(3).jvmArgs(),
                "its own JVM options after the run's, so that they win");
        assertEquals(List.of("-Xms512m", "-Xmx2g"), targets.get(0).jvmArgs());
    }

    @Test
    void aKnobTheBaselineSetsAlikeIsLeftOutOfTheOthersLabel() {
        assertEquals(List.of("tomcat[protocol=nio2]", "tomcat[threads=2048]", "tomcat[protocol=nio2]#2"),
                labels(Map.of("containers", "tomcat[protocol=nio2],tomcat[protocol=nio2,threads=2048],tomcat[protocol=nio2]")));
        assertEquals(List.of("tomcat", "tomcat#2"), labels(Map.of("containers", "tomcat,tomcat[threads=512]")),
                "512 is the launcher's default: the same configuration, an A/A run");
    }

    @Test
    void aBracketThatIsNotAKnobOfItsContainerIsRefusedNamingTheKnobs() {
        var unknown = assertThrows(SettingException.class, () -> labels(Map.of("containers", "tomcat,undertow[maxThreads=8]")));
        assertTrue(unknown.getMessage().startsWith("maxThreads in undertow[maxThreads=8] (-Dcontainers) is not a knob of undertow;"
                + " its knobs are ioThreads, workerThreads (threads), backlog (backlog)"), unknown.getMessage());
        var open = assertThrows(SettingException.class, () -> labels(Map.of("containers", "tomcat,tomcat[threads=8")));
        assertEquals("bad value -Dcontainers=tomcat,tomcat[threads=8: a bracket is not closed; it accepts containers separated by"
                + " commas, each with optional knobs in brackets: tomcat,tomcat[threads=2048,protocol=nio2],undertow[jvmArgs=-Xmx1g]",
                open.getMessage());
        var pair = assertThrows(SettingException.class, () -> labels(Map.of("containers", "tomcat,tomcat[threads]")));
        assertTrue(pair.getMessage().startsWith("bad value -Dcontainers=tomcat,tomcat[threads]: 'threads' in tomcat[threads] is"
                + " not knob=value"), pair.getMessage());
        var twice = assertThrows(SettingException.class, () -> labels(Map.of("containers", "tomcat[threads=8,maxThreads=9],jetty")));
        assertTrue(twice.getMessage().contains("sets maxThreads twice"), twice.getMessage());
    }
}
