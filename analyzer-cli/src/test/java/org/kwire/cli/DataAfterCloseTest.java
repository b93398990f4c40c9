package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 20, finding 1: TCP segments that come after their connection ended (a RST, or FINs both ways). What still has
 * a place in the connection's sequence space (a response the broker had in flight when the client reset; a segment
 * before the FIN captured late) is analyzed; what has none is counted and warned about ({@code tcp.data_after_close},
 * with its frame), never dropped silently, and the census no longer calls a port that carried it silent.
 */
class DataAfterCloseTest {

    /**
     * {@code kwire analyze [--strict] FILE}: its exit code must be {@code exit}, and its standard error the data after
     * close and no-Kafka warnings (said there as the capture's own warnings are) or nothing; the JSON report.
     */
    private static JsonNode analyzed(Path capture, boolean strict, int exit) throws IOException {
        CliRun run = strict ? CliRun.of("analyze", "--strict", capture.toString()) : CliRun.of("analyze", capture.toString());
        assertEquals(exit, run.exit(), run.err());
        JsonNode r = run.json();
        List<String> late = HostileTrafficTest.warnings(r).stream()
                .filter(w -> w.contains("came after their connection had ended") || w.contains("no Kafka traffic found"))
                .map(w -> "kwire: warning: " + w.substring(w.indexOf(": ") + 2)).toList();
        assertEquals(late, run.err().lines().toList());
        return r;
    }

    /** Both Metadata exchanges kept, no warning: exit 0 with and without --strict. */
    private static void assertBothExchangesAndNoWarning(Path capture) throws IOException {
        for (boolean strict : new boolean[] {false, true}) {
            JsonNode r = analyzed(capture, strict, 0);
            assertEquals("4 frames, 0 malformed, 0 incomplete, 0 without request; {}; Metadata 2/2",
                    HostileTrafficTest.outcome(r));
            assertEquals(List.of(), HostileTrafficTest.warnings(r));
        }
    }

    /**
     * The client sends two requests, gets the first response and resets; the broker's second response, in flight,
     * is captured after the RST: it is matched (it was dropped, leaving one request unanswered and no warning).
     */
    @Test
    void aResponseInFlightWhenTheClientResetIsMatched(@TempDir Path dir) throws IOException {
        Path capture = new CraftedPcap().connection(2, 50401, 9092).handshake().client(HostileTrafficTest.metadata(1)).client(HostileTrafficTest.metadata(2))
                .server(HostileTrafficTest.metadataResponse(1)).rst(true).server(HostileTrafficTest.metadataResponse(2)).capture().write(dir.resolve("rst.pcap"));
        assertBothExchangesAndNoWarning(capture);
    }

    /**
     * The second response was captured after both FINs although the client's FIN acknowledged it: it lies before the
     * broker's FIN and is analyzed in its place (it was a 'gap' of the capture, and the second request unanswered).
     */
    @Test
    void aSegmentBeforeTheFinCapturedAfterItIsAnalyzed(@TempDir Path dir) throws IOException {
        byte[] second = HostileTrafficTest.metadataResponse(2);
        Path capture = new CraftedPcap().connection(2, 50200, 9092).handshake().client(HostileTrafficTest.metadata(1))
                .server(HostileTrafficTest.metadataResponse(1)).client(HostileTrafficTest.metadata(2)).serverLost(second.length).fin(true).fin(false)
                .serverLate(second.length + 1, second).capture().write(dir.resolve("fin.pcap"));
        assertBothExchangesAndNoWarning(capture);
    }

    /**
     * A response sent after the broker's own FIN has no place in the connection: counted and warned about with its
     * frame (7) and size, the exchange before kept; --strict fails on the warning.
     */
    @Test
    void payloadBeyondTheFinIsCountedAndWarnedAbout(@TempDir Path dir) throws IOException {
        int size = HostileTrafficTest.metadataResponse(7).length;
        Path capture = new CraftedPcap().connection(2, 50300, 9092).handshake().client(HostileTrafficTest.metadata(1))
                .server(HostileTrafficTest.metadataResponse(1)).fin(true).fin(false).server(HostileTrafficTest.metadataResponse(7)).capture()
                .write(dir.resolve("after-fin.pcap"));
        JsonNode r = analyzed(capture, false, 0);
        assertEquals("2 frames, 0 malformed, 0 incomplete, 0 without request; {\"tcp.data_after_close\":1}; Metadata 1/1",
                HostileTrafficTest.outcome(r));
        int offset = HostileTrafficTest.metadataResponse(1).length + 1; // after the response and the FIN
        assertEquals(List.of("warning [sequence] frame 7 offset " + offset + " (stream 0 127.0.0.1:9092"
                + " -> 127.0.0.2:50300): 1 segment(s) carrying " + size + " bytes of payload came after their connection "
                + "had ended (1 connection(s); the first at frame 7, stream offset " + offset + ") and "
                + "have no place in its streams (beyond its FIN or RST, or before its first byte, e.g. a capture out of "
                + "order): not analyzed"), HostileTrafficTest.warnings(r));
        analyzed(capture, true, 4);
    }

    /**
     * java-basic.pcap with its packets in reverse order: every connection ends (its FINs come first) before its data,
     * which can be placed nowhere. It is all counted (47,558 payload bytes of 17 connections), and the census says
     * port 9092 carried it (it said the port carried no payload).
     */
    @Test
    void aCaptureInReverseOrderCountsEveryPayloadByte(@TempDir Path dir) throws IOException {
        Path reversed = PcapEdit.reversed(TestCaptures.path("java-basic.pcap"), dir.resolve("reversed.pcap"));
        JsonNode r = analyzed(reversed, false, 0);
        List<String> w = HostileTrafficTest.warnings(r);
        assertEquals(2, w.size(), w.toString());
        assertEquals("warning [sequence] frame 7 (stream 1 127.0.0.1:9092 -> 127.0.0.1:45898): 161 segment(s) carrying "
                + "47558 bytes of payload came after their connection had ended (17 connection(s); the first at frame 7) "
                + "and have no place in its streams (beyond its FIN or RST, or before its first byte, e.g. a capture out "
                + "of order): not analyzed", w.get(0));
        assertEquals("warning [capture]: no Kafka traffic found: port 9092 carried no payload while open (34 "
                + "connections, 0 bytes) and payload after its connection had ended, not analyzed (17 connections, "
                + "47,558 bytes)", w.get(1));
        analyzed(reversed, true, 4);
    }
}
