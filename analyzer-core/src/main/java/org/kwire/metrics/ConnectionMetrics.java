package org.kwire.metrics;

import org.kwire.conversation.KafkaConversation;
import org.kwire.stream.Carried;
import org.kwire.stream.ConnectionObserver;
import org.kwire.stream.GapCause;

/**
 * Counts connections by protocol ({@code kafka}, {@code tls}, and {@code other} for the {@code unknown} and
 * {@code empty} ones of the report), those open now, and the gaps of Kafka connections (by cause), as the stream
 * stage tells its {@link ConnectionObserver}s.
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
    public void other(int stream, String client, String broker, Carried carried) {
        opened(label(carried));
    }

    private void opened(String protocol) {
        m.connections.labelValues(protocol).inc();
        m.openConnections.labelValues(protocol).inc();
    }

    @Override
    public void closed(int stream, Carried carried) {
        m.openConnections.labelValues(label(carried)).dec();
    }

    @Override
    public void gap(int stream, long bytes, GapCause cause) {
        m.gaps.labelValues(cause.label()).inc();
        m.gapBytes.labelValues(cause.label()).inc(bytes);
    }

    /** The metrics' protocol label of what a connection carried: kafka, tls, or other. */
    static String label(Carried carried) {
        return carried == Carried.KAFKA || carried == Carried.TLS ? carried.label() : "other";
    }
}
