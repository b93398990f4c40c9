package org.kwire.stream;

import org.kwire.conversation.KafkaConversation;
import org.kwire.tls.TlsFacts;

import java.util.ArrayList;
import java.util.List;

/**
 * The observers registered on a stream stage, told every event in registration order. The one place that forwards
 * events: it overrides every method of {@link ConnectionObserver} (a test checks that), so an event added to the
 * interface cannot be dropped on its way to an observer.
 */
final class ConnectionObservers implements ConnectionObserver {

    private final List<ConnectionObserver> observers = new ArrayList<>();

    void add(ConnectionObserver observer) {
        observers.add(observer);
    }

    @Override
    public void kafka(KafkaConversation conversation) {
        observers.forEach(o -> o.kafka(conversation));
    }

    @Override
    public void other(int stream, String client, String broker, Carried carried) {
        observers.forEach(o -> o.other(stream, client, broker, carried));
    }

    @Override
    public void closed(int stream, Carried carried) {
        observers.forEach(o -> o.closed(stream, carried));
    }

    @Override
    public void gap(int stream, long bytes, GapCause cause) {
        observers.forEach(o -> o.gap(stream, bytes, cause));
    }

    @Override
    public void tls(int stream, String client, String broker, TlsFacts facts) {
        observers.forEach(o -> o.tls(stream, client, broker, facts));
    }

    @Override
    public void ended(ConnectionTraffic traffic) {
        observers.forEach(o -> o.ended(traffic));
    }

    @Override
    public void afterClose(StreamConnection connection, boolean fromA, long bytes, boolean first) {
        observers.forEach(o -> o.afterClose(connection, fromA, bytes, first));
    }
}
