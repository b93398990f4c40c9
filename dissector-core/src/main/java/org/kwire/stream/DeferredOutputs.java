package org.kwire.stream;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.conversation.RequestRecord;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestFrame;
import org.kwire.summary.FrameFindings;
import org.kwire.tls.TlsFacts;

import java.util.function.Consumer;

/**
 * The outputs of a stream stage that runs one shard of the connections ({@link StreamStage#deferred}): every call to
 * the conversation listener and the connection observers becomes a task, handed to {@code defer}, that makes the same
 * call on the whole analysis's listener and observers when run. Whoever runs the tasks (one thread, in capture order)
 * decides when the calls happen. Like {@link ConnectionObservers} it overrides every method of
 * {@link ConnectionObserver} and of {@link ConversationListener} (a test checks that), so no event is dropped. The
 * arguments are handed on as they are: each is immutable or, like a {@link KafkaConversation}, read by the sinks only
 * in what never changes (its id and endpoints).
 */
final class DeferredOutputs implements ConversationListener, ConnectionObserver {

    private final ConversationListener listener;
    private final ConnectionObserver observers;
    private final Consumer<Runnable> defer;

    DeferredOutputs(ConversationListener listener, ConnectionObserver observers, Consumer<Runnable> defer) {
        this.listener = listener;
        this.observers = observers;
        this.defer = defer;
    }

    @Override
    public void onRequest(KafkaConversation conversation, RequestFrame frame, RequestRecord record) {
        defer.accept(() -> listener.onRequest(conversation, frame, record));
    }

    @Override
    public void onResponse(Exchange exchange, KafkaFrame frame, FrameFindings decoded) {
        defer.accept(() -> listener.onResponse(exchange, frame, decoded));
    }

    @Override
    public void onUnmatchedRequest(Exchange exchange) {
        defer.accept(() -> listener.onUnmatchedRequest(exchange));
    }

    @Override
    public void onNote(KafkaConversation conversation, ExpertNote note) {
        defer.accept(() -> listener.onNote(conversation, note));
    }

    @Override
    public void onTlsNote(int stream, ExpertNote note) {
        defer.accept(() -> listener.onTlsNote(stream, note));
    }

    @Override
    public void kafka(KafkaConversation conversation) {
        defer.accept(() -> observers.kafka(conversation));
    }

    @Override
    public void other(int stream, String client, String broker, Carried carried) {
        defer.accept(() -> observers.other(stream, client, broker, carried));
    }

    @Override
    public void closed(int stream, Carried carried) {
        defer.accept(() -> observers.closed(stream, carried));
    }

    @Override
    public void gap(int stream, long bytes, GapCause cause) {
        defer.accept(() -> observers.gap(stream, bytes, cause));
    }

    @Override
    public void tls(int stream, String client, String broker, TlsFacts facts) {
        defer.accept(() -> observers.tls(stream, client, broker, facts));
    }

    @Override
    public void ended(ConnectionTraffic traffic) {
        defer.accept(() -> observers.ended(traffic));
    }

    @Override
    public void afterClose(StreamConnection connection, boolean fromA, long bytes, boolean first) {
        defer.accept(() -> observers.afterClose(connection, fromA, bytes, first));
    }
}
