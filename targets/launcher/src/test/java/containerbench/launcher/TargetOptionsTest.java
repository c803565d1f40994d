package containerbench.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetOptionsTest {

    private static final List<Knob> KNOBS = List.of(
            Knob.integer("maxThreads", 512, 1, "threads"),
            Knob.integer("maxConnections", null, 1, "connections"),
            Knob.integer("listenBacklog", 512, 0, 512, "backlog, refused by the container beyond 512"),
            Knob.bool("enableLookups", false, "lookups"),
            Knob.choice("protocol", "nio", List.of("nio", "nio2"), "connector"));

    @Test
    void defaultsToLoopbackAndTheKnobDefaults() {
        TargetOptions options = TargetOptions.parse(new String[0], KNOBS);
        assertEquals("127.0.0.1", options.host());
        assertEquals(8080, options.port());
        assertEquals(Map.of("maxThreads", "512", "listenBacklog", "512", "enableLookups", "false", "protocol", "nio"), options.knobs());
        assertEquals(TargetOptions.Action.SERVE, options.action());
        assertFalse(options.watchStdin());
        assertEquals(null, options.resourcesPort(), "no resource report unless asked");
        assertEquals(ResourceReport.Scope.TREE, options.resourcesScope());
    }

    @Test
    void aResourceReportIsAskedForWithItsPortAndScope() {
        TargetOptions options = TargetOptions.parse(new String[] {"--resources-port", "0", "--resources-scope=cgroup"}, KNOBS);
        assertEquals(0, options.resourcesPort());
        assertEquals(ResourceReport.Scope.CGROUP, options.resourcesScope());
        assertEquals("bad value for --resources-scope: 'pod'; it accepts tree or cgroup", assertThrows(IllegalArgumentException.class,
                () -> TargetOptions.parse(new String[] {"--resources-scope", "pod"}, KNOBS)).getMessage());
        assertEquals("bad value for --resources-port: '70000'; it accepts 0 (any free port) to 65535",
                assertThrows(IllegalArgumentException.class, () -> TargetOptions.parse(new String[] {"--resources-port", "70000"},
                        KNOBS)).getMessage());
    }

    @Test
    void aKeyStoreGoesWithItsPasswordAndWithTlsOnly() {
        List<Knob> withHttp = new ArrayList<>(KNOBS);
        withHttp.add(Transport.knob());
        TargetOptions h2 = TargetOptions.parse(new String[] {"--http", "h2", "--tls-keystore", "run.p12", "--tls-password", "pw"}, withHttp);
        assertEquals(new Transport("h2", Path.of("run.p12"), "pw"), h2.transport());
        assertEquals("--tls-keystore and --tls-password go together", assertThrows(IllegalArgumentException.class,
                () -> TargetOptions.parse(new String[] {"--http", "h2", "--tls-keystore", "run.p12"}, withHttp)).getMessage());
        assertEquals("--tls-keystore is for --http h1-tls or h2; this target speaks cleartext h1", assertThrows(
                IllegalArgumentException.class, () -> TargetOptions.parse(new String[] {"--tls-keystore", "run.p12", "--tls-password",
                "pw"}, withHttp)).getMessage());
        assertEquals("--http h1-tls needs --tls-keystore (the run's PKCS12 key store) and --tls-password", assertThrows(
                IllegalArgumentException.class, () -> TargetOptions.parse(new String[] {"--http", "h1-tls"}, withHttp)).getMessage());
    }

    @Test
    void takesBothSpellingsOfAValue() {
        TargetOptions options = TargetOptions.parse(
                new String[] {"--port", "0", "--maxThreads=8", "--host=0.0.0.0", "--maxConnections", "10", "--watch-stdin"}, KNOBS);
        assertEquals(0, options.port());
        assertEquals("0.0.0.0", options.host());
        assertEquals("8", options.knobs().get("maxThreads"));
        assertEquals("10", options.knobs().get("maxConnections"));
        assertTrue(options.watchStdin());
    }

    @Test
    void anUnknownOptionNamesItselfAndEveryAcceptedOne() {
        var error = assertThrows(IllegalArgumentException.class,
                () -> TargetOptions.parse(new String[] {"--maxThread", "8"}, KNOBS));
        assertTrue(error.getMessage().startsWith("unknown option --maxThread;"), error.getMessage());
        assertTrue(error.getMessage().contains("--maxThreads"), error.getMessage());
        assertTrue(error.getMessage().contains("--port"), error.getMessage());
    }

    @Test
    void aBadValueNamesTheKnobAndWhatItAccepts() {
        assertEquals("bad value for --maxThreads: 'abc'; it accepts an integer >= 1",
                assertThrows(IllegalArgumentException.class,
                        () -> TargetOptions.parse(new String[] {"--maxThreads", "abc"}, KNOBS)).getMessage());
        assertEquals("bad value for --maxThreads: '-5'; it accepts an integer >= 1",
                assertThrows(IllegalArgumentException.class,
                        () -> TargetOptions.parse(new String[] {"--maxThreads=-5"}, KNOBS)).getMessage(),
                "a target started on its own checks its knobs too, as the harness does before it starts one");
        assertEquals("bad value for --maxThreads: '0'; it accepts an integer >= 1",
                assertThrows(IllegalArgumentException.class,
                        () -> TargetOptions.parse(new String[] {"--maxThreads=0"}, KNOBS)).getMessage());
        assertEquals("bad value for --listenBacklog: '1024'; it accepts an integer from 0 to 512",
                assertThrows(IllegalArgumentException.class,
                        () -> TargetOptions.parse(new String[] {"--listenBacklog=1024"}, KNOBS)).getMessage());
        assertEquals("0", TargetOptions.parse(new String[] {"--listenBacklog=0"}, KNOBS).knobs().get("listenBacklog"));
        assertEquals("bad value for --protocol: 'apr'; it accepts one of nio, nio2",
                assertThrows(IllegalArgumentException.class,
                        () -> TargetOptions.parse(new String[] {"--protocol=apr"}, KNOBS)).getMessage());
        assertEquals("bad value for --enableLookups: 'yes'; it accepts one of true, false",
                assertThrows(IllegalArgumentException.class,
                        () -> TargetOptions.parse(new String[] {"--enableLookups=yes"}, KNOBS)).getMessage());
    }

    @Test
    void aBadPortOrAMissingValueIsNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TargetOptions.parse(new String[] {"--port", "70000"}, KNOBS)).getMessage().startsWith("bad value for --port: '70000'"));
        assertEquals("option --maxThreads needs a value", assertThrows(IllegalArgumentException.class,
                () -> TargetOptions.parse(new String[] {"--maxThreads"}, KNOBS)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TargetOptions.parse(new String[] {"8080"}, KNOBS)).getMessage().startsWith("unexpected argument '8080'"));
        assertEquals("--users are let in by a WAR: give --war too", assertThrows(IllegalArgumentException.class,
                () -> TargetOptions.parse(new String[] {"--users", "users.txt"}, KNOBS)).getMessage());
    }

    @Test
    void aKnobLineCarriesItsRuleAsDataTheHarnessReadsBack() {
        assertEquals(List.of(
                "maxThreads\t-\t512\tinteger 1..\tthreads",
                "maxConnections\t-\t-\tinteger 1..\tconnections",
                "listenBacklog\t-\t512\tinteger 0..512\tbacklog, refused by the container beyond 512",
                "enableLookups\t-\tfalse\tchoice true,false\tlookups",
                "protocol\t-\tnio\tchoice nio,nio2\tconnector"), KNOBS.stream().map(Knob::line).toList());
        assertEquals("maxKeepAliveRequests\t-\t-1\tinteger -1..\t-1 unlimited",
                Knob.integer("maxKeepAliveRequests", -1, -1, "-1 unlimited").line());
        assertEquals("maxThreads\tthreads\t512\tinteger 1..\tthreads", KNOBS.get(0).as("threads").line());
        for (Knob knob : KNOBS) {
            assertEquals(knob.rule(), KnobRule.parse(knob.rule().written()));
        }
    }

    @Test
    void aRuleThatIsNotWrittenAsALauncherWritesOneIsNamed() {
        for (String written : List.of("an integer >= 1", "integer 1", "integer ..5", "integer 5..1", "choice ", "choice a,,b")) {
            assertEquals("'" + written + "' is not a knob rule; a rule is integer MIN.., integer MIN..MAX or choice A,B,...",
                    assertThrows(IllegalArgumentException.class, () -> KnobRule.parse(written)).getMessage());
        }
    }

    @Test
    void aDefaultItsOwnRuleRefusesFailsWhenTheKnobsAreListed() {
        assertEquals("the default 0 of the knob maxThreads breaks its own rule: maxThreads accepts an integer >= 1",
                assertThrows(IllegalArgumentException.class, () -> Knob.integer("maxThreads", 0, 1, "threads")).getMessage());
        assertEquals("choice 'a b' of [a b] cannot be written in knobs.txt: a choice is a word without commas or spaces",
                assertThrows(IllegalArgumentException.class, () -> Knob.choice("mode", null, List.of("a b"), "mode")).getMessage());
    }

    @Test
    void helpAndKnobListingAreActions() {
        assertEquals(TargetOptions.Action.HELP, TargetOptions.parse(new String[] {"--help"}, KNOBS).action());
        assertEquals(TargetOptions.Action.LIST_KNOBS, TargetOptions.parse(new String[] {"--list-knobs"}, KNOBS).action());
    }
}
