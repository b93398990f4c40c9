package org.kwire.live;

import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;

/**
 * Opens libpcap handles for {@link LiveCapture} through pcap4j. Apart from {@link LiveCapture}, so that the public
 * class loads without pcap4j on the class path ({@link LiveLibraries}): only this class catches pcap4j's exceptions
 * while opening.
 */
final class LibpcapHandles {

    private LibpcapHandles() {
    }

    /**
     * A handle on {@code device}: the settings' snaplen, buffer, timeout and immediate mode, nanosecond timestamps,
     * not promiscuous, non-blocking, the BPF filter (if any) compiled and set.
     *
     * @throws LiveCaptureException if libpcap is missing, capture is not permitted, the interface does not exist or
     *                              the filter does not compile
     */
    static PcapHandle open(String device, String filter, CaptureSettings settings) throws LiveCaptureException {
        PcapHandle h;
        try {
            h = new PcapHandle.Builder(device).snaplen(settings.snaplen())
                    .promiscuousMode(PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS)
                    .timeoutMillis(settings.timeoutMillis()).bufferSize(settings.bufferBytes())
                    .immediateMode(settings.immediate()).timestampPrecision(PcapHandle.TimestampPrecision.NANO).build();
        } catch (LinkageError e) {
            throw Libpcap.missing(e);
        } catch (PcapNativeException e) {
            throw Libpcap.failure(device, e);
        }
        try {
            // libpcap's read timeout does not fire while no packet arrives (Linux), so poll without blocking
            h.setBlockingMode(PcapHandle.BlockingMode.NONBLOCKING);
        } catch (PcapNativeException | NotOpenException e) {
            h.close();
            throw new LiveCaptureException(LiveCaptureException.Reason.OTHER, "cannot capture on " + device + ": " + e.getMessage());
        }
        try {
            if (filter != null) {
                h.setFilter(filter, BpfProgram.BpfCompileMode.OPTIMIZE);
            }
        } catch (PcapNativeException e) {
            h.close();
            throw new LiveCaptureException(LiveCaptureException.Reason.BAD_FILTER,
                    "capture filter '" + filter + "' does not compile: " + e.getMessage());
        } catch (NotOpenException e) {
            throw new IllegalStateException("handle closed while opening", e);
        }
        return h;
    }
}
