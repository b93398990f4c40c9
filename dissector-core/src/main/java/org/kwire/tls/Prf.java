package org.kwire.tls;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The TLS 1.2 pseudo-random function (RFC 5246 section 5: P_SHA256, or P_SHA384 for the SHA-384 suites) through the
 * JDK's {@code Mac}, and what TLS 1.2 derives with it: the master secret (section 8.1, or RFC 7627's extended master
 * secret) and the key block (section 6.3).
 */
public final class Prf {

    private final Hkdf hmac;

    /** @param mac {@code HmacSHA256} or {@code HmacSHA384} (the suite's PRF hash) */
    public Prf(String mac) {
        this.hmac = new Hkdf(mac);
    }

    /** PRF(secret, label, seed) cut to {@code length} bytes. */
    public byte[] prf(byte[] secret, String label, byte[] seed, int length) {
        byte[] l = label.getBytes(StandardCharsets.US_ASCII);
        byte[] labelSeed = ByteBuffer.allocate(l.length + seed.length).put(l).put(seed).array();
        byte[] out = new byte[length];
        byte[] a = labelSeed;
        for (int at = 0; at < length; ) {
            a = hmac.hmac(secret, a);
            byte[] block = hmac.hmac(secret, ByteBuffer.allocate(a.length + labelSeed.length).put(a).put(labelSeed).array());
            int n = Math.min(block.length, length - at);
            System.arraycopy(block, 0, out, at, n);
            at += n;
        }
        return out;
    }

    /** The 48-byte master secret from the pre-master secret and both randoms. */
    public byte[] masterSecret(byte[] preMaster, byte[] clientRandom, byte[] serverRandom) {
        return prf(preMaster, "master secret", concat(clientRandom, serverRandom), 48);
    }

    /** The 48-byte extended master secret (RFC 7627 section 4) from the session hash. */
    public byte[] extendedMasterSecret(byte[] preMaster, byte[] sessionHash) {
        return prf(preMaster, "extended master secret", sessionHash, 48);
    }

    /** The key block: seeded with server random then client random. */
    public byte[] keyBlock(byte[] master, byte[] clientRandom, byte[] serverRandom, int length) {
        return prf(master, "key expansion", concat(serverRandom, clientRandom), length);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        return ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
    }
}
