package org.kwire.cli;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.analysis.AnalysisRun;
import org.kwire.analysis.CapturePass;
import org.kwire.capture.CaptureAnalyzer;
import org.kwire.capture.PacketPipeline;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;
import org.kwire.report.ApiStats;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.summary.ExchangeTracker;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When a live capture's analysis falls behind, a packet comes with its headers only: its whole connection's analysis
 * is dropped, said and counted, never read with a hole in it. Here packet 97 of java-basic.pcap (a Produce request on
 * stream 5; stream 5 carries two of the capture's ten) is handed over so.
 */
class ShedAnalysisTest {

    /** java-basic.pcap with packet {@code shed} cut to its first 160 bytes and marked headers-only. */
    private static final class HeadersOnlyAt implements PacketSource {
        private final PacketSource source;
        private final long shed;
        private boolean last;

        HeadersOnlyAt(PacketSource source, long shed) {
            this.source = source;
            this.shed = shed;
        }

        @Override
        public Packet next() throws IOException {
            Packet p = source.next();
            last = p != null && p.number() == shed;
            if (!last) {
                return p;
            }
            ByteBuffer head = p.data().duplicate();
            head.limit(head.position() + 160);
            return new Packet(p.number(), p.timestampNanos(), p.linkType(), p.originalLength(), head.slice(), 0);
        }

        @Override
        public boolean headersOnly() {
            return last;
        }

        @Override
        public List<String> warnings() {
            return source.warnings();
        }

        @Override
        public long position() {
            return source.position();
        }

        @Override
        public void close() throws IOException {
            source.close();
        }
    }

    private static Report analyze(long shed) throws Exception {
        AnalysisRun run = AnalysisRun.of(AnalysisConfig.defaults());
        ReportBuilder report = run.report();
        ExchangeTracker tracker = run.tracker(List.of(report));
        PacketPipeline pipeline = new CaptureAnalyzer(run.stage(tracker, report)).start();
        try (PacketSource s = new HeadersOnlyAt(CaptureFiles.open(TestCaptures.path("java-basic.pcap")), shed)) {
            pipeline.feed(s);
        }
        pipeline.end();
        tracker.finish();
        pipeline.facts(List.of("java-basic.pcap"), 0).warnings().forEach(report::note);
        return CapturePass.build(report, pipeline.facts(List.of("java-basic.pcap"), 0));
    }

    private static ApiStats api(Report r, String name) {
        return r.apis().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aHeadersOnlyPacketDropsTheAnalysisOfItsWholeConnection() throws Exception {
        Report whole = analyze(-1);
        Report shed = analyze(97);
        assertEquals(10, api(whole, "Produce").requests());
        assertEquals(8, api(shed, "Produce").requests(), "stream 5's two Produce requests are not analyzed");
        assertEquals(0, shed.apis().stream().mapToLong(ApiStats::unmatchedRequests).sum(),
                "the shed connection's pending requests are let go, not reported unanswered");
        assertEquals(whole.capture().packets(), shed.capture().packets(), "every packet is still counted as captured");
        assertTrue(shed.warnings().stream().anyMatch(w -> w.contains("stream 5")
                && w.contains("analysis of this connection dropped from packet 97 on")), shed.warnings().toString());
        assertTrue(shed.warnings().stream().anyMatch(w -> w.contains("the analysis of 1 connection(s) was dropped because "
                + "it fell behind the capture")), shed.warnings().toString());
        assertEquals(List.of(), whole.warnings());
    }
}
