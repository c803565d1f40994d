package containerbench.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import containerbench.launcher.Application;
import containerbench.launcher.Container;
import containerbench.launcher.TargetOptions;
import java.net.BindException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UndertowTargetTest {

    private final UndertowTarget undertow = new UndertowTarget();
    private final Map<String, String> defaults = TargetOptions.parse(new String[0], undertow.knobs()).knobs();

    @Test
    void servesTheLoginOnAFreePortWithTheStudysSettings() throws Exception {
        Map<String, String> knobs = new HashMap<>(defaults);
        knobs.put("ioThreads", "3");
        try (Container.Server server = undertow.start("127.0.0.1", 0, knobs, new Application.Login())) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/loginServlet?username=1&password=1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals("username: 1\npassword: 1\n", response.body());
            assertFalse(response.headers().firstValue("Connection").isPresent(), "no Connection header, as Tomcat");
            Map<String, String> effective = server.effectiveSettings();
            assertEquals("3", effective.get("ioThreads"));
            assertEquals("512", effective.get("workerThreads"));
            assertEquals("512", effective.get("backlog"));
        }
    }

    @Test
    void aPortInUseIsABindFailure() throws Exception {
        try (Container.Server first = undertow.start("127.0.0.1", 0, defaults, new Application.Login())) {
            Exception error = assertThrows(Exception.class, () -> undertow.start("127.0.0.1", first.port(), defaults, new Application.Login()));
            Throwable cause = error;
            while (cause != null && !(cause instanceof BindException)) {
                cause = cause.getCause();
            }
            assertEquals(BindException.class, cause == null ? null : cause.getClass(), String.valueOf(error));
        }
    }
}
