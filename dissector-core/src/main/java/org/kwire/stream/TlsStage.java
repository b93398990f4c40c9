package org.kwire.stream;

import org.kwire.expert.ExpertNote;
import org.kwire.tls.TlsConnection;
import org.kwire.tls.TlsFacts;
import org.kwire.tls.TlsListener;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Plugs a TLS connection ({@link org.kwire.tls}) between the TCP stream of a connection that starts with a TLS record
 * and the Kafka framing: the application data it decrypts goes to a plaintext {@link StreamDecoder}, made when the
 * first decrypted byte arrives, exactly as a plaintext connection's bytes would (dissect offsets are offsets into the
 * decrypted stream). Its facts go to the stage's {@link ConnectionObserver}s, its notes to the conversation listener.
 * A connection of which nothing was decrypted is reported as {@code tls}.
 */
final class TlsStage implements TlsListener {

    private final StreamStage stage;
    private final StreamConnection tcp;
    private final boolean watched;
    private final Boolean portClientIsA;
    /** Makes the plaintext stage once the client side is known (true: endpoint A is the client). */
    private final Function<Boolean, StreamDecoder> plaintextStage;
    private final TlsConnection tls;
    private StreamDecoder plaintext;
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
    TlsStage(StreamStage stage, StreamConnection tcp, Boolean portClientIsA, boolean watched,
             Function<Boolean, StreamDecoder> plaintextStage) {
        this.stage = stage;
        this.tcp = tcp;
        this.watched = watched;
        this.portClientIsA = portClientIsA;
        this.plaintextStage = plaintextStage;
        this.tls = new TlsConnection(stage.tls().keyLog(), stage.tls().sessions(), this, "stream " + tcp.stream(),
                portClientIsA);
    }

    void data(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        tls.data(fromA, data, timestampNanos, packet);
    }

    void gap(boolean fromA, long bytes, String reason, long packet) {
        tls.gap(fromA, bytes, reason, packet);
    }

    /** The connection ended; true if it was reported as {@code tls} (nothing of it was decrypted). */
    boolean end(long packet) {
        tls.end(packet);
        if (plaintext != null) {
            plaintext.end(packet);
        } else {
            reportAsTls();
        }
        if (plaintext != null && plaintext.isKafka()) {
            heldNotes.forEach(n -> stage.listener().onTlsNote(tcp.stream(), n));
            if (held != null) {
                report(held);
            }
        }
        return reportedAsTls;
    }

    /** True if the decrypted bytes were framed as Kafka. */
    boolean plaintextKafka() {
        return plaintext != null && plaintext.kafkaStarted();
    }

    /** The connection's analysis is dropped (a live capture that fell behind): its plaintext stage's too. */
    void shed(long packet) {
        if (plaintext != null) {
            plaintext.shed(packet);
        }
    }

    @Override
    public void plaintext(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        if (plaintext == null) {
            plaintext = plaintextStage.apply(clientIsA());
        }
        plaintext.data(fromA, data, timestampNanos, packet);
    }

    @Override
    public void plaintextGap(boolean fromA, long bytes, String reason, long packet) {
        if (plaintext != null) {
            plaintext.gap(fromA, bytes, GapCause.TLS_RECORDS_LOST, reason, packet);
        }
    }

    @Override
    public void note(ExpertNote note) {
        if (watched || plaintext != null && plaintext.isKafka()) {
            stage.listener().onTlsNote(tcp.stream(), note);
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
        stage.observers().tls(tcp.stream(), a ? tcp.a() : tcp.b(), a ? tcp.b() : tcp.a(), facts);
    }

    private boolean clientIsA() {
        Boolean c = tls.clientIsA();
        return c != null ? c : portClientIsA == null || portClientIsA;
    }

    private void reportAsTls() {
        if (watched && !reportedAsTls) {
            reportedAsTls = true;
            boolean a = clientIsA();
            stage.observers().other(tcp.stream(), a ? tcp.a() : tcp.b(), a ? tcp.b() : tcp.a(), Carried.TLS);
        }
    }
}
