package org.kwire.stream;

/** What a connection turned out to carry, as the stream stage decides it (and reports write it). */
public enum Carried {
    /** Kafka, decoded (in clear, or decrypted from TLS). */
    KAFKA("kafka"),
    /** TLS of which nothing was decrypted (no key log, or its plaintext was not Kafka). */
    TLS("tls"),
    /** Something else. */
    UNKNOWN("unknown"),
    /** No payload at all (e.g. a refused connection). */
    EMPTY("empty");

    private final String label;

    Carried(String label) {
        this.label = label;
    }

    /** How reports and metrics write it: {@code kafka}, {@code tls}, {@code unknown}, {@code empty}. */
    public String label() {
        return label;
    }
}
