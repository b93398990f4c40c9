package org.kwire.capture;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** pcap-reader and dissector-core alone (no CLI) turn a real capture into exchanges. */
class CaptureAnalyzerTest {

    @Test
    void theBundledSampleBecomesItsExchanges() throws IOException {
        int[] counts = new int[3];
        ExchangeSink sink = new ExchangeSink() {
            @Override
            public void onExchange(ExchangeSummary e) {
                counts[0] += e.request() != null ? 1 : 0;
                counts[1] += e.response() != null ? 1 : 0;
                counts[2] += e.request() != null && e.response() != null && e.response().errors().isEmpty() ? 1 : 0;
            }
        };
        PlanCache plans = new PlanCache(SchemaRegistry.bundled());
        ExchangeTracker tracker = new ExchangeTracker(new FrameSummarizer(plans,
                new RecordsDecoder(RecordsOptions.defaults()), new TopicNames()), ExchangeFilter.ALL, List.of(sink));
        CaptureFacts facts = new CaptureAnalyzer(StreamStage.into(tracker, StreamOptions.defaults(), TlsKeys.none()))
                .analyze(List.of(TestCaptures.path("java-basic.pcap")), List.of("java-basic.pcap"));
        tracker.finish();
        assertEquals(340, facts.packets());
        assertEquals(17, facts.tcpConnections());
        assertEquals(List.of(), facts.warnings());
        // the README's summary of the sample: 73 requests, 73 responses, 4 of them with an error code
        assertEquals(List.of(73, 73, 69), List.of(counts[0], counts[1], counts[2]));
    }
}
