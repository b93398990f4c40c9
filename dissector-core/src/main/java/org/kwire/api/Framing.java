package org.kwire.api;

/**
 * Whether a frame handed to {@link KafkaDecoder} starts with Kafka's 4-byte size prefix. Always the caller's explicit
 * choice: kwire never guesses it from the bytes (a header's first bytes can read as a plausible size).
 * <p>
 * Rule: every Kafka request and response on the wire is "a 4 byte size containing the length N followed by N bytes"
 * (Kafka protocol guide, "Common Request and Response Structure"). Thread-safe (an enum).
 */
public enum Framing {
    /**
     * The bytes start with the int32 big-endian size prefix, as they are on the wire and as kafka-clients'
     * {@code NetworkReceive} reads them; Netty's {@code LengthFieldBasedFrameDecoder(max, 0, 4)} with
     * {@code initialBytesToStrip = 0}. Offsets count from the size prefix (the header starts at 4).
     */
    SIZE_PREFIXED,
    /**
     * The bytes start with the request or response header, the size prefix already stripped (Netty's
     * {@code initialBytesToStrip = 4}, kafka-clients' {@code RequestContext} buffers). Offsets count from the first
     * header byte; the frame's size is taken to be the number of bytes given.
     */
    WITHOUT_SIZE_PREFIX;

    /** Bytes of the size prefix present in the given bytes: 4 or 0. */
    int prefixBytes() {
        return this == SIZE_PREFIXED ? 4 : 0;
    }
}
