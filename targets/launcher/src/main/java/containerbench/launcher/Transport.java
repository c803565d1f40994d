package containerbench.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * How a target speaks to its clients: cleartext HTTP/1.1 ({@code h1}), HTTP/1.1 over TLS
 * ({@code h1-tls}), or HTTP/2 over TLS, offered by ALPN before HTTP/1.1 ({@code h2}). Over TLS every
 * target serves the one key and certificate the harness made for the run, so that no container's
 * own certificate decides what a handshake costs.
 *
 * @param http {@code h1}, {@code h1-tls} or {@code h2}
 * @param keyStore the PKCS12 key store of the run's key and certificate; {@code null} for {@code h1}
 * @param password its password (the key's too)
 */
public record Transport(String http, Path keyStore, String password) {

    /** The knob every container that serves TLS declares, under this name and as this common name. */
    public static final String KNOB = "http";

    /** The alias of the run's key in its key store, for servers that name the key they serve. */
    public static final String ALIAS = "container-bench";

    public static final Transport CLEARTEXT = new Transport("h1", null, null);

    private static final List<String> CHOICES = List.of("h1", "h1-tls", "h2");

    public Transport {
        if (!http.equals("h1") && keyStore == null) {
            throw new IllegalArgumentException("--" + KNOB + " " + http + " needs --tls-keystore (the run's PKCS12 key store)"
                    + " and --tls-password");
        }
    }

    /** The knob, for a container that serves all three. */
    public static Knob knob() {
        return Knob.choice(KNOB, "h1", CHOICES, "what clients speak: h1 (HTTP/1.1), h1-tls (HTTP/1.1 over TLS) or h2"
                + " (HTTP/2 over TLS by ALPN, HTTP/1.1 to clients without it)").as(KNOB);
    }

    /**
     * Refuses HTTP/2 settings given to a target that does not speak it: they would change nothing,
     * and a knob is never ignored.
     */
    public void refuseUnlessH2(Map<String, String> knobs, List<Knob> h2Knobs) {
        if (h2()) {
            return;
        }
        for (Knob knob : h2Knobs) {
            if (knobs.containsKey(knob.name())) {
                throw new IllegalArgumentException("--" + knob.name() + " is an HTTP/2 setting, and this target speaks " + http
                        + " (--" + KNOB + " h2 to use it)");
            }
        }
    }

    /** Refuses a TLS setting ({@code knob}, such as the TLS implementation) given to a target that speaks cleartext. */
    public void refuseUnlessTls(Map<String, String> knobs, String knob) {
        if (knobs.containsKey(knob) && !tls()) {
            throw new IllegalArgumentException("--" + knob + " is a TLS setting, and this target speaks " + http
                    + " (--" + KNOB + " h1-tls or h2 to use it)");
        }
    }

    public boolean tls() {
        return keyStore != null && !http.equals("h1");
    }

    public boolean h2() {
        return http.equals("h2");
    }

    /** The key store, loaded. */
    public KeyStore loadKeyStore() throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            store.load(in, password.toCharArray());
        }
        return store;
    }

    /** A JSSE server context holding the run's key, for containers configured with one. */
    public SSLContext serverContext() throws IOException, GeneralSecurityException {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(loadKeyStore(), password.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return context;
    }
}
