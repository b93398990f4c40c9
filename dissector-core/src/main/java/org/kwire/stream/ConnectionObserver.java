package org.kwire.stream;

import org.kwire.conversation.KafkaConversation;
import org.kwire.tls.TlsFacts;

/**
 * Told what each TCP connection turned out to carry, by the stream stage. Observers are registered on the stage
 * ({@link StreamStage#observe}) and each gets every event from the stage's one fan-out ({@link ConnectionObservers},
 * which overrides every method: a test checks it), so no observer wraps another and an event added here reaches all
 * of them. An observer implements the events it needs; the others do nothing.
 */
public interface ConnectionObserver {

    /** The connection carries Kafka; its frames go to the stage's conversation listener. */
    default void kafka(KafkaConversation conversation) {
    }

    /**
     * The connection on a broker port carries something else and is not decoded.
     *
     * @param stream   TCP stream number
     * @param client   client endpoint {@code host:port}
     * @param broker   broker-port endpoint {@code host:port}
     * @param carried  {@link Carried#TLS} (it starts with a TLS record and nothing of it was decrypted),
     *                 {@link Carried#UNKNOWN}, or {@link Carried#EMPTY} (no payload)
     */
    default void other(int stream, String client, String broker, Carried carried) {
    }

    /**
     * A connection told of through {@link #kafka} or {@link #other} ended (closed, idle, shed, or the capture ended).
     *
     * @param carried {@link Carried#KAFKA}, or what {@link #other} was given
     */
    default void closed(int stream, Carried carried) {
    }

    /**
     * A Kafka connection's stream lost bytes the capture did not see.
     *
     * @param bytes how many
     * @param cause why
     */
    default void gap(int stream, long bytes, GapCause cause) {
    }

    /**
     * What a TLS connection's handshake and records showed so far; called again whenever it changes (the last call
     * holds the final facts). Never carries a secret.
     *
     * @param stream TCP stream number
     * @param client the TLS client's endpoint {@code host:port}
     * @param broker the TLS server's endpoint
     * @param facts  version, suite, certificates, alerts, decryption state
     */
    default void tls(int stream, String client, String broker, TlsFacts facts) {
    }

    /** Any TCP connection, Kafka or not, ended (or was shed): the last event about it. */
    default void ended(ConnectionTraffic traffic) {
    }

    /**
     * Payload came on the 4-tuple of a connection after it {@link #ended} that had no place in its streams (beyond
     * its FIN or RST, before its first byte): it was not analyzed (TCP reassembly counts it and warns, expert item
     * {@code tcp.data_after_close}).
     *
     * @param connection the connection that had ended
     * @param fromA      true for bytes its endpoint A sent
     * @param bytes      payload bytes of one segment
     * @param first      true for the first such segment of this connection
     */
    default void afterClose(StreamConnection connection, boolean fromA, long bytes, boolean first) {
    }
}
