package org.kwire.dissect;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Redacts secrets from SASL tokens (the {@code AuthBytes} of SaslAuthenticate, KIP-152), keeping their length so
 * offsets stay true: SASL/PLAIN passwords (RFC 4616: {@code [authzid] NUL authcid NUL passwd}), SCRAM client proofs
 * and server signatures (RFC 5802: the {@code p=} and {@code v=} attributes) and OAUTHBEARER tokens (RFC 7628:
 * {@code auth=Bearer <token>}). Redacted bytes become {@code '*'}. This is the one place kwire hides secrets; the
 * {@code --show-secrets} flag bypasses it.
 */
public final class SaslSecrets {

    /** The schema name of the SASL token field, in SaslAuthenticate requests and responses. */
    public static final String AUTH_BYTES = "AuthBytes";

    private SaslSecrets() {
    }

    /** True if a token holds something {@link #redact} hides. */
    public static boolean hasSecret(byte[] token) {
        return !Arrays.equals(token, redact(token));
    }

    /** A copy of the token with its secrets replaced by {@code '*'}, same length. */
    public static byte[] redact(byte[] token) {
        byte[] out = token.clone();
        int firstNul = indexOf(out, (byte) 0, 0);
        int secondNul = firstNul < 0 ? -1 : indexOf(out, (byte) 0, firstNul + 1);
        if (secondNul >= 0 && indexOf(out, (byte) 0, secondNul + 1) < 0) {
            star(out, secondNul + 1, out.length); // PLAIN: everything after the second NUL is the password
            return out;
        }
        String text = new String(out, StandardCharsets.ISO_8859_1);
        starAttribute(out, text, "p="); // SCRAM client-final-message proof
        starAttribute(out, text, "v="); // SCRAM server-final-message signature
        int bearer = text.indexOf("auth=Bearer ");
        if (bearer >= 0) {
            int start = bearer + "auth=Bearer ".length();
            int end = text.indexOf('\u0001', start);
            star(out, start, end < 0 ? out.length : end);
        }
        return out;
    }

    /** Stars the value of a SCRAM attribute that starts the token or follows a comma. */
    private static void starAttribute(byte[] out, String text, String name) {
        int at = text.startsWith(name) ? 0 : text.indexOf("," + name) + 1;
        if (at > 0 || text.startsWith(name)) {
            int start = at + name.length();
            int end = text.indexOf(',', start);
            star(out, start, end < 0 ? out.length : end);
        }
    }

    private static void star(byte[] b, int from, int to) {
        Arrays.fill(b, from, Math.max(from, to), (byte) '*');
    }

    private static int indexOf(byte[] b, byte v, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == v) {
                return i;
            }
        }
        return -1;
    }
}
