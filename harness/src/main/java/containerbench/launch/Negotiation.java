package containerbench.launch;

import containerbench.launcher.TrustAll;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.Map;
import java.util.TreeMap;
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
 * @param http2 over h2, what the server announced in its first SETTINGS frame and its first window
 *     update of the connection ({@link #announced}); {@code null} over HTTP/1.1
 */
public record Negotiation(String protocol, boolean alpn, String tlsVersion, String cipher, Map<String, Long> http2) {

    /** HTTP/2's settings (RFC 9113, 6.5.2) by identifier, under the names the results give them. */
    private static final Map<Integer, String> SETTINGS = Map.of(1, "headerTableSize", 2, "enablePush", 3, "maxConcurrentStreams",
            4, "initialWindowSize", 5, "maxFrameSize", 6, "maxHeaderListSize", 8, "enableConnectProtocol");
    private static final int DEFAULT_WINDOW = 65_535;

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
            String protocol = alpn ? chosen : "http/1.1";
            return new Negotiation(protocol, alpn, socket.getSession().getProtocol(), socket.getSession().getCipherSuite(),
                    protocol.equals("h2") ? announced(socket) : null);
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

    /**
     * What an h2 server announces to a new connection: the client's preface and an empty SETTINGS
     * frame sent, the server's frames read until its SETTINGS (which it must send first) and the
     * window update of the connection that servers send beside it when their window is not
     * HTTP/2's 65535 bytes, or 500 ms of silence. A setting it does not announce keeps HTTP/2's
     * default, which is no limit for streams: absent here. {@code connectionWindow} is 65535 plus any
     * increment it sent.
     */
    private static Map<String, Long> announced(SSLSocket socket) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(H2Frame.PREFACE);
        out.write(new H2Frame(H2Frame.SETTINGS, 0, 0, new byte[0]).bytes());
        out.flush();
        DataInputStream in = new DataInputStream(socket.getInputStream());
        Map<String, Long> settings = null;
        long window = DEFAULT_WINDOW;
        try {
            while (true) {
                H2Frame frame = H2Frame.read(in);
                if (frame.type() == H2Frame.SETTINGS && !frame.has(H2Frame.ACK) && settings == null) {
                    settings = new TreeMap<>();
                    for (int i = 0; i + 6 <= frame.payload().length; i += 6) {
                        int id = (frame.payload()[i] & 0xff) << 8 | frame.payload()[i + 1] & 0xff;
                        settings.put(SETTINGS.getOrDefault(id, "0x" + Integer.toHexString(id)), frame.uint32(i + 2));
                    }
                    socket.setSoTimeout(500);
                } else if (frame.type() == H2Frame.WINDOW_UPDATE && frame.stream() == 0 && frame.payload().length == 4) {
                    window += frame.uint32(0) & 0x7fffffffL;
                    if (settings != null) {
                        break;
                    }
                }
            }
        } catch (SocketTimeoutException | EOFException e) {
            // no window update after the settings: the connection keeps 65535 bytes
        }
        if (settings == null) {
            throw new IOException("the server agreed on h2 but sent no SETTINGS frame");
        }
        settings.put("connectionWindow", window);
        return settings;
    }
}
