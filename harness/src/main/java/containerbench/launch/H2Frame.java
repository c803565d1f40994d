package containerbench.launch;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/2 frame (RFC 9113, 4.1) as it crosses a connection: a 24-bit length, its type, flags and
 * 31-bit stream, then its payload.
 */
record H2Frame(int type, int flags, int stream, byte[] payload) {

    /** What a client sends first on every HTTP/2 connection, before its SETTINGS. */
    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    static final int SETTINGS = 4;
    static final int WINDOW_UPDATE = 8;
    /** The flag of a SETTINGS or PING frame that acknowledges the peer's. */
    static final int ACK = 1;

    /** The next frame; an EOFException when the connection ends before it does. */
    static H2Frame read(DataInputStream in) throws IOException {
        int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
        int type = in.readUnsignedByte();
        int flags = in.readUnsignedByte();
        int stream = in.readInt() & 0x7fffffff;
        byte[] payload = in.readNBytes(length);
        if (payload.length < length) {
            throw new EOFException();
        }
        return new H2Frame(type, flags, stream, payload);
    }

    /** The frame's bytes: its 9-byte header, then its payload. */
    byte[] bytes() {
        int length = payload.length;
        byte[] frame = new byte[9 + length];
        byte[] header = {(byte) (length >>> 16), (byte) (length >>> 8), (byte) length, (byte) type, (byte) flags,
                (byte) (stream >>> 24 & 0x7f), (byte) (stream >>> 16), (byte) (stream >>> 8), (byte) stream};
        System.arraycopy(header, 0, frame, 0, 9);
        System.arraycopy(payload, 0, frame, 9, length);
        return frame;
    }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** The unsigned 32-bit number at {@code offset} of the payload (an error code, a setting's value). */
    long uint32(int offset) {
        return (payload[offset] & 0xffL) << 24 | (payload[offset + 1] & 0xff) << 16 | (payload[offset + 2] & 0xff) << 8
                | payload[offset + 3] & 0xff;
    }
}
