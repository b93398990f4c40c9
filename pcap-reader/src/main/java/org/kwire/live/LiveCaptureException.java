package org.kwire.live;

import java.io.IOException;

/**
 * Live capture could not start (or list interfaces). The message is one sentence saying what is wrong and what to do.
 */
public final class LiveCaptureException extends IOException {

    /** Why capture failed. */
    public enum Reason {
        /**
         * pcap4j or JNA (libpcap's Java bindings; optional dependencies of pcap-reader) is not on the class path: the
         * message names the artifacts to add.
         */
        NO_PCAP4J,
        /** libpcap is not installed or could not be loaded. */
        NO_LIBPCAP,
        /** The process may not capture (not root, no CAP_NET_RAW / CAP_NET_ADMIN). */
        PERMISSION,
        /** No interface of that name. */
        NO_SUCH_INTERFACE,
        /** The BPF filter does not compile. */
        BAD_FILTER,
        /** Anything else libpcap reported. */
        OTHER
    }

    private final Reason reason;

    /**
     * @param reason  why
     * @param message one sentence: what is wrong and what to do
     */
    public LiveCaptureException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** Why capture failed. */
    public Reason reason() {
        return reason;
    }
}
