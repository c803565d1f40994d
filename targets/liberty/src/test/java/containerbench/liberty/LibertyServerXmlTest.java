package containerbench.liberty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.Application;
import containerbench.launcher.ServerFiles;
import containerbench.launcher.Transport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** server.xml as the target writes it: cleartext, HTTP/1.1 over TLS and h2, each with the run's key as Liberty's default key store. */
class LibertyServerXmlTest {

    private static final Map<String, String> KNOBS = Map.of("listenBacklog", "512", "readTimeout", "30000", "persistTimeout", "30000",
            "maxThreads", "512");

    private static Document written(Map<String, String> knobs, Transport transport) throws Exception {
        Path file = Files.createTempFile("server", ".xml");
        Files.writeString(file, LibertyTarget.serverXml("127.0.0.1", 9443, knobs, "/apps/login.war", "/", new Application.Login(),
                transport), StandardCharsets.UTF_8);
        return ServerFiles.readXml(file);
    }

    private static Element endpoint(Document config) {
        return ServerFiles.elements(config, "httpEndpoint").get(0);
    }

    private static List<String> features(Document config) {
        return ServerFiles.elements(config, "feature").stream().map(Element::getTextContent).toList();
    }

    @Test
    void cleartextHasAnHttpPortAloneAndNoKey() throws Exception {
        Document config = written(KNOBS, Transport.CLEARTEXT);
        assertEquals("9443", endpoint(config).getAttribute("httpPort"));
        assertEquals("-1", endpoint(config).getAttribute("httpsPort"));
        assertEquals(List.of(), ServerFiles.elements(config, "keyStore"));
        assertEquals(List.of("servlet-6.0", "localConnector-1.0"), features(config));
    }

    @Test
    void overTlsTheHttpsPortAloneServesTheRunsKeyAndHttp2OnlyForH2() throws Exception {
        Transport h2 = new Transport("h2", Path.of("/run/tls.p12"), "s3cret");
        Map<String, String> knobs = new java.util.HashMap<>(KNOBS);
        knobs.putAll(Map.of("maxConcurrentStreams", "50", "settingsInitialWindowSize", "131072", "connectionWindowSize", "1048576"));
        Document config = written(knobs, h2);
        Element endpoint = endpoint(config);
        assertEquals("-1", endpoint.getAttribute("httpPort"), "no cleartext port beside the TLS one");
        assertEquals("9443", endpoint.getAttribute("httpsPort"));
        assertEquals("http/2", endpoint.getAttribute("protocolVersion"));
        assertTrue(features(config).contains("transportSecurity-1.0"), features(config).toString());
        Element keyStore = ServerFiles.elements(config, "keyStore").get(0);
        assertEquals("defaultKeyStore", keyStore.getAttribute("id"), "the key store Liberty's default SSL configuration reads");
        assertEquals("PKCS12", keyStore.getAttribute("type"));
        assertEquals("/run/tls.p12", keyStore.getAttribute("location"));
        assertEquals("s3cret", keyStore.getAttribute("password"));
        Element options = ServerFiles.elements(config, "httpOptions").get(0);
        assertEquals("50", options.getAttribute("maxConcurrentStreams"));
        assertEquals("131072", options.getAttribute("settingsInitialWindowSize"));
        assertEquals("1048576", options.getAttribute("connectionWindowSize"));

        Document h1 = written(KNOBS, new Transport("h1-tls", Path.of("/run/tls.p12"), "s3cret"));
        assertEquals("http/1.1", endpoint(h1).getAttribute("protocolVersion"), "Liberty turns h2 on over TLS unless told not to");
        assertEquals("", ServerFiles.elements(h1, "httpOptions").get(0).getAttribute("maxConcurrentStreams"));
    }

    @Test
    void aPasswordWithQuotesOrAmpersandsStaysOneAttribute() throws Exception {
        Document config = written(KNOBS, new Transport("h1-tls", Path.of("/run/a&b.p12"), "p\"w<&"));
        Element keyStore = ServerFiles.elements(config, "keyStore").get(0);
        assertEquals("/run/a&b.p12", keyStore.getAttribute("location"));
        assertEquals("p\"w<&", keyStore.getAttribute("password"));
    }
}
