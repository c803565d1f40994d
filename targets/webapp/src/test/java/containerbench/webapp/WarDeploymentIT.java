package containerbench.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.Test;

/** The packaged WAR, deployed as a standalone server would deploy it: unchanged, by its file. */
class WarDeploymentIT {

    @Test
    void theWarServesTheLoginUnderItsContextPath() throws Exception {
        Path war = Path.of("target", "login.war").toAbsolutePath();
        assertTrue(Files.isRegularFile(war), war + " is packaged before integration tests");
        Path base = Files.createTempDirectory("war-test");
        Files.createDirectories(base.resolve("webapps"));
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        // Only the WAR's own web.xml: no JSP servlet, which embedded Tomcat does not ship.
        tomcat.setAddDefaultWebXmlToWebapp(false);
        tomcat.setPort(0);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        tomcat.addWebapp("/login", war.toString());
        tomcat.start();
        try {
            int port = tomcat.getConnector().getLocalPort();
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/login/loginServlet?username=1&password=1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals("username: 1\npassword: 1\n", response.body());
            assertEquals("nosniff", response.headers().firstValue("X-Content-Type-Options").orElse(null));
        } finally {
            tomcat.stop();
            tomcat.destroy();
        }
    }
}
