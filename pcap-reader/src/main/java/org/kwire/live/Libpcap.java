package org.kwire.live;

import org.pcap4j.core.PcapNativeException;

import java.util.Locale;

/** Turns libpcap's failures (as pcap4j reports them) into {@link LiveCaptureException}s that say what to do. */
final class Libpcap {

    /** What to install when libpcap is missing. */
    static final String INSTALL_HINT = "install libpcap (Debian/Ubuntu: apt-get install libpcap0.8; "
            + "Fedora/RHEL: dnf install libpcap; macOS has it)";
    /** How to get capture permission. */
    static final String PERMISSION_HINT = "run kwire as root, or give java the capture capabilities: "
            + "setcap cap_net_raw,cap_net_admin=eip \"$(readlink -f \"$(command -v java)\")\"";

    private Libpcap() {
    }

    /** libpcap could not be loaded: pcap4j's native bindings failed to link. */
    static LiveCaptureException missing(LinkageError e) {
        return new LiveCaptureException(LiveCaptureException.Reason.NO_LIBPCAP,
                "libpcap could not be loaded (" + firstLine(e) + "): " + INSTALL_HINT);
    }

    /**
     * A failure to open or configure a capture on {@code device}, classified by libpcap's message (pcap_activate's
     * PCAP_ERROR_PERM_DENIED and PCAP_ERROR_NO_SUCH_DEVICE texts, or the socket's EPERM).
     */
    static LiveCaptureException failure(String device, PcapNativeException e) {
        String m = firstLine(e);
        String lower = m.toLowerCase(Locale.ROOT);
        if (lower.contains("permission") || lower.contains("operation not permitted")) {
            return new LiveCaptureException(LiveCaptureException.Reason.PERMISSION,
                    "no permission to capture on " + device + " (" + m + "): " + PERMISSION_HINT);
        }
        if (lower.contains("no such device")) {
            return new LiveCaptureException(LiveCaptureException.Reason.NO_SUCH_INTERFACE,
                    "no interface named " + device + " (kwire interfaces lists them)");
        }
        return new LiveCaptureException(LiveCaptureException.Reason.OTHER, "cannot capture on " + device + ": " + m);
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.lines().findFirst().orElse(m).trim().replaceAll(":$", "");
    }
}
