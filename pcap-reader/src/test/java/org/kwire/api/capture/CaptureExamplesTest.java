package org.kwire.api.capture;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.api.KafkaExchange;
import org.kwire.report.Report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * (e) of docs/LIBRARY.md: a capture as exchanges and as a report, in at most 10 lines of user code and 4 kwire types
 * (between the {@code // user code} markers). The counts are the README's of the sample, which {@code kwire analyze}
 * reports (73 requests, 73 responses, 4 of them with an error code).
 */
class CaptureExamplesTest {

    private final Path file = TestCaptures.path("java-basic.pcap");

    @Test
    void aCaptureFileAsExchanges() throws IOException {
        List<KafkaExchange> failed = new ArrayList<>();
        // user code (2 types: KafkaCapture, KafkaExchange)
        List<KafkaExchange> exchanges = KafkaCapture.create().exchanges(file);
        for (KafkaExchange e : exchanges) {
            if (!e.errorCodes().isEmpty()) {
                failed.add(e);
            }
        }
        // end of user code
        assertEquals(73, exchanges.stream().filter(KafkaExchange::requestSeen).count());
        assertEquals(73, exchanges.stream().filter(KafkaExchange::responseSeen).count());
        assertEquals(4, failed.size());
        assertEquals(exchanges.size(), exchanges.stream().filter(e -> e.latencyMicros().isPresent()).count());
    }

    @Test
    void aCaptureStreamAsAReport() throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            // user code (2 types: KafkaCapture, Report)
            Report report = KafkaCapture.create().report(in, "java-basic.pcap");
            long packets = report.capture().packets();           // 340
            // end of user code
            assertEquals(340, packets);
            assertEquals(73, report.apis().stream().mapToLong(a -> a.requests()).sum());
        }
    }
}
