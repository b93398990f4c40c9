package org.kwire.examples;

import org.kwire.api.KafkaExchange;
import org.kwire.api.capture.KafkaCapture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * (c) A capture file (pcap or pcapng, as {@code tcpdump -w} writes it) to Kafka exchanges with their latencies: the
 * slowest exchange of each API, as {@code kwire analyze}'s "max" column (which leaves out Fetch long-polls answered
 * empty at their wait time; this keeps every exchange). Stateless, thread-safe.
 */
public final class CaptureLatencies {

    private CaptureLatencies() {
    }

    /**
     * The highest latency of each API in the capture, in microseconds (request's last packet to response's last
     * packet), by API name; exchanges without both sides are left out.
     *
     * @param pcap the capture file (brokers on port 9092, or found on other ports by their clients' first request)
     * @throws IOException if the file cannot be read as a capture
     */
    public static Map<String, Long> slowestByApi(Path pcap) throws IOException {
        // user code (4 lines, 2 kwire types: KafkaCapture, KafkaExchange)
        Map<String, Long> slowest = new TreeMap<>();
        KafkaCapture.create().exchanges(pcap, (KafkaExchange e) -> e.latencyMicros().ifPresent(
                micros -> slowest.merge(e.apiName().orElse("unknown"), micros, Math::max)));
        return slowest;
        // end of user code
    }
}
