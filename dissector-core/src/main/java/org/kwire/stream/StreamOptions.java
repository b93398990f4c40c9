package org.kwire.stream;

import java.util.Set;

/**
 * Settings of the stream stage.
 *
 * @param brokerPorts  TCP ports on which Kafka brokers listen (default 9092); connections on other ports are decoded
 *                     only if their client's first bytes form a valid request header
 * @param maxFrameSize largest accepted Kafka frame size prefix, bytes (default 100 MiB, the broker's
 *                     {@code socket.request.max.bytes} is 100 MiB too)
 * @param maxPending   most requests per connection waiting for their response
 */
public record StreamOptions(Set<Integer> brokerPorts, int maxFrameSize, int maxPending) {

    /** Default broker port. */
    public static final int DEFAULT_PORT = 9092;
    /** Default maximum frame size, bytes. */
    public static final int DEFAULT_MAX_FRAME = 100 << 20;
    /** Default pending requests per connection. */
    public static final int DEFAULT_MAX_PENDING = 10_000;

    /** Defaults: port 9092, 100 MiB frames, 10 000 pending requests. */
    public static StreamOptions defaults() {
        return new StreamOptions(Set.of(DEFAULT_PORT), DEFAULT_MAX_FRAME, DEFAULT_MAX_PENDING);
    }
}
