package containerbench.launch;

import containerbench.launcher.TrustAll;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One HTTP/1.1 exchange over a plain socket or over TLS, byte for byte as given: the tests send
 * requests that no HTTP client library would produce.
 */
final class RawHttp {

    /** A parsed answer; {@code status} is -1 when the connection closed without one. */
    record Answer(int status, Map<String, String> headers, String body) {

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private RawHttp() {
    }

    /**
     * Sends the request and reads until the server closes the connection or 10 s pass.
     *
     * @param halfClose stop sending after the request, as a client that gives up on its body
     */
    static Answer exchange(int port, byte[] request, boolean halfClose) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return exchange(socket, request, halfClose);
        }
    }

    /**
     * The same over TLS, offering HTTP/1.1 alone by ALPN and trusting the run's certificate; TLS has no
     * half-close ({@code SSLSocket.shutdownOutput} is unsupported), so a request that needs one is not sent.
     */
    static Answer exchangeOverTls(int port, byte[] request) throws IOException {
        try (SSLSocket socket = (SSLSocket) TrustAll.context().getSocketFactory().createSocket("127.0.0.1", port)) {
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setApplicationProtocols(new String[] {"http/1.1"});
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            return exchange(socket, request, false);
        }
    }

    private static Answer exchange(Socket socket, byte[] request, boolean halfClose) throws IOException {
        socket.setSoTimeout(10_000);
        try {
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            if (halfClose) {
                socket.shutdownOutput();
            }
        } catch (java.net.SocketException e) {
            // The server answered and closed while the request was still being sent (a value too long for it):
            // what it answered is read below. Over TLS the write fails sooner, with records not yet sent.
        }
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        try {
            in.transferTo(received);
        } catch (SocketTimeoutException | java.net.SocketException | SSLException e) {
            // a reset or a server that keeps the connection: parse what arrived
        }
        return parse(received.toString(StandardCharsets.ISO_8859_1));
    }

    static Answer exchange(int port, String request) throws IOException {
        return exchange(port, request.getBytes(StandardCharsets.UTF_8), false);
    }

    private static Answer parse(String raw) {
        int end = raw.indexOf("\r\n\r\n");
        // Any HTTP version: a server may answer in the one the client asked for.
        if (!raw.matches("(?s)HTTP/\\d\\.\\d \\d{3}.*") || end < 0) {
            return new Answer(-1, Map.of(), raw);
        }
        String[] lines = raw.substring(0, end).split("\r\n");
        Map<String, String> headers = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        String body = raw.substring(end + 4);
        String length = headers.get("content-length");
        if (length != null && body.length() > Integer.parseInt(length)) {
            body = body.substring(0, Integer.parseInt(length));
        }
        byte[] bytes = body.getBytes(StandardCharsets.ISO_8859_1);
        return new Answer(Integer.parseInt(lines[0].substring(9, 12)), headers, new String(bytes, StandardCharsets.UTF_8));
    }
}
