package containerbench.tomcatserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import containerbench.launcher.ServerFiles;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The distribution's own server.xml, as the target rewrites it for a run. */
class ServerXmlTest {

    private final ServerFiles files = ServerFiles.of();

    @Test
    void oneHttpConnectorCarriesTheKnobsAndNothingElseListens() throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        TomcatServerTarget.configure(config, "127.0.0.1", 18080, Map.of("maxThreads", "1024", "acceptCount", "256"));

        assertEquals("-1", config.getDocumentElement().getAttribute("port"), "no shutdown port");
        List<Element> connectors = ServerFiles.elements(config, "Connector");
        assertEquals(1, connectors.size(), "one connector");
        Element connector = connectors.get(0);
        assertEquals("127.0.0.1", connector.getAttribute("address"));
        assertEquals("18080", connector.getAttribute("port"));
        assertEquals("HTTP/1.1", connector.getAttribute("protocol"));
        assertEquals("1024", connector.getAttribute("maxThreads"));
        assertEquals("256", connector.getAttribute("acceptCount"));
        assertFalse(connector.hasAttribute("redirectPort"), "no TLS port to redirect to");
    }

    @Test
    void noAccessLogAndErrorPagesWithoutTheServersVersion() throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        TomcatServerTarget.configure(config, "127.0.0.1", 18080, Map.of());

        List<Element> valves = ServerFiles.elements(config, "Valve");
        assertEquals(List.of("org.apache.catalina.valves.ErrorReportValve"),
                valves.stream().map(valve -> valve.getAttribute("className")).toList());
        assertEquals("false", valves.get(0).getAttribute("showServerInfo"));
        assertEquals("false", valves.get(0).getAttribute("showReport"));
        assertEquals("false", ServerFiles.elements(config, "Host").get(0).getAttribute("autoDeploy"));
    }

    @Test
    void theUserDatabaseIsTheEnginesRealmWithoutTheLockOutAndTheUsersFileHoldsTheWarsUsers() throws Exception {
        Document config = ServerFiles.readXml(files.home().resolve("conf/server.xml"));
        TomcatServerTarget.configure(config, "127.0.0.1", 18080, Map.of());
        List<Element> realms = ServerFiles.elements(config, "Realm");
        assertEquals(List.of("org.apache.catalina.realm.UserDatabaseRealm"), realms.stream().map(r -> r.getAttribute("className")).toList());
        assertEquals("Engine", ((Element) realms.get(0).getParentNode()).getLocalName());

        Document users = TomcatServerTarget.users(List.of(new containerbench.launcher.Users.User("alice", "s&<\"'>:t",
                List.of("bench", "admin"))));
        assertEquals(List.of("admin", "bench"), ServerFiles.elements(users, "role").stream().map(r -> r.getAttribute("rolename")).toList());
        Element alice = ServerFiles.elements(users, "user").get(0);
        assertEquals("s&<\"'>:t", alice.getAttribute("password"), "the password as given, escaped by the DOM");
        assertEquals("bench,admin", alice.getAttribute("roles"));
    }
}
