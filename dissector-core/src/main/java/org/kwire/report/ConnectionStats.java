package org.kwire.report;

import java.util.List;

/**
 * One TCP connection carrying Kafka or on a broker port.
 *
 * @param stream          stream number (0-based, order of first packet), as Wireshark's tcp.stream
 * @param client          client endpoint {@code host:port}
 * @param broker          broker endpoint {@code host:port}
 * @param protocol        {@code "kafka"} (plaintext, or TLS decrypted with a key log); for connections on a broker port
 *                        that are not decoded: {@code "tls"} if they start with a TLS record and nothing of them was
 *                        decrypted (the report's {@code tls} section says why), {@code "empty"} if they carried no
 *                        payload (a refused connection), else {@code "unknown"}
 * @param clientIds       distinct client_id values of its requests, in order of first use
 * @param requests        request frames
 * @param responses       response frames
 * @param bytesFromClient Kafka frame bytes sent by the client
 * @param bytesFromBroker Kafka frame bytes sent by the broker
 */
public record ConnectionStats(int stream, String client, String broker, String protocol, List<String> clientIds,
                              long requests, long responses, long bytesFromClient, long bytesFromBroker) {
}
