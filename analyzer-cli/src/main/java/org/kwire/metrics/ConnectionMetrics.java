package org.kwire.metrics;

import org.kwire.analysis.ConnectionObserver;
import org.kwire.conversation.KafkaConversation;

/**
 * Counts connections by protocol ({@code kafka}, {@code tls}, and {@code other} for the {@code unknown} and
 * {@code empty} ones of the report), those open now, and the gaps of Kafka connections, as the TCP stage tells
 * its {@link ConnectionObserver}.
 */
public final class ConnectionMetrics implements ConnectionObserver {

    private final KwireMetrics m;

    /** @param metrics the instruments */
    public ConnectionMetrics(KwireMetrics metrics) {
        this.m = metrics;
    }

    @Override
    public void kafka(KafkaConversation conversation) {
        opened("kafka");
    }

    @Override
    public void other(int stream, String client, String broker, String protocol) {
        opened(label(protocol));
    }

    private void opened(String protocol) {
        m.connections.labelValues(protocol).inc();
        m.openConnections.labelValues(protocol).inc();
    }

    @Override
    public void closed(int stream, String protocol) {
        m.openConnections.labelValues(label(protocol)).dec();
    }

    @Override
    public void gap(int stream, long bytes, String reason) {
        m.gaps.labelValues(reason).inc();
        m.gapBytes.labelValues(reason).inc(bytes);
    }

    /** The metrics' protocol label of a connection's protocol: kafka, tls, or other. */
    static String label(String protocol) {
        return protocol.equals("kafka") || protocol.equals("tls") ? protocol : "other";
    }
}
