package org.kwire.partial;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.conversation.RequestRecord;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestFrame;
import org.kwire.stream.Carried;
import org.kwire.stream.ConnectionObserver;
import org.kwire.stream.ConnectionTraffic;
import org.kwire.stream.GapCause;
import org.kwire.summary.FrameFindings;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.tls.TlsFacts;

import java.util.List;
import java.util.Set;

/**
 * The gates a {@link BoundaryRecorder} puts between a slice's stream stage and its report: the conversation events
 * and connection events of a connection whose edges the merge replays are left out while they are
 * ({@link BoundaryRecorder#leftOut}); the rest pass unchanged, in order. Conversation events are left out behind the
 * exchange tracker ({@link #listener} names them, {@link #sink} drops what the tracker made of them), connection
 * events in front of the report ({@link #observer}).
 */
final class BoundaryGate {

    private BoundaryGate() {
    }

    /**
     * The stage's conversation listener: every event goes on to {@code inner} (the exchange tracker, which must still
     * summarize a request of a head whose response comes after the head, so that the slice matches it), and those
     * left out now are named to {@code hidden}, for {@link #sink} to leave out of the report.
     */
    static ConversationListener listener(BoundaryRecorder r, Set<Object> hidden, ConversationListener inner) {
        return new ConversationListener() {
            @Override
            public void onRequest(KafkaConversation c, RequestFrame frame, RequestRecord record) {
                if (r.leftOut(c.id())) {
                    hidden.add(frame.frame());
                }
                inner.onRequest(c, frame, record);
            }

            @Override
            public void onResponse(Exchange exchange, KafkaFrame frame, FrameFindings decoded) {
                ConnectionWatch w = r.watch(exchange.conversation().id());
                if (w != null && exchange.request() != null) {
                    w.matched = true;
                }
                if (r.leftOut(exchange.conversation().id())) {
                    hidden.add(exchange);
                }
                inner.onResponse(exchange, frame, decoded);
            }

            @Override
            public void onUnmatchedRequest(Exchange exchange) {
                if (r.leftOut(exchange.conversation().id())) {
                    hidden.add(exchange);
                }
                inner.onUnmatchedRequest(exchange);
            }

            @Override
            public void onNote(KafkaConversation c, ExpertNote note) {
                if (c != null && r.leftOut(c.id())) {
                    hidden.add(note);
                }
                inner.onNote(c, note);
            }

            @Override
            public void onTlsNote(int stream, ExpertNote note) {
                if (!r.leftOut(stream)) { // a TLS edge's notes come from the merge's replay
                    inner.onTlsNote(stream, note);
                }
            }
        };
    }

    /**
     * The sinks of the tracker (the report, the events): {@code inner}, without what the tracker made of the events
     * {@link #listener} named in {@code hidden} (each is forgotten once delivered; the tracker delivers in capture
     * order, and a response's exchange right after its frame), but that an exchange was left out
     * ({@link ExchangeSink#onLeftOut}).
     */
    static ExchangeSink sink(Set<Object> hidden, List<ExchangeSink> inner) {
        return new ExchangeSink() {
            private Exchange lastResponse;
            private boolean lastHidden;

            @Override
            public void onConversation(KafkaConversation c) {
                inner.forEach(s -> s.onConversation(c));
            }

            @Override
            public void onRequestFrame(KafkaConversation c, KafkaFrame frame, KafkaRequestHeader header,
                                       FrameSummary summary) {
                if (!hidden.remove(frame)) {
                    inner.forEach(s -> s.onRequestFrame(c, frame, header, summary));
                }
            }

            @Override
            public void onResponseFrame(ExchangeSummary exchange, KafkaFrame frame) {
                lastResponse = exchange.exchange();
                lastHidden = hidden.remove(lastResponse);
                if (!lastHidden) {
                    inner.forEach(s -> s.onResponseFrame(exchange, frame));
                }
            }

            @Override
            public void onExchange(ExchangeSummary exchange) {
                boolean left = exchange.exchange() == lastResponse ? lastHidden : hidden.remove(exchange.exchange());
                lastResponse = null;
                if (!left) {
                    inner.forEach(s -> s.onExchange(exchange));
                } else {
                    inner.forEach(s -> s.onLeftOut(exchange));
                }
            }

            @Override
            public void onNote(KafkaConversation c, ExpertNote note) {
                if (!hidden.remove(note)) {
                    inner.forEach(s -> s.onNote(c, note));
                }
            }
        };
    }

    /**
     * An observer of the stage that tells {@code inner}: every Kafka connection (the merge's entry for it joins this
     * one), marking it Kafka for the recorder; a connection found not to be Kafka is let go. A TLS connection is not
     * ({@link TlsEdges}): its facts are held until it ends, and handed on then unless its edges are replayed.
     */
    static ConnectionObserver observer(BoundaryRecorder r, ConnectionObserver inner) {
        return new ConnectionObserver() {
            @Override
            public void kafka(KafkaConversation conversation) {
                ConnectionWatch w = r.watch(conversation.id());
                if (w != null) {
                    w.kafka = true;
                    w.clientIsA = conversation.client().equals(w.tcp.a().toString());
                }
                if (w != null && w.mode == ConnectionWatch.Mode.HEAD && !r.tls.secretsFromCapture()) {
                    // made once it leaves the head, unless TLS taken for Kafka (TlsEdges#holdKafka)
                    r.tls.holdKafka(conversation.id(), () -> inner.kafka(conversation));
                    return;
                }
                inner.kafka(conversation);
            }

            @Override
            public void other(int stream, String client, String broker, Carried carried) {
                if ((carried == Carried.TLS || r.tls.isTls(stream)) && !r.tls.secretsFromCapture()) { // TLS: kept whole
                    r.tls.mark(stream);
                    if (!r.leftOut(stream)) {
                        inner.other(stream, client, broker, carried);
                    }
                    return;
                }
                ConnectionWatch w = r.watch(stream);
                if (w != null && w.mode == ConnectionWatch.Mode.HEAD && carried == Carried.EMPTY) {
                    return; // no payload at all in this slice: perhaps the close of a connection of the previous file
                }
                if (r.letGo(stream)) {
                    inner.other(stream, client, broker, carried);
                }
            }

            @Override
            public void tls(int stream, String client, String broker, TlsFacts facts) {
                ConnectionWatch w = r.watch(stream);
                if (r.tls.secretsFromCapture() && r.letGo(stream) || w == null || w.mode == ConnectionWatch.Mode.LOOSE) {
                    inner.tls(stream, client, broker, facts);
                } else {
                    r.tls.hold(stream, client, broker, facts); // handed on at its end, unless its edges are replayed
                }
            }

            @Override
            public void closed(int stream, Carried carried) {
                if (!r.leftOut(stream)) {
                    inner.closed(stream, carried);
                }
            }

            @Override
            public void gap(int stream, long bytes, GapCause cause) {
                if (!r.leftOut(stream)) {
                    inner.gap(stream, bytes, cause);
                }
            }

            @Override
            public void ended(ConnectionTraffic traffic) {
                if (!r.tls.isTls(traffic.connection().stream())) {
                    r.tls.letGo(traffic.connection().stream()); // a head's Kafka registration held, made now
                }
                TlsEdges.Held held = r.tls.take(traffic.connection().stream());
                if (held != null && !r.leftOut(traffic.connection().stream())) {
                    inner.tls(traffic.connection().stream(), held.client(), held.broker(), held.facts());
                }
                inner.ended(traffic);
            }
        };
    }
}
