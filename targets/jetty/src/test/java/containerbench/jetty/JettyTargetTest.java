package containerbench.jetty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

class JettyTargetTest {

    private final JettyTarget jetty = new JettyTarget();
    private final Map<String, String> defaults = TargetOptions.parse(new String[0], jetty.knobs()).knobs();

    @Test
    void servesTheLoginOnAFreePortWithTheStudysSettings() throws Exception {
        try (Container.Server server = jetty.start("127.0.0.1", 0, defaults, new Application.Login())) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/loginServlet?username=1&password=1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals("username: 1\npassword: 1\n", response.body());
            assertFalse(response.headers().firstValue("Server").isPresent(), "no Server header, as the others");
            Map<String, String> effective = server.effectiveSettings();
            assertEquals("512", effective.get("maxThreads"));
            assertEquals("512", effective.get("acceptQueueSize"));
            assertEquals("false", effective.get("virtualThreads"));
        }
    }

    @Test
    void virtualThreadsOnAnOldJvmAreAClearError() {
        assumeTrue(Runtime.version().feature() < 21, "this JVM has virtual threads");
        Map<String, String> knobs = new HashMap<>(defaults);
        knobs.put("virtualThreads", "true");
        var error = assertThrows(IllegalArgumentException.class, () -> jetty.start("127.0.0.1", 0, knobs, new Application.Login()));
        assertTrue(error.getMessage().startsWith("--virtualThreads needs a Java 21+ target JVM"), error.getMessage());
    }
}
