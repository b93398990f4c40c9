package org.kwire.tcp;

/**
 * Memory bounds of TCP reassembly. Memory stays flat whatever the capture's size or duration: per direction at most
 * {@code maxHeldBytes} are held out of order, a connection that saw no packet for {@code idleTimeoutNanos} of capture
 * time is ended (its handler's {@code onEnd} called), and at most {@code maxClosed} ended 4-tuples are remembered (so
 * that the last ACKs of a closed connection do not open a new one).
 *
 * @param maxHeldBytes     bytes held out of order per direction before the missing bytes are declared lost
 * @param idleTimeoutNanos capture time without a packet after which a connection is ended, ns
 * @param maxClosed        closed 4-tuples remembered
 */
public record ReassemblyLimits(long maxHeldBytes, long idleTimeoutNanos, int maxClosed) {

    /** Default bytes held out of order per direction: 4 MiB. */
    public static final long DEFAULT_MAX_HELD = 4L << 20;
    /**
     * Default idle time: 15 minutes, longer than a Kafka connection may legitimately stay silent (brokers close
     * connections idle for {@code connections.max.idle.ms}, 10 minutes by default; clients after 9).
     */
    public static final long DEFAULT_IDLE_NANOS = 900_000_000_000L;
    /** Default closed 4-tuples remembered. */
    public static final int DEFAULT_MAX_CLOSED = 65_536;

    /** 4 MiB held per direction, 15 minutes idle, 65 536 closed 4-tuples. */
    public static ReassemblyLimits defaults() {
        return new ReassemblyLimits(DEFAULT_MAX_HELD, DEFAULT_IDLE_NANOS, DEFAULT_MAX_CLOSED);
    }
}
