package org.kwire.stream;

/**
 * What one TCP connection carried in all, told to the observers when it ends ({@link ConnectionObserver#ended}):
 * for saying what a capture without Kafka held instead ({@link TrafficCensus}).
 *
 * @param connection   the connection
 * @param kafka        true if the stream stage decoded Kafka in it (in clear or decrypted)
 * @param payloadBytes TCP payload bytes captured, both directions
 * @param firstBytes   the first payload bytes captured, either direction, in capture order (at most
 *                     {@link #SNIFF_BYTES}); not copied, not to be changed
 */
public record ConnectionTraffic(StreamConnection connection, boolean kafka, long payloadBytes, byte[] firstBytes) {

    /** How many of the first payload bytes are kept. */
    public static final int SNIFF_BYTES = 8;
}
