package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** -Dconnections: each workload's default, what each value does to the load, and what it cannot go with. */
class ConnectionsTest {

    private static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());

    private static RunSettings settings(String... pairs) {
        Map<String, String> given = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            given.put(pairs[i], pairs[i + 1]);
        }
        return RunSettings.from(Given.maven(given), CATALOG, 2);
    }

    @Test
    void aClosedWorkloadsUsersKeepTheirOwnAndAnOpenWorkloadsArrivalsShare() {
        assertEquals(Connections.PER_USER, settings("container", "tomcat").plan().connections());
        assertEquals(Connections.SHARED, settings("container", "tomcat", "model", "open").plan().connections());
    }

    @Test
    void perRequestClosesAfterEachAnswerOnlyWhereUsersLoop() {
        RunSettings closed = settings("container", "tomcat", "http", "h1-tls", "connections", "per-request");
        assertEquals(Connections.PER_REQUEST, closed.plan().connections());
        assertEquals(true, closed.plan().connections().closesAfterEachAnswer(closed.plan().arrivesAtRates()));
        // An open workload's arrivals are users of one request: not sharing is a connection each, over h2 as well.
        RunSettings open = settings("containers", "tomcat,undertow", "http", "h2", "model", "open", "connections", "per-request");
        assertEquals(false, open.plan().connections().closesAfterEachAnswer(open.plan().arrivesAtRates()));
        assertEquals(Connections.SHARED, settings("containers", "tomcat,undertow", "http", "h2", "connections", "shared")
                .plan().connections(), "a closed workload's users multiplexed over shared h2 connections");
    }

    @Test
    void resultsOlderThanTheSettingReadAsTheirWorkloadsDefault() {
        assertEquals(Connections.PER_REQUEST, Connections.read("per-request"));
        assertEquals(null, Connections.read(null));
        assertEquals(Connections.PER_USER, new containerbench.results.RunResult.Plan(java.util.List.of(100), 15, 30, 100, true).reuse());
        assertEquals(Connections.SHARED, new containerbench.results.RunResult.Plan(java.util.List.of(1000), 15, 30, 50, true,
                new OpenModel(java.util.List.of(1000), 1000, null), null).reuse(), "an open run of before the setting shared");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "connections=keepalive | bad value -Dconnections=keepalive: connections accepts per-user, per-request or shared",
        "model=open,connections=per-user | -Dconnections=per-user is for concurrent users: an open workload's arrivals are each a user"
                + " of one request; give per-request (each arrival its own connection) or shared",
        "http=h2,connections=per-request | -Dconnections=per-request has each user ask the server to close after every answer"
                + " (Connection: close), which HTTP/2 does not allow, and a target here speaks h2 (-Dhttp); give per-user or shared,"
                + " or an open workload (-Dmodel=open), whose arrivals each open their own connection",
    })
    void aValueThatCannotBeIsRefusedSayingWhatCan(String settings, String message) {
        Map<String, String> given = new HashMap<>(Map.of("container", "tomcat"));
        for (String pair : settings.split(",")) {
            String[] kv = pair.split("=", 2);
            given.put(kv[0], kv[1]);
        }
        assertEquals(message, assertThrows(SettingException.class, () -> RunSettings.from(Given.maven(given), CATALOG, 2)).getMessage());
    }
}
