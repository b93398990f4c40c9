package org.kwire.tls;

import java.util.Locale;
import java.util.Map;

/** Names of TLS protocol versions and alert descriptions (RFC 8446 section 6, RFC 5246 section 7.2, IANA TLS Alerts). */
public final class TlsNames {

    private static final Map<Integer, String> ALERTS = Map.ofEntries(Map.entry(0, "close_notify"),
            Map.entry(10, "unexpected_message"), Map.entry(20, "bad_record_mac"), Map.entry(21, "decryption_failed"),
            Map.entry(22, "record_overflow"), Map.entry(30, "decompression_failure"), Map.entry(40, "handshake_failure"),
            Map.entry(41, "no_certificate"), Map.entry(42, "bad_certificate"), Map.entry(43, "unsupported_certificate"),
            Map.entry(44, "certificate_revoked"), Map.entry(45, "certificate_expired"), Map.entry(46, "certificate_unknown"),
            Map.entry(47, "illegal_parameter"), Map.entry(48, "unknown_ca"), Map.entry(49, "access_denied"),
            Map.entry(50, "decode_error"), Map.entry(51, "decrypt_error"), Map.entry(60, "export_restriction"),
            Map.entry(70, "protocol_version"), Map.entry(71, "insufficient_security"), Map.entry(80, "internal_error"),
            Map.entry(86, "inappropriate_fallback"), Map.entry(90, "user_canceled"), Map.entry(100, "no_renegotiation"),
            Map.entry(109, "missing_extension"), Map.entry(110, "unsupported_extension"),
            Map.entry(111, "certificate_unobtainable"), Map.entry(112, "unrecognized_name"),
            Map.entry(113, "bad_certificate_status_response"), Map.entry(114, "bad_certificate_hash_value"),
            Map.entry(115, "unknown_psk_identity"), Map.entry(116, "certificate_required"),
            Map.entry(120, "no_application_protocol"));

    private TlsNames() {
    }

    /** {@code TLSv1.0} .. {@code TLSv1.3}, {@code SSLv3}, else the number in hex. */
    public static String version(int v) {
        return switch (v) {
            case 0x0300 -> "SSLv3";
            case 0x0301 -> "TLSv1.0";
            case 0x0302 -> "TLSv1.1";
            case 0x0303 -> "TLSv1.2";
            case 0x0304 -> "TLSv1.3";
            default -> String.format(Locale.ROOT, "0x%04X", v);
        };
    }

    /** An alert description's name, e.g. {@code handshake_failure}, else {@code alert_N}. */
    public static String alert(int description) {
        return ALERTS.getOrDefault(description, "alert_" + description);
    }

    /** {@code warning} (1), {@code fatal} (2), else the number. */
    public static String alertLevel(int level) {
        return level == 1 ? "warning" : level == 2 ? "fatal" : String.valueOf(level);
    }
}
