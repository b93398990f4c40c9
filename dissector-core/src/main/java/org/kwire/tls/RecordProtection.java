package org.kwire.tls;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;

/**
 * The read state of one direction: AEAD key, IV and the next record sequence number; opens protected records with the
 * JDK's ciphers. TLS 1.3 (RFC 8446 section 5.2, 5.3): nonce = IV xor sequence number, additional data = the record
 * header, the inner plaintext ends with its real content type and zero padding. TLS 1.2 AES-GCM (RFC 5288 section 3):
 * nonce = 4-byte implicit salt + the record's 8-byte explicit nonce; ChaCha20-Poly1305 (RFC 7905 section 2): nonce = IV
 * xor sequence number; additional data = sequence number, type, version, plaintext length (RFC 5246 section 6.2.3.3).
 */
final class RecordProtection {

    /** Bytes of the AEAD authentication tag of every suite decrypted. */
    static final int TAG = 16;

    /**
     * A record opened.
     *
     * @param type content type: the inner type in TLS 1.3, the record's own in TLS 1.2
     * @param data the plaintext
     */
    record Opened(int type, byte[] data) {
    }

    private final CipherSuite suite;
    private final SecretKeySpec key;
    private final byte[] iv;
    private final Cipher cipher;
    private long sequence;

    private RecordProtection(CipherSuite suite, byte[] key, byte[] iv) {
        this.suite = suite;
        this.key = new SecretKeySpec(key, suite.aead().keyAlgorithm);
        this.iv = iv;
        try {
            this.cipher = Cipher.getInstance(suite.aead().transformation);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(suite.aead().transformation + " is part of every JDK 17", e);
        }
    }

    /** The TLS 1.3 read state of a traffic secret (sequence number 0). */
    static RecordProtection tls13(CipherSuite suite, byte[] trafficSecret) {
        Hkdf hkdf = new Hkdf(suite.mac());
        return new RecordProtection(suite, hkdf.trafficKey(trafficSecret, suite.keyLength()), hkdf.trafficIv(trafficSecret));
    }

    /** A TLS 1.2 read state: the write key and IV of the sending side, from the key block. */
    static RecordProtection tls12(CipherSuite suite, byte[] key, byte[] iv) {
        return new RecordProtection(suite, key, iv);
    }

    /** The sequence number of the next record. */
    long sequence() {
        return sequence;
    }

    /** Sets the sequence number of the next record (after resynchronising). */
    void sequence(long s) {
        sequence = s;
    }

    /** Bytes a record's fragment has beyond its plaintext (explicit nonce and tag; TLS 1.3: plus the inner type). */
    int overhead() {
        return TAG + (suite.explicitNonce() ? 8 : 0) + (suite.tls13() ? 1 : 0);
    }

    /**
     * Opens the next record and advances the sequence number.
     *
     * @return the plaintext, or null if it does not authenticate (wrong secret, wrong sequence number, corrupt record)
     */
    Opened open(int type, int version, byte[] fragment) {
        Opened o = openAt(type, version, fragment, sequence);
        if (o != null) {
            sequence++;
        }
        return o;
    }

    /** Opens a record as if it had sequence number {@code seq}, without changing the state; null if it does not authenticate. */
    Opened openAt(int type, int version, byte[] fragment, long seq) {
        int explicit = suite.explicitNonce() ? 8 : 0;
        int cipherLength = fragment.length - explicit;
        if (cipherLength < TAG + (suite.tls13() ? 1 : 0)) {
            return null;
        }
        byte[] nonce;
        if (explicit > 0) {
            nonce = ByteBuffer.allocate(12).put(iv, 0, 4).put(fragment, 0, 8).array();
        } else {
            nonce = iv.clone();
            for (int i = 0; i < 8; i++) {
                nonce[4 + i] ^= (byte) (seq >>> (56 - 8 * i));
            }
        }
        byte[] aad = suite.tls13()
                ? new byte[] {(byte) type, (byte) (version >> 8), (byte) version, (byte) (fragment.length >> 8), (byte) fragment.length}
                : ByteBuffer.allocate(13).putLong(seq).put((byte) type).putShort((short) version)
                        .putShort((short) (cipherLength - TAG)).array();
        AlgorithmParameterSpec spec = suite.aead() == CipherSuite.Aead.AES_GCM ? new GCMParameterSpec(TAG * 8, nonce)
                : new IvParameterSpec(nonce);
        byte[] plain;
        try {
            cipher.init(Cipher.DECRYPT_MODE, key, spec);
            cipher.updateAAD(aad);
            plain = cipher.doFinal(fragment, explicit, cipherLength);
        } catch (AEADBadTagException e) {
            return null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot run " + suite.aead().transformation, e);
        }
        if (!suite.tls13()) {
            return new Opened(type, plain);
        }
        int end = plain.length - 1;
        while (end >= 0 && plain[end] == 0) {
            end--; // zero padding after the inner content type
        }
        if (end < 0) {
            return new Opened(0, new byte[0]); // no content type: a protocol violation the caller reports
        }
        byte[] data = new byte[end];
        System.arraycopy(plain, 0, data, 0, end);
        return new Opened(plain[end] & 0xff, data);
    }
}
