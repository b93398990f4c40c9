package org.kwire.analysis;

import org.kwire.conversation.KafkaConversation;
import org.kwire.tls.TlsFacts;

/** Told what each TCP connection on a broker port (or recognised as Kafka) turned out to carry. */
public interface ConnectionObserver {

    /** Observes nothing. */
    ConnectionObserver NONE = new ConnectionObserver() {
    };

    /** The connection carries Kafka; its frames go to the analysis's conversation listener. */
    default void kafka(KafkaConversation conversation) {
    }

    /**
     * The connection on a broker port carries something else and is not decoded.
     *
     * @param stream   TCP stream number
     * @param client   client endpoint {@code host:port}
     * @param broker   broker-port endpoint {@code host:port}
     * @param protocol {@code "tls"} (it starts with a TLS record and nothing of it was decrypted), {@code "unknown"},
     *                 or {@code "empty"} (no payload)
     */
    default void other(int stream, String client, String broker, String protocol) {
    }

    /**
     * A connection told of through {@link #kafka} or {@link #other} ended (closed, idle, shed, or the capture ended).
     *
     * @param protocol {@code "kafka"}, or the protocol {@link #other} was given
     */
    default void closed(int stream, String protocol) {
    }

    /**
     * A Kafka connection's stream lost bytes the capture did not see.
     *
     * @param bytes  how many
     * @param reason {@code "missing segments"} or {@code "snaplen"}
     */
    default void gap(int stream, long bytes, String reason) {
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
}
