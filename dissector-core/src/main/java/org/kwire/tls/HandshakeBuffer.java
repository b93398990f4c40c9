package org.kwire.tls;

import java.io.ByteArrayOutputStream;

/**
 * Joins the handshake records of one direction into handshake messages (RFC 8446 section 4: type u8, length u24, body),
 * which may span records or share one. At most one message is held, of at most {@link #MAX_MESSAGE} bytes; a longer
 * announced length ends handshake parsing of the direction (the caller notes it).
 */
final class HandshakeBuffer {

    /** Largest handshake message accepted, bytes (certificate chains of a few certificates need tens of KiB). */
    static final int MAX_MESSAGE = 256 << 10;

    /** Receives whole messages. */
    interface Sink {
        /**
         * One handshake message.
         *
         * @param type    handshake type (1 client_hello, 2 server_hello, 11 certificate, ...)
         * @param body    its body (after the 4-byte header)
         * @param message header and body, as hashed into the transcript
         */
        void message(int type, byte[] body, byte[] message);
    }

    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private boolean broken;

    /** True once a message was too long: further handshake bytes of this direction are ignored. */
    boolean broken() {
        return broken;
    }

    /** Bytes of a message in progress. */
    int pending() {
        return pending.size();
    }

    /** Forgets a message in progress (after a gap). */
    void reset() {
        pending.reset();
    }

    /**
     * Adds the plaintext of one handshake record; hands on every message it completes.
     *
     * @return null, or a sentence saying why handshake parsing of this direction stopped
     */
    String add(byte[] data, Sink sink) {
        if (broken) {
            return null;
        }
        pending.write(data, 0, data.length);
        byte[] b = pending.toByteArray();
        int p = 0;
        while (b.length - p >= 4) {
            int length = ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff);
            if (length > MAX_MESSAGE) {
                broken = true;
                pending.reset();
                return "handshake message of type " + (b[p] & 0xff) + " announces " + length + " bytes (more than "
                        + MAX_MESSAGE + "); the rest of this side's handshake is not parsed";
            }
            if (b.length - p - 4 < length) {
                break;
            }
            byte[] body = new byte[length];
            System.arraycopy(b, p + 4, body, 0, length);
            byte[] message = new byte[4 + length];
            System.arraycopy(b, p, message, 0, 4 + length);
            p += 4 + length;
            sink.message(message[0] & 0xff, body, message);
        }
        pending.reset();
        pending.write(b, p, b.length - p);
        return null;
    }
}
