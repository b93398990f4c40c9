package org.kwire.pcap;

/**
 * A pcapng Decryption Secrets Block (draft-ietf-opsawg-pcapng section 4.7; {@code editcap --inject-secrets}): secrets
 * that decrypt the packets after it. Its data is secret: {@link #toString()} never shows it.
 *
 * @param type   secrets type, e.g. {@link #TLS_KEY_LOG} ({@code "TLSK"}: NSS key log lines)
 * @param data   the secrets
 * @param number 1-based number of this block among the capture's Decryption Secrets Blocks
 */
public record DecryptionSecrets(int type, byte[] data, int number) {

    /** Secrets type of a TLS key log (NSS key log format): 0x544c534b, "TLSK". */
    public static final int TLS_KEY_LOG = 0x544c534b;

    @Override
    public String toString() {
        return "DecryptionSecrets[type 0x" + Integer.toHexString(type) + ", " + data.length + " bytes, redacted]";
    }
}
