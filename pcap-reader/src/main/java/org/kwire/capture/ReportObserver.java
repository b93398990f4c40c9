package org.kwire.capture;

import org.kwire.report.ReportBuilder;
import org.kwire.stream.Carried;
import org.kwire.stream.ConnectionObserver;
import org.kwire.tls.TlsFacts;

/**
 * The connection facts a report takes from the stream stage: connections on a broker port that carry something else
 * (HTTP, TLS not decrypted, nothing: the report's {@code connections[].protocol}), and each TLS connection's
 * handshake facts (the report's {@code tls} section). One observer per report; called on the stream stage's thread.
 */
public final class ReportObserver {

    private ReportObserver() {
    }

    /** An observer telling {@code report} of other connections and TLS handshakes. */
    public static ConnectionObserver of(ReportBuilder report) {
        return new ConnectionObserver() {
            @Override
            public void other(int stream, String client, String broker, Carried carried) {
                report.addOtherConnection(stream, client, broker, carried.label());
            }

            @Override
            public void tls(int stream, String client, String broker, TlsFacts facts) {
                report.tls().add(stream, client, broker, facts);
            }
        };
    }
}
