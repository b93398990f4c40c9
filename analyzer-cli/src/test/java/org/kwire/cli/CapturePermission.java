package org.kwire.cli;

import org.junit.jupiter.api.Assumptions;
import org.kwire.live.LiveCapture;
import org.kwire.live.LiveCaptureException;

/** Skips a test, saying why, when this process may not capture on the loopback interface (not root, no CAP_NET_RAW). */
final class CapturePermission {

    private CapturePermission() {
    }

    /** Opens and closes a capture on {@code lo}; aborts the test only for a missing permission, never for a missing libpcap. */
    static void assumeLoopbackCapture() throws LiveCaptureException {
        try {
            LiveCapture.open("lo", "tcp port 1", 64).close();
        } catch (LiveCaptureException e) {
            if (e.reason() != LiveCaptureException.Reason.PERMISSION) {
                throw e;
            }
            Assumptions.abort("skipped: this process may not capture packets (" + e.getMessage() + ")");
        }
    }
}
