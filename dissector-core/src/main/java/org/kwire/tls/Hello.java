package org.kwire.tls;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The parts of the hello messages kwire uses (RFC 8446 section 4.1.2, 4.1.3, 4.2; RFC 5246 section 7.4.1): randoms,
 * session ids, offered and chosen cipher suites and versions, server name (RFC 6066), ALPN (RFC 7301), extended master
 * secret (RFC 7627), session ticket (RFC 5077), pre-shared key. Bodies are read with bounds checks; a message that
 * does not fit its lengths throws {@link Malformed}.
 */
final class Hello {

    /** ServerHello.random of a HelloRetryRequest (RFC 8446 section 4.1.3): SHA-256 of "HelloRetryRequest". */
    private static final byte[] HELLO_RETRY = HexFormat.of().parseHex(
            "cf21ad74e59a6111be1d8c021e65b891c2a211167abb8c5e079e09e2c8a8339c");

    /** A handshake message whose lengths do not fit (RFC 8446 decode_error). */
    static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message);
        }
    }

    /**
     * A ClientHello.
     *
     * @param random       the 32-byte client random (the key log's index)
     * @param sessionId    legacy session id (TLS 1.2 resumption by id)
     * @param cipherSuites offered suites
     * @param serverName   SNI host name, or null
     * @param alpn         offered application protocols
     * @param versions     supported_versions, empty if absent
     * @param ticket       session_ticket extension data (null if absent; empty asks for a new ticket)
     */
    record ClientHello(byte[] random, byte[] sessionId, List<Integer> cipherSuites, String serverName, List<String> alpn,
                       List<Integer> versions, byte[] ticket) {
    }

    /**
     * A ServerHello.
     *
     * @param random          the 32-byte server random
     * @param sessionId       the session id it echoes or assigns
     * @param cipherSuite     the chosen suite
     * @param compression     the chosen compression method (0: null; TLS 1.3 always 0)
     * @param version         the negotiated version: supported_versions if present, else legacy_version
     * @param alpn            the chosen application protocol (TLS 1.2; in TLS 1.3 it comes in EncryptedExtensions)
     * @param extendedMaster  extended_master_secret present
     * @param ticketExtension session_ticket present (the server will send a NewSessionTicket)
     * @param pskAccepted     pre_shared_key present (TLS 1.3 resumption)
     * @param helloRetry      true for a HelloRetryRequest
     */
    record ServerHello(byte[] random, byte[] sessionId, int cipherSuite, int compression, int version, String alpn,
                       boolean extendedMaster, boolean ticketExtension, boolean pskAccepted, boolean helloRetry) {
    }

    private Hello() {
    }

    static ClientHello client(byte[] body) {
        ByteBuffer b = ByteBuffer.wrap(body);
        need(b, 2 + 32);
        b.getShort();
        byte[] random = bytes(b, 32);
        byte[] sessionId = bytes(b, u8(b));
        int suitesLength = u16(b);
        List<Integer> suites = new ArrayList<>();
        ByteBuffer s = sub(b, suitesLength);
        while (s.remaining() >= 2) {
            suites.add(u16(s));
        }
        sub(b, u8(b)); // compression methods
        Map<Integer, ByteBuffer> ext = extensions(b);
        String sni = ext.containsKey(0) ? serverName(ext.get(0)) : null;
        List<String> alpn = ext.containsKey(16) ? protocols(ext.get(16)) : List.of();
        byte[] ticket = ext.containsKey(35) ? bytes(ext.get(35), ext.get(35).remaining()) : null;
        List<Integer> versions = new ArrayList<>();
        if (ext.containsKey(43)) {
            ByteBuffer v = sub(ext.get(43), u8(ext.get(43)));
            while (v.remaining() >= 2) {
                versions.add(u16(v));
            }
        }
        return new ClientHello(random, sessionId, List.copyOf(suites), sni, alpn, List.copyOf(versions), ticket);
    }

    static ServerHello server(byte[] body) {
        ByteBuffer b = ByteBuffer.wrap(body);
        need(b, 2 + 32);
        int version = u16(b);
        byte[] random = bytes(b, 32);
        byte[] sessionId = bytes(b, u8(b));
        int suite = u16(b);
        int compression = u8(b);
        Map<Integer, ByteBuffer> ext = extensions(b);
        String alpn = ext.containsKey(16) ? first(protocols(ext.get(16))) : null;
        if (ext.containsKey(43) && ext.get(43).remaining() >= 2) {
            version = u16(ext.get(43));
        }
        return new ServerHello(random, sessionId, suite, compression, version, alpn, ext.containsKey(23), ext.containsKey(35),
                ext.containsKey(41), Arrays.equals(random, HELLO_RETRY));
    }

    /** The ALPN protocol chosen in a TLS 1.3 EncryptedExtensions body, or null. */
    static String encryptedExtensionsAlpn(byte[] body) {
        ByteBuffer alpn = extensions(ByteBuffer.wrap(body)).get(16);
        return alpn == null ? null : first(protocols(alpn));
    }

    /** The extensions block that ends a hello (or is an EncryptedExtensions body): each type's data, the first if repeated. */
    private static Map<Integer, ByteBuffer> extensions(ByteBuffer b) {
        Map<Integer, ByteBuffer> out = new HashMap<>();
        if (b.remaining() >= 2) {
            ByteBuffer ext = sub(b, u16(b));
            while (ext.remaining() >= 4) {
                int type = u16(ext);
                out.putIfAbsent(type, sub(ext, u16(ext)));
            }
        }
        return out;
    }

    /**
     * The certificates (DER) of a Certificate message: TLS 1.3 has a request context and extensions per entry
     * (RFC 8446 section 4.4.2), TLS 1.2 only the list (RFC 5246 section 7.4.2).
     */
    static List<byte[]> certificates(byte[] body, boolean tls13) {
        ByteBuffer b = ByteBuffer.wrap(body);
        if (tls13) {
            sub(b, u8(b));
        }
        ByteBuffer list = sub(b, u24(b));
        List<byte[]> certs = new ArrayList<>();
        while (list.hasRemaining()) {
            certs.add(bytes(list, u24(list)));
            if (tls13) {
                sub(list, u16(list));
            }
        }
        return certs;
    }

    /** The RSA-encrypted pre-master secret of a ClientKeyExchange (RFC 5246 section 7.4.7.1). */
    static byte[] encryptedPreMaster(byte[] body) {
        ByteBuffer b = ByteBuffer.wrap(body);
        return bytes(b, u16(b));
    }

    /** The ticket of a TLS 1.2 NewSessionTicket (RFC 5077 section 3.3): lifetime hint u32, ticket. */
    static byte[] newSessionTicket(byte[] body) {
        ByteBuffer b = ByteBuffer.wrap(body);
        need(b, 4);
        b.getInt();
        return bytes(b, u16(b));
    }

    private static String serverName(ByteBuffer e) {
        ByteBuffer list = sub(e, u16(e));
        while (list.remaining() >= 3) {
            int type = u8(list);
            byte[] name = bytes(list, u16(list));
            if (type == 0) {
                return new String(name, StandardCharsets.US_ASCII);
            }
        }
        return null;
    }

    private static List<String> protocols(ByteBuffer e) {
        ByteBuffer list = sub(e, u16(e));
        List<String> out = new ArrayList<>();
        while (list.hasRemaining()) {
            out.add(new String(bytes(list, u8(list)), StandardCharsets.US_ASCII));
        }
        return List.copyOf(out);
    }

    private static String first(List<String> l) {
        return l.isEmpty() ? null : l.get(0);
    }

    private static void need(ByteBuffer b, int n) {
        if (b.remaining() < n) {
            throw new Malformed("needs " + n + " more bytes, has " + b.remaining());
        }
    }

    private static int u8(ByteBuffer b) {
        need(b, 1);
        return b.get() & 0xff;
    }

    private static int u16(ByteBuffer b) {
        need(b, 2);
        return b.getShort() & 0xffff;
    }

    private static int u24(ByteBuffer b) {
        need(b, 3);
        return ((b.get() & 0xff) << 16) | ((b.get() & 0xff) << 8) | (b.get() & 0xff);
    }

    private static byte[] bytes(ByteBuffer b, int n) {
        need(b, n);
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    private static ByteBuffer sub(ByteBuffer b, int n) {
        need(b, n);
        ByteBuffer s = b.slice(b.position(), n);
        b.position(b.position() + n);
        return s;
    }
}
