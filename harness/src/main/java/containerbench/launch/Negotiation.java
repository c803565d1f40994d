package containerbench.launch;

import java.io.IOException;
import java.net.InetSocketAddress;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * What a TLS handshake with a target agreed, asked before the load as Gatling asks: ALPN offering
 * h2, then HTTP/1.1.
 *
 * @param protocol the application protocol: {@code h2}, or {@code http/1.1} (chosen by ALPN, or by a
 *     server that answered without it)
 * @param alpn whether the server chose by ALPN
 * @param tlsVersion the TLS version, such as {@code TLSv1.3}
 * @param cipher the cipher suite, such as {@code TLS_AES_256_GCM_SHA384}
 */
public record Negotiation(String protocol, boolean alpn, String tlsVersion, String cipher) {

    /** One handshake with the target at {@code host:port}; its failure names the address. */
    static Negotiation with(String host, int port) {
        try (SSLSocket socket = (SSLSocket) TrustAll.context().getSocketFactory().createSocket()) {
            socket.connect(new InetSocketAddress(host, port), 5_000);
            socket.setSoTimeout(5_000);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setApplicationProtocols(new String[] {"h2", "http/1.1"});
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            String chosen = socket.getApplicationProtocol();
            boolean alpn = chosen != null && !chosen.isEmpty();
            return new Negotiation(alpn ? chosen : "http/1.1", alpn, socket.getSession().getProtocol(),
                    socket.getSession().getCipherSuite());
        } catch (IOException e) {
            throw new IllegalStateException("no TLS handshake with " + host + ":" + port + ": " + e.getMessage(), e);
        }
    }

    /**
     * The same, failing unless the target speaks what {@code http} asks: h2 for {@code h2}, HTTP/1.1
     * for {@code h1-tls}.
     */
    static Negotiation checked(String label, String http, String host, int port) {
        Negotiation agreed = with(host, port);
        String wanted = http.equals("h2") ? "h2" : "http/1.1";
        if (!agreed.protocol().equals(wanted)) {
            throw new IllegalStateException(label + " was asked for " + http + " but its TLS handshake agreed on "
                    + agreed.protocol() + (agreed.alpn() ? " by ALPN" : " (no ALPN)") + ", offered h2 and http/1.1");
        }
        return agreed;
    }
}
