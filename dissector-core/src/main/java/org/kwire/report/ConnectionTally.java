package org.kwire.report;

import java.util.LinkedHashSet;
import java.util.Set;

/** Running counts of one TCP connection for the report's {@code connections} ({@link ConnectionPart}). Not thread-safe. */
final class ConnectionTally {
    final int stream;
    final String client;
    final String broker;
    final String protocol;
    final Set<String> clientIds = new LinkedHashSet<>();
    long requests;
    long responses;
    long bytesFromClient;
    long bytesFromBroker;

    ConnectionTally(int stream, String client, String broker, String protocol) {
        this.stream = stream;
        this.client = client;
        this.broker = broker;
        this.protocol = protocol;
    }
}
