package org.kwire.metrics;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;

import java.util.function.Supplier;

/**
 * The capture's health as metrics, read from a {@link CaptureCounts} supplier at every scrape: packets and bytes
 * captured, packets dropped by the kernel, the interface and kwire, connections whose analysis was dropped, the
 * analysis queue, files written.
 */
public final class CaptureHealthMetrics {

    private CaptureHealthMetrics() {
    }

    /** Registers the capture health metrics, read from {@code counts} at every scrape (from the scraping thread). */
    public static void register(PrometheusRegistry registry, Supplier<CaptureCounts> counts) {
        CounterWithCallback.builder().name("kwire_capture_packets_total").help("Packets captured (read, for a file)")
                .callback(cb -> cb.call(counts.get().packets())).register(registry);
        CounterWithCallback.builder().name("kwire_capture_bytes_total").help("Bytes of the packets captured (the files' "
                        + "size, for files)")
                .unit(Unit.BYTES).callback(cb -> cb.call(counts.get().bytes())).register(registry);
        CounterWithCallback.builder().name("kwire_capture_dropped_packets_total").help("Packets lost to the analysis: "
                        + "by the kernel (capture buffer full, pcap_stats ps_drop), the interface (ps_ifdrop), or kwire "
                        + "(captured, but its connection's analysis dropped because it fell behind)")
                .labelNames("by").callback(cb -> {
                    CaptureCounts c = counts.get();
                    cb.call(c.kernelDropped(), "kernel");
                    cb.call(c.interfaceDropped(), "interface");
                    cb.call(c.kwireDropped(), "kwire");
                }).register(registry);
        CounterWithCallback.builder().name("kwire_shed_connections_total").help("Connections whose analysis was "
                + "dropped because it fell behind the capture").callback(cb -> cb.call(counts.get().shedConnections()))
                .register(registry);
        GaugeWithCallback.builder().name("kwire_analysis_queue_bytes").help("Captured bytes waiting for the analysis")
                .unit(Unit.BYTES).callback(cb -> cb.call(counts.get().queueBytes())).register(registry);
        GaugeWithCallback.builder().name("kwire_analysis_queue_packets").help("Captured packets waiting for the "
                + "analysis").callback(cb -> cb.call(counts.get().queuePackets())).register(registry);
        CounterWithCallback.builder().name("kwire_capture_files_total").help("Capture files written (-w; each file "
                + "of a ring buffer counts)").callback(cb -> cb.call(counts.get().files())).register(registry);
    }
}
