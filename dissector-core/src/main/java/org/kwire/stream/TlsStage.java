package org.kwire.analysis;

import org.kwire.conversation.ConversationListener;
import org.kwire.expert.ExpertNote;
import org.kwire.tcp.TcpConnection;
import org.kwire.tls.TlsConnection;
import org.kwire.tls.TlsFacts;
import org.kwire.tls.TlsListener;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Plugs a TLS connection ({@link org.kwire.tls}) between the TCP stream of a connection that starts with a TLS record
 * and the Kafka stage: the application data it decrypts goes to a plaintext {@link KafkaStreamHandler}, made when the
 * first decrypted byte arrives, exactly as a plaintext connection's bytes would (dissect offsets are offsets into the
 * decrypted stream). Its facts go to the {@link ConnectionObserver}, its notes to the conversation listener. A
 * connection of which nothing was decrypted is reported as {@code tls}.
 */
final class TlsStage implements TlsListener {

    private final TcpConnection tcp;
    private final ConnectionObserver observer;
    private final ConversationListener listener;
    private final boolean watched;
    private final Boolean portClientIsA;
    /** Makes the plaintext stage once the client side is known (true: endpoint A is the client). */
    private final Function<Boolean, KafkaStreamHandler> plaintextStage;
    private final TlsConnection tls;
    private KafkaStreamHandler plaintext;
    private boolean reportedAsTls;
    /** The latest facts of a connection on no broker port, reported only if its plaintext turns out to be Kafka. */
    private TlsFacts held;
    /** The first notes of such a connection, likewise. */
    private final List<ExpertNote> heldNotes = new ArrayList<>();
    /** Notes held at most for a connection on no broker port. */
    private static final int MAX_HELD_NOTES = 32;

    /**
     * @param portClientIsA  which side is the client by the broker ports, null if they do not tell
     * @param plaintextStage makes the Kafka stage of the decrypted bytes for a given client side
     */
    TlsStage(TcpConnection tcp, TlsKeys keys, Boolean portClientIsA, boolean watched, ConnectionObserver observer,
             ConversationListener listener, Function<Boolean, KafkaStreamHandler> plaintextStage) {
        this.tcp = tcp;
        this.observer = observer;
        this.listener = listener;
        this.watched = watched;
        this.portClientIsA = portClientIsA;
        this.plaintextStage = plaintextStage;
        this.tls = new TlsConnection(keys.keyLog(), keys.sessions(), this, "stream " + tcp.stream(), portClientIsA);
    }

    void data(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        tls.data(fromA, data, timestampNanos, packet);
    }

    void gap(boolean fromA, long bytes, String reason, long packet) {
        tls.gap(fromA, bytes, reason, packet);
    }

    void end(long packet) {
        tls.end(packet);
        if (plaintext != null) {
            plaintext.onEnd(packet);
        } else {
            reportAsTls();
        }
        if (plaintext != null && plaintext.isKafka()) {
            heldNotes.forEach(n -> listener.onNote(null, n));
            if (held != null) {
                report(held);
            }
        }
    }

    /** The connection's analysis is dropped (a live capture that fell behind): its plaintext stage's too. */
    void shed(long packet) {
        if (plaintext != null) {
            plaintext.onShed(packet);
        }
    }

    @Override
    public void plaintext(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        if (plaintext == null) {
            plaintext = plaintextStage.apply(clientIsA());
        }
        plaintext.onData(fromA, data, timestampNanos, packet);
    }

    @Override
    public void plaintextGap(boolean fromA, long bytes, String reason, long packet) {
        if (plaintext != null) {
            plaintext.onGap(fromA, bytes, reason, packet);
        }
    }

    @Override
    public void note(ExpertNote note) {
        if (watched || plaintext != null && plaintext.isKafka()) {
            listener.onNote(null, note);
        } else if (heldNotes.size() < MAX_HELD_NOTES) {
            heldNotes.add(note);
        }
    }

    @Override
    public void facts(TlsFacts facts) {
        if (watched) {
            report(facts);
        } else {
            held = facts;
        }
    }

    private void report(TlsFacts facts) {
        boolean a = clientIsA();
        observer.tls(tcp.stream(), (a ? tcp.a() : tcp.b()).toString(), (a ? tcp.b() : tcp.a()).toString(), facts);
    }

    private boolean clientIsA() {
        Boolean c = tls.clientIsA();
        return c != null ? c : portClientIsA == null || portClientIsA;
    }

    private void reportAsTls() {
        if (watched && !reportedAsTls) {
            reportedAsTls = true;
            boolean a = clientIsA();
            observer.other(tcp.stream(), (a ? tcp.a() : tcp.b()).toString(), (a ? tcp.b() : tcp.a()).toString(), "tls");
        }
    }
}
