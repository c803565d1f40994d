package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import containerbench.settings.SettingException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The check of {@code -Dtarget.resources} before the load: what it says when the report is not there, or is not one. */
class TargetReportCheckTest {

    @Test
    void aPortWhereNothingListensIsRefusedNamingTheSettingAndWhy() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        URI url = URI.create("http://127.0.0.1:" + port + "/resources");
        SettingException refused = assertThrows(SettingException.class, () -> TargetReport.checked(url, "-Dtarget.resources", "tomcat"));
        assertTrue(refused.getMessage().startsWith("-Dtarget.resources=" + url + " answers no resource report (java.net.ConnectException"),
                refused.getMessage());
        assertTrue(refused.getMessage().endsWith("start the target with --resources-port PORT and give that port"), refused.getMessage());
    }

    @Test
    void anAnswerThatIsNotAReportIsRefusedSayingWhatItWas() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/missing", exchange -> exchange.sendResponseHeaders(404, -1));
        server.createContext("/page", exchange -> {
            byte[] body = "<html>hello</html>".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            SettingException missing = assertThrows(SettingException.class,
                    () -> TargetReport.checked(URI.create(base + "/missing"), "-Dtarget.resources", "tomcat"));
            assertTrue(missing.getMessage().contains("answers no resource report (java.io.IOException: HTTP 404"), missing.getMessage());
            SettingException page = assertThrows(SettingException.class,
                    () -> TargetReport.checked(URI.create(base + "/page"), "-Dtarget.resources", "tomcat"));
            assertTrue(page.getMessage().contains("not a resource report (cpu.nanos, rss.bytes, scope, pid, processes): <html>hello</html>"),
                    page.getMessage());
        } finally {
            server.stop(0);
        }
    }
}
