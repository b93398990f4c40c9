package org.kwire.tls;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;

/**
 * HKDF (RFC 5869) with the JDK's {@code Mac}, and TLS 1.3's labelled expansion and key schedule steps (RFC 8446
 * section 7.1, 7.2, 7.3).
 */
public final class Hkdf {

    private final String mac;
    private final int hashLength;

    /** @param mac {@code HmacSHA256} or {@code HmacSHA384} */
    public Hkdf(String mac) {
        this.mac = mac;
        this.hashLength = mac.equals("HmacSHA384") ? 48 : 32;
    }

    /** Length of the hash's output, bytes. */
    public int hashLength() {
        return hashLength;
    }

    /** HKDF-Extract(salt, ikm); an empty salt is {@code hashLength} zero bytes. */
    public byte[] extract(byte[] salt, byte[] ikm) {
        return hmac(salt.length == 0 ? new byte[hashLength] : salt, ikm);
    }

    /** HKDF-Expand(prk, info, length). */
    public byte[] expand(byte[] prk, byte[] info, int length) {
        byte[] out = new byte[length];
        byte[] t = new byte[0];
        for (int at = 0, i = 1; at < length; i++) {
            byte[] input = ByteBuffer.allocate(t.length + info.length + 1).put(t).put(info).put((byte) i).array();
            t = hmac(prk, input);
            int n = Math.min(t.length, length - at);
            System.arraycopy(t, 0, out, at, n);
            at += n;
        }
        return out;
    }

    /** HKDF-Expand-Label(secret, label, context, length) with the {@code "tls13 "} prefix. */
    public byte[] expandLabel(byte[] secret, String label, byte[] context, int length) {
        byte[] l = ("tls13 " + label).getBytes(StandardCharsets.US_ASCII);
        ByteBuffer info = ByteBuffer.allocate(2 + 1 + l.length + 1 + context.length);
        info.putShort((short) length).put((byte) l.length).put(l).put((byte) context.length).put(context);
        return expand(secret, info.array(), length);
    }

    /** Derive-Secret(secret, label, messages) given the transcript hash of the messages. */
    public byte[] deriveSecret(byte[] secret, String label, byte[] transcriptHash) {
        return expandLabel(secret, label, transcriptHash, hashLength);
    }

    /** The record protection key of a traffic secret: HKDF-Expand-Label(secret, "key", "", keyLength). */
    public byte[] trafficKey(byte[] secret, int keyLength) {
        return expandLabel(secret, "key", new byte[0], keyLength);
    }

    /** The record protection IV of a traffic secret: HKDF-Expand-Label(secret, "iv", "", 12). */
    public byte[] trafficIv(byte[] secret) {
        return expandLabel(secret, "iv", new byte[0], 12);
    }

    /** The next generation of an application traffic secret after a KeyUpdate (RFC 8446 section 7.2). */
    public byte[] nextTrafficSecret(byte[] secret) {
        return expandLabel(secret, "traffic upd", new byte[0], hashLength);
    }

    /** HMAC of {@code data} under {@code key}. */
    byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac m = Mac.getInstance(mac);
            m.init(new SecretKeySpec(key, mac));
            return m.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(mac + " is part of every JDK", e);
        }
    }
}
