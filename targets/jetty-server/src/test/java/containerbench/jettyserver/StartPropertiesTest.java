package containerbench.jettyserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.ServerFiles;
import containerbench.launcher.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The base's modules and start.jar's properties as the target gives them, cleartext, over TLS and
 * over h2; and each property one that jetty-home's own module files declare, so that a renamed
 * property fails here rather than being ignored by Jetty.
 */
class StartPropertiesTest {

    private static final Transport H2 = new Transport("h2", Path.of("/run/tls.p12"), "s3cret");

    @Test
    void overTlsTheSslConnectorTakesTheConnectorKnobsAndTheRunsKey() {
        assertEquals("http,ee10-deploy", JettyServerTarget.modules(Transport.CLEARTEXT));
        assertEquals("https,ee10-deploy", JettyServerTarget.modules(new Transport("h1-tls", Path.of("/run/tls.p12"), "s3cret")));
        assertEquals("http2,https,ee10-deploy", JettyServerTarget.modules(H2));

        assertEquals(List.of("jetty.http.host=127.0.0.1", "jetty.http.port=8080", "jetty.httpConfig.sendServerVersion=false",
                "jetty.http.acceptQueueSize=512"), JettyServerTarget.properties("127.0.0.1", 8080, Map.of("acceptQueueSize", "512",
                "http", "h1"), Transport.CLEARTEXT));
        List<String> h2 = JettyServerTarget.properties("127.0.0.1", 8443, Map.of("acceptQueueSize", "512", "http", "h2",
                "maxConcurrentStreams", "50"), H2);
        assertTrue(h2.containsAll(List.of("jetty.ssl.host=127.0.0.1", "jetty.ssl.port=8443", "jetty.ssl.acceptQueueSize=512",
                "jetty.sslContext.keyStorePath=/run/tls.p12", "jetty.sslContext.keyStoreType=PKCS12",
                "jetty.sslContext.keyStorePassword=s3cret", "jetty.http2.maxConcurrentStreams=50")), h2.toString());
        assertTrue(h2.stream().noneMatch(property -> property.startsWith("jetty.http.")), "no cleartext connector over TLS: " + h2);
    }

    @Test
    void everyPropertyGivenIsOneThatJettyHomesModulesDeclare() throws Exception {
        Path modules = ServerFiles.of().home().resolve("modules");
        String declared;
        try (Stream<Path> files = Files.list(modules)) {
            declared = files.filter(file -> file.toString().endsWith(".mod")).map(file -> {
                try {
                    return Files.readString(file);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).reduce("", String::concat);
        }
        Map<String, String> every = Map.of("acceptQueueSize", "1", "idleTimeout", "1", "maxThreads", "1", "minThreads", "1",
                "maxConcurrentStreams", "1", "initialStreamRecvWindow", "1", "initialSessionRecvWindow", "1", "http", "h2");
        for (Transport transport : List.of(Transport.CLEARTEXT, H2)) {
            for (String property : JettyServerTarget.properties("127.0.0.1", 1, every, transport)) {
                String name = property.substring(0, property.indexOf('='));
                // A module declares its properties commented out in its [ini-template]: "# jetty.ssl.port=8443".
                assertTrue(declared.contains(name + "="), name + " is declared by no module of " + modules);
            }
        }
    }
}
