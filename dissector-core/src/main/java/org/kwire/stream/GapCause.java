package org.kwire.stream;

/** Why bytes of a stream are missing: counted by cause (a bounded set, e.g. the {@code reason} label of metrics). */
public enum GapCause {
    /** The peer acknowledged bytes never captured, the hold limit or the end of the capture was reached. */
    MISSING_SEGMENTS("missing segments"),
    /** Packets were captured cut short (captured length below the length on the wire). */
    SNAPLEN("snaplen"),
    /** Bytes acknowledged at the end of a connection but never captured (the last perhaps a lost FIN). */
    END_OF_CONNECTION("end of connection"),
    /** Decrypted bytes lost: TLS records cut by a gap, or that did not authenticate after decryption had started. */
    TLS_RECORDS_LOST("TLS records lost");

    private final String label;

    GapCause(String label) {
        this.label = label;
    }

    /**
     * The cause written as {@code label} (a partial's boundary keeps a gap's cause as its label), if any is.
     *
     * @param label a label as {@link #label()} gives it
     */
    public static java.util.Optional<GapCause> ofLabel(String label) {
        for (GapCause c : values()) {
            if (c.label.equals(label)) {
                return java.util.Optional.of(c);
            }
        }
        return java.util.Optional.empty();
    }

    /** How it is written in labels and notes. */
    public String label() {
        return label;
    }
}
