package containerbench.tomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.Application;
import containerbench.launcher.Container;
import containerbench.launcher.TargetOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TomcatTargetTest {

    private final TomcatTarget tomcat = new TomcatTarget();
    private final Map<String, String> defaults = TargetOptions.parse(new String[0], tomcat.knobs()).knobs();

    @Test
    void servesTheLoginOnAFreePortWithTheStudysSettings() throws Exception {
        try (Container.Server server = tomcat.start("127.0.0.1", 0, defaults, new Application.Login())) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/loginServlet?username=1&password=1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals("username: 1\npassword: 1\n", response.body());
            Map<String, String> effective = server.effectiveSettings();
            assertEquals("512", effective.get("maxThreads"));
            assertEquals("512", effective.get("acceptCount"));
            assertEquals("-1", effective.get("maxKeepAliveRequests"));
            assertEquals("org.apache.coyote.http11.Http11NioProtocol", effective.get("protocol"));
        }
    }

    @Test
    void nio2IsAProtocolKnob() throws Exception {
        Map<String, String> knobs = new HashMap<>(defaults);
        knobs.put("protocol", "nio2");
        try (Container.Server server = tomcat.start("127.0.0.1", 0, knobs, new Application.Login())) {
            assertEquals("org.apache.coyote.http11.Http11Nio2Protocol", server.effectiveSettings().get("protocol"));
        }
    }

    @Test
    void aSharedExecutorRunsTheRequestsWhenAsked() throws Exception {
        Map<String, String> knobs = new HashMap<>(defaults);
        knobs.put("executor", "shared");
        knobs.put("maxThreads", "64");
        try (Container.Server server = tomcat.start("127.0.0.1", 0, knobs, new Application.Login())) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/loginServlet?username=1&password=1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals("shared", server.effectiveSettings().get("executor"));
            assertEquals("64", server.effectiveSettings().get("maxThreads"));
        }
    }

    @Test
    void virtualThreadsOnAnOldJvmAreAClearError() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() < 21, "this JVM has virtual threads");
        Map<String, String> knobs = new HashMap<>(defaults);
        knobs.put("useVirtualThreads", "true");
        var error = assertThrows(IllegalArgumentException.class, () -> tomcat.start("127.0.0.1", 0, knobs, new Application.Login()));
        assertTrue(error.getMessage().startsWith("--useVirtualThreads needs a Java 21+ target JVM"), error.getMessage());
    }

    @Test
    void anAttributeTomcatDoesNotKnowFailsLoudly() {
        Map<String, String> knobs = new HashMap<>(defaults);
        knobs.put("maxThreadz", "5");
        var error = assertThrows(IllegalArgumentException.class, () -> tomcat.start("127.0.0.1", 0, knobs, new Application.Login()));
        assertTrue(error.getMessage().contains("maxThreadz"), error.getMessage());
    }

    @Test
    void reportsItsVersionAsTomcatNamesIt() {
        assertTrue(tomcat.version().matches("11\\.0\\.\\d+"), tomcat.version());
    }
}
