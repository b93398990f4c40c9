package org.kwire.tls;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A TLS cipher suite by its IANA number and name (TLS Cipher Suites registry), and for those kwire decrypts, what the
 * record protection needs. Decrypted: the TLS 1.3 suites with AES-GCM and ChaCha20-Poly1305 (RFC 8446 appendix B.4),
 * the TLS 1.2 AES-GCM suites (RFC 5288, RFC 5289) and ChaCha20-Poly1305 suites (RFC 7905). Others are only named.
 *
 * @param id        the two-byte number
 * @param name      IANA name, e.g. {@code TLS_AES_128_GCM_SHA256}
 * @param tls13     true for TLS 1.3 suites
 * @param aead      record protection, or null if kwire does not decrypt this suite
 * @param keyLength AEAD key length in bytes (0 if not decrypted)
 * @param mac       the JDK {@code Mac} of the suite's hash ({@code HmacSHA256} or {@code HmacSHA384}) for HKDF / PRF
 */
public record CipherSuite(int id, String name, boolean tls13, Aead aead, int keyLength, String mac) {

    /** The AEAD algorithms kwire decrypts, by the JDK's transformation names. */
    public enum Aead {
        /** AES in Galois/Counter Mode, 16-byte tag (NIST SP 800-38D). */
        AES_GCM("AES/GCM/NoPadding", "AES"),
        /** ChaCha20 with Poly1305, 16-byte tag (RFC 8439). */
        CHACHA20_POLY1305("ChaCha20-Poly1305", "ChaCha20");

        final String transformation;
        final String keyAlgorithm;

        Aead(String transformation, String keyAlgorithm) {
            this.transformation = transformation;
            this.keyAlgorithm = keyAlgorithm;
        }
    }

    private static final Map<Integer, CipherSuite> SUITES = new HashMap<>();

    static {
        tls13(0x1301, "TLS_AES_128_GCM_SHA256", Aead.AES_GCM, 16, "HmacSHA256");
        tls13(0x1302, "TLS_AES_256_GCM_SHA384", Aead.AES_GCM, 32, "HmacSHA384");
        tls13(0x1303, "TLS_CHACHA20_POLY1305_SHA256", Aead.CHACHA20_POLY1305, 32, "HmacSHA256");
        tls13(0x1304, "TLS_AES_128_CCM_SHA256", null, 0, "HmacSHA256");
        tls13(0x1305, "TLS_AES_128_CCM_8_SHA256", null, 0, "HmacSHA256");
        String[] kx = {"RSA", "DHE_RSA", "DHE_DSS", "ECDHE_ECDSA", "ECDHE_RSA", "ECDH_ECDSA", "ECDH_RSA"};
        int[][] gcm = {{0x009C, 0x009D}, {0x009E, 0x009F}, {0x00A2, 0x00A3}, {0xC02B, 0xC02C}, {0xC02F, 0xC030},
                {0xC02D, 0xC02E}, {0xC031, 0xC032}};
        for (int i = 0; i < kx.length; i++) {
            tls12(gcm[i][0], "TLS_" + kx[i] + "_WITH_AES_128_GCM_SHA256", Aead.AES_GCM, 16, "HmacSHA256");
            tls12(gcm[i][1], "TLS_" + kx[i] + "_WITH_AES_256_GCM_SHA384", Aead.AES_GCM, 32, "HmacSHA384");
        }
        tls12(0xCCA8, "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", Aead.CHACHA20_POLY1305, 32, "HmacSHA256");
        tls12(0xCCA9, "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", Aead.CHACHA20_POLY1305, 32, "HmacSHA256");
        tls12(0xCCAA, "TLS_DHE_RSA_WITH_CHACHA20_POLY1305_SHA256", Aead.CHACHA20_POLY1305, 32, "HmacSHA256");
        Object[][] named = {{0x002F, "TLS_RSA_WITH_AES_128_CBC_SHA"}, {0x0035, "TLS_RSA_WITH_AES_256_CBC_SHA"},
                {0x003C, "TLS_RSA_WITH_AES_128_CBC_SHA256"}, {0x003D, "TLS_RSA_WITH_AES_256_CBC_SHA256"},
                {0x0033, "TLS_DHE_RSA_WITH_AES_128_CBC_SHA"}, {0x0039, "TLS_DHE_RSA_WITH_AES_256_CBC_SHA"},
                {0x0067, "TLS_DHE_RSA_WITH_AES_128_CBC_SHA256"}, {0x006B, "TLS_DHE_RSA_WITH_AES_256_CBC_SHA256"},
                {0xC009, "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA"}, {0xC00A, "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA"},
                {0xC013, "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA"}, {0xC014, "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA"},
                {0xC023, "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256"}, {0xC024, "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384"},
                {0xC027, "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256"}, {0xC028, "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384"},
                {0x000A, "TLS_RSA_WITH_3DES_EDE_CBC_SHA"}, {0x00FF, "TLS_EMPTY_RENEGOTIATION_INFO_SCSV"}};
        for (Object[] n : named) {
            tls12((Integer) n[0], (String) n[1], null, 0, ((String) n[1]).endsWith("SHA384") ? "HmacSHA384" : "HmacSHA256");
        }
    }

    private static void tls13(int id, String name, Aead aead, int keyLength, String mac) {
        SUITES.put(id, new CipherSuite(id, name, true, aead, keyLength, mac));
    }

    private static void tls12(int id, String name, Aead aead, int keyLength, String mac) {
        SUITES.put(id, new CipherSuite(id, name, false, aead, keyLength, mac));
    }

    /** The suite numbered {@code id}; an unknown one is named by its number ({@code 0xC0FF}) and not decrypted. */
    public static CipherSuite of(int id) {
        CipherSuite s = SUITES.get(id);
        return s != null ? s : new CipherSuite(id, String.format(Locale.ROOT, "0x%04X", id), false, null, 0, "HmacSHA256");
    }

    /** True if kwire decrypts records of this suite. */
    public boolean decryptable() {
        return aead != null;
    }

    /** TLS 1.2 AES-GCM carries an 8-byte explicit nonce before the ciphertext of every record (RFC 5288 section 3). */
    boolean explicitNonce() {
        return !tls13 && aead == Aead.AES_GCM;
    }

    /** True for TLS 1.2 suites whose pre-master secret is the client's RSA-encrypted one (RFC 5246 section 7.4.7.1). */
    boolean rsaKeyExchange() {
        return name.startsWith("TLS_RSA_");
    }
}
