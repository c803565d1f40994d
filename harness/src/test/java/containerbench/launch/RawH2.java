package containerbench.launch;

import containerbench.launcher.TrustAll;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * An HTTP/2 client of raw frames over TLS, for requests no real client sends: it writes frames as
 * given (requests in HPACK literals without indexing, so that nothing it sends depends on what the
 * server's decoder kept) and reads the server's, decoding response headers with Netty's HPACK
 * decoder, which keeps the table a connection needs.
 */
final class RawH2 implements AutoCloseable {

    static final int DATA = 0;
    static final int HEADERS = 1;
    static final int RST_STREAM = 3;
    static final int SETTINGS = H2Frame.SETTINGS;
    static final int PING = 6;
    static final int GOAWAY = 7;
    static final int WINDOW_UPDATE = H2Frame.WINDOW_UPDATE;
    static final int CONTINUATION = 9;
    static final int END_STREAM = 1;
    static final int END_HEADERS = 4;

    /** HTTP/2's error codes by number (RFC 9113, 7). */
    static final List<String> ERRORS = List.of("NO_ERROR", "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR",
            "SETTINGS_TIMEOUT", "STREAM_CLOSED", "FRAME_SIZE_ERROR", "REFUSED_STREAM", "CANCEL", "COMPRESSION_ERROR",
            "CONNECT_ERROR", "ENHANCE_YOUR_CALM", "INADEQUATE_SECURITY", "HTTP_1_1_REQUIRED");

    private final SSLSocket socket;
    private final OutputStream out;
    private final DataInputStream in;
    private final DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(false);
    private ByteArrayOutputStream headerBlock;
    private int headerStream;

    private RawH2(SSLSocket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = new DataInputStream(socket.getInputStream());
    }

    /** A TLS connection to 127.0.0.1:port that agreed on h2 by ALPN; nothing sent yet. */
    static RawH2 connect(int port) throws IOException {
        SSLSocket socket = (SSLSocket) TrustAll.context().getSocketFactory().createSocket();
        try {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setApplicationProtocols(new String[] {"h2"});
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            if (!"h2".equals(socket.getApplicationProtocol())) {
                throw new IOException("the handshake agreed on '" + socket.getApplicationProtocol() + "', not h2");
            }
            return new RawH2(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** The client preface and an empty SETTINGS frame, as every HTTP/2 client starts. */
    RawH2 preface() throws IOException {
        out.write(H2Frame.PREFACE);
        frame(SETTINGS, 0, 0, new byte[0]);
        return this;
    }

    void raw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        raw(new H2Frame(type, flags, stream, payload).bytes());
    }

    /** Frames written at once, unflushed until the end: a burst the server reads as fast as it can. */
    void burst(List<byte[]> frames) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (byte[] frame : frames) {
            bytes.write(frame);
        }
        raw(bytes.toByteArray());
    }

    /** A login request's header block, with any more headers after the pseudo-headers. */
    static byte[] login(String method, Map<String, String> more) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        literal(block, ":method", method);
        literal(block, ":scheme", "https");
        literal(block, ":authority", "localhost");
        literal(block, ":path", "/loginServlet?username=ann&password=s3cret");
        more.forEach((name, value) -> literal(block, name, value));
        return block.toByteArray();
    }

    /** A 32-bit number as RST_STREAM's error code and WINDOW_UPDATE's increment carry it. */
    static byte[] rst(int code) {
        return new byte[] {(byte) (code >>> 24), (byte) (code >>> 16), (byte) (code >>> 8), (byte) code};
    }

    /** An HPACK literal header field without indexing, of a new name, no Huffman (RFC 7541, 6.2.2). */
    private static void literal(ByteArrayOutputStream block, String name, String value) {
        block.write(0);
        string(block, name.getBytes(StandardCharsets.US_ASCII));
        string(block, value.getBytes(StandardCharsets.US_ASCII));
    }

    private static void string(ByteArrayOutputStream block, byte[] bytes) {
        integer(block, 7, bytes.length);
        block.writeBytes(bytes);
    }

    /** An HPACK integer of an N-bit prefix (RFC 7541, 5.1), the prefix's other bits 0. */
    private static void integer(ByteArrayOutputStream block, int bits, int value) {
        int max = (1 << bits) - 1;
        if (value < max) {
            block.write(value);
            return;
        }
        block.write(max);
        value -= max;
        while (value >= 128) {
            block.write(value % 128 + 128);
            value /= 128;
        }
        block.write(value);
    }

    /**
     * What the server sent: the statuses of the responses it began, its stream resets by error,
     * its GOAWAY's error, whether it closed the connection (else it went quiet), its acknowledgements
     * of SETTINGS, and the streams it answered with headers or a reset.
     */
    record Answer(List<Integer> statuses, Map<String, Integer> resets, String goaway, boolean closed, int settingsAcks,
            Set<Integer> answered) {

        boolean serverError() {
            return statuses.stream().anyMatch(status -> status >= 500);
        }

        /** Whether the connection ended: closed, or the server said it goes away. */
        boolean ended() {
            return closed || goaway != null;
        }

        @Override
        public String toString() {
            List<String> parts = new ArrayList<>();
            if (!statuses.isEmpty()) {
                Map<Integer, Integer> counted = new TreeMap<>();
                statuses.forEach(status -> counted.merge(status, 1, Integer::sum));
                parts.add("responses " + counted);
            }
            if (!resets.isEmpty()) {
                parts.add("RST_STREAM " + resets);
            }
            if (settingsAcks > 0) {
                parts.add(settingsAcks + " SETTINGS acknowledged");
            }
            if (goaway != null) {
                parts.add("GOAWAY " + goaway);
            }
            parts.add(closed ? "closed" : "left open");
            return String.join(", ", parts);
        }
    }

    /**
     * Reads the server's frames until it closes the connection or says nothing for {@code quiet},
     * at most for {@code longest}, acknowledging its SETTINGS as a client must.
     */
    Answer read(Duration quiet, Duration longest) throws IOException {
        List<Integer> statuses = new ArrayList<>();
        Map<String, Integer> resets = new TreeMap<>();
        Set<Integer> answered = new TreeSet<>();
        String goaway = null;
        int acks = 0;
        long deadline = System.nanoTime() + longest.toNanos();
        socket.setSoTimeout((int) quiet.toMillis());
        try {
            while (System.nanoTime() < deadline) {
                H2Frame frame = H2Frame.read(in);
                int stream = frame.stream();
                byte[] payload = frame.payload();
                switch (frame.type()) {
                    case HEADERS -> {
                        answered.add(stream);
                        headerBlock = new ByteArrayOutputStream();
                        headerStream = stream;
                        headerBlock.writeBytes(fragment(frame));
                        if (frame.has(END_HEADERS)) {
                            status(statuses);
                        }
                    }
                    case CONTINUATION -> {
                        headerBlock.writeBytes(payload);
                        if (frame.has(END_HEADERS)) {
                            status(statuses);
                        }
                    }
                    case RST_STREAM -> {
                        answered.add(stream);
                        resets.merge(error(frame.uint32(0)), 1, Integer::sum);
                    }
                    case PING -> {
                        if (!frame.has(H2Frame.ACK)) {
                            frame(PING, H2Frame.ACK, 0, payload);
                        }
                    }
                    case SETTINGS -> {
                        if (!frame.has(H2Frame.ACK)) {
                            frame(SETTINGS, H2Frame.ACK, 0, new byte[0]);
                        } else {
                            acks++;
                        }
                    }
                    case GOAWAY -> goaway = error(frame.uint32(4));
                    case DATA -> {
                        // Its bytes given back to the stream's window and the connection's, as a
                        // client does: else a server can send no more than 65535 bytes of answers.
                        if (payload.length > 0) {
                            byte[] increment = rst(payload.length);
                            frame(WINDOW_UPDATE, 0, 0, increment);
                            if (!frame.has(END_STREAM)) {
                                frame(WINDOW_UPDATE, 0, stream, increment);
                            }
                        }
                    }
                    default -> {
                        // WINDOW_UPDATE: the answer is in the frames above
                    }
                }
            }
        } catch (SocketTimeoutException e) {
            return new Answer(statuses, resets, goaway, false, acks, answered);
        } catch (EOFException | SocketException | javax.net.ssl.SSLException e) {
            return new Answer(statuses, resets, goaway, true, acks, answered);
        }
        return new Answer(statuses, resets, goaway, false, acks, answered);
    }

    /** A HEADERS frame's header block fragment, without its padding and priority. */
    private static byte[] fragment(H2Frame frame) {
        byte[] payload = frame.payload();
        int start = 0;
        int end = payload.length;
        if (frame.has(0x8)) {
            end -= payload[0] & 0xff;
            start = 1;
        }
        if (frame.has(0x20)) {
            start += 5;
        }
        return java.util.Arrays.copyOfRange(payload, start, Math.max(start, end));
    }

    private void status(List<Integer> statuses) throws IOException {
        try {
            Http2Headers headers = decoder.decodeHeaders(headerStream, Unpooled.wrappedBuffer(headerBlock.toByteArray()));
            CharSequence status = headers.status();
            if (status != null) {
                statuses.add(Integer.parseInt(status.toString()));
            }
        } catch (Http2Exception e) {
            throw new IOException("the server's header block did not decode: " + e.getMessage(), e);
        }
    }

    private static String error(long code) {
        return code < ERRORS.size() ? ERRORS.get((int) code) : "0x" + Long.toHexString(code);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
