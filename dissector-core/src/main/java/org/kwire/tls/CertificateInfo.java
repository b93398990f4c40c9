package org.kwire.tls;

import java.io.ByteArrayInputStream;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.security.auth.x500.X500Principal;

/**
 * An X.509 certificate's identity and validity, parsed by the JDK's {@code CertificateFactory} (RFC 5280).
 *
 * @param subject      subject distinguished name (RFC 2253 form, e.g. {@code CN=localhost})
 * @param issuer       issuer distinguished name
 * @param notBefore    start of validity, ISO-8601 UTC
 * @param notAfter     end of validity, ISO-8601 UTC
 * @param serialNumber serial number, hex
 */
public record CertificateInfo(String subject, String issuer, String notBefore, String notAfter, String serialNumber) {

    /**
     * Parses a DER certificate.
     *
     * @return the certificate's facts, or null if the JDK cannot parse it
     */
    static CertificateInfo parse(byte[] der) {
        try {
            X509Certificate c = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
            return new CertificateInfo(c.getSubjectX500Principal().getName(X500Principal.RFC2253),
                    c.getIssuerX500Principal().getName(X500Principal.RFC2253), c.getNotBefore().toInstant().toString(),
                    c.getNotAfter().toInstant().toString(), c.getSerialNumber().toString(16));
        } catch (CertificateException | RuntimeException e) {
            return null;
        }
    }
}
