package containerbench.launcher;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A TLS client context that takes any certificate at any address. The harness and the launchers ask
 * a target what it serves, not who it is: its targets serve the run's own self-signed key,
 * at addresses its names may not cover (a network namespace's), and Gatling, which sends the load,
 * trusts any certificate by default as well (gatling-defaults.conf: ssl.useInsecureTrustManager).
 * Extending the X509ExtendedTrustManager keeps JSSE from adding its own host name check.
 */
public final class TrustAll extends X509ExtendedTrustManager {

    private TrustAll() {
    }

    public static SSLContext context() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new TrustAll()}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM has no TLS: " + e.getMessage(), e);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
