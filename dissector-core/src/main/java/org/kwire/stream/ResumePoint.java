package org.kwire.stream;

/**
 * Where a new stream stage, started in sync in both directions, would go on as a connection's stage does: handed each
 * direction's bytes from these stream offsets on (bytes and gaps since the connection's first byte in this stage), it
 * reaches the same framing and the same pending requests. Client to broker: the frame of the oldest request waiting
 * for its response (else the frame in progress); broker to client: the frame in progress. A partial's boundary keeps
 * a connection's bytes from there ({@code org.kwire.partial}).
 *
 * @param fromA         offset in the stream endpoint A sends
 * @param fromB         offset in the stream endpoint B sends
 * @param answering true if the broker's frame in progress carries the correlation_id of a pending request (Kafka
 *                  answers in order: every request before that one is answered)
 */
public record ResumePoint(long fromA, long fromB, boolean answering) {
}
