package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** -Dclient: Gatling unless told, wrk for closed tiers of one plain GET over HTTP/1.1, and what wrk cannot send refused first. */
class LoadClientTest {

    private static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());

    private static RunSettings settings(String... pairs) {
        Map<String, String> given = new HashMap<>(Map.of("containers", "tomcat,undertow"));
        for (int i = 0; i < pairs.length; i += 2) {
            given.put(pairs[i], pairs[i + 1]);
        }
        return RunSettings.from(Given.maven(given), CATALOG, 2);
    }

    @Test
    void gatlingUnlessToldAndWrkKeepsEverythingElseOfTheDesign() {
        assertEquals(LoadClient.GATLING, settings().plan().client());
        RunSettings wrk = settings("client", "wrk", "tiers", "100,500");
        assertEquals(LoadClient.WRK, wrk.plan().client());
        assertEquals(settings("tiers", "100,500").interleaving(), wrk.interleaving(), "the same launches, rounds and blocks");
        assertEquals(LoadClient.WRK, settings("client", "wrk", "http", "h1-tls").plan().client(), "wrk speaks TLS too");
        assertEquals(LoadClient.GATLING, LoadClient.read(null), "results before -Dclient were Gatling's");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "client=ab | bad value -Dclient=ab: client accepts gatling or wrk",
        "client=wrk,model=open | -Dclient=wrk keeps its connections busy, each sending again when answered (a closed workload):"
                + " an open workload's rates (-Dmodel=open) are Gatling's, the default client",
        "client=wrk,http=h2 | -Dclient=wrk speaks HTTP/1.1, cleartext or over TLS, and tomcat is asked for h2: give -Dhttp=h1 or h1-tls",
        "client=wrk,connections=per-request | -Dclient=wrk keeps each of its connections alive, one per user:"
                + " -Dconnections=per-request is Gatling's",
        "client=wrk,injectors=2 | -Dclient=wrk runs one wrk per block on this machine: -Dinjectors splits Gatling's users",
        "client=wrk,profile.injector=true | -Dprofile.injector=true profiles the JVM that sends the load, and with -Dclient=wrk wrk"
                + " sends it: profile the targets (-Dprofile=cpu), or let Gatling send the load",
    })
    void whatWrkCannotSendIsRefusedBeforeAnythingStarts(String pairs, String message) {
        String[] given = pairs.replace('=', ',').split(",");
        assertEquals(message, assertThrows(SettingException.class, () -> settings(given)).getMessage());
    }
}
