package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 20, finding 2: a first request whose size prefix is too large swallowed the valid requests after it (one
 * request counted, every response "without request", the first request unanswered and "incomplete"). A response
 * whose correlation_id is that of the request in progress contradicts its size prefix: the request ends where the
 * bytes say, is matched, and the requests after it are framed in sync; one {@code kafka.frame.size_contradicted} note.
 */
class SizeContradictedTest {

    /** {@code kwire analyze}: exit 0 and nothing on stderr; with --strict, exit 4 (the warning); the report. */
    private static JsonNode analyzed(Path capture) throws IOException {
        CliRun run = CliRun.of("analyze", capture.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        assertEquals(4, CliRun.of("analyze", "--strict", capture.toString()).exit());
        return run.json();
    }

    /**
     * Request 1's size prefix says 5,000 bytes, then requests 2-4, each answered before the next, FINs both ways:
     * every exchange is matched, and the note names the response's frame (4).
     */
    @Test
    void aResponseEndsTheRequestWhoseSizePrefixIsTooLarge(@TempDir Path dir) throws IOException {
        byte[] first = HostileTrafficTest.metadata(1);
        ByteBuffer.wrap(first).putInt(5000);
        CraftedPcap.Connection c = new CraftedPcap().connection(2, 50500, 9092).handshake().client(first)
                .server(HostileTrafficTest.metadataResponse(1));
        for (int id = 2; id <= 4; id++) {
            c.client(HostileTrafficTest.metadata(id)).server(HostileTrafficTest.metadataResponse(id));
        }
        Path capture = c.fin(true).fin(false).capture().write(dir.resolve("size5000.pcap"));
        JsonNode r = analyzed(capture);
        assertEquals("8 frames, 1 malformed, 0 incomplete, 0 without request; {\"kafka.frame.size_contradicted\":1}; "
                + "Metadata 4/4", HostileTrafficTest.outcome(r));
        assertEquals(List.of("warning [malformed] frame 4 offset 0 (stream 0 client->broker): the frame "
                + "declares 5004 bytes, but its response (correlation_id 1) arrived here when " + first.length
                + " bytes of it had come: the size prefix is wrong; the frame ends after " + first.length + " bytes"),
                HostileTrafficTest.warnings(r));
        CliRun dissect = CliRun.of("dissect", "--format", "summary", capture.toString());
        assertEquals(0, dissect.exit(), dissect.err());
        assertEquals(List.of("3 -> 1", "4 <- 1", "5 -> 2", "6 <- 2", "7 -> 3", "8 <- 3", "9 -> 4", "10 <- 4"),
                dissect.out().lines().filter(l -> l.matches(" +[0-9].*")).map(l -> l.trim().split(" +"))
                        .map(f -> f[0] + " " + f[3] + " " + f[6]).toList());
    }

    /**
     * java-basic.pcap with the size prefix of its first request (frame 4, ApiVersions, 52 bytes after its prefix) set
     * to 60, 50,000, 200 MiB or 2^31-1 (the QA captures c6-first-size-*): the report counts every exchange of the
     * original, with one note at the response's frame (6); over --max-frame-size, the frame was being skipped by its
     * size (noted) when its response came.
     */
    @Test
    void javaBasicWithItsFirstSizePrefixWrongKeepsEveryExchange(@TempDir Path dir) throws IOException {
        JsonNode original = CliRun.of("analyze", TestCaptures.path("java-basic.pcap").toString()).json();
        String apis = HostileTrafficTest.outcome(original).replaceFirst("^.*?; \\{\\}; ", "");
        for (int size : new int[] {60, 50_000, 200 << 20, Integer.MAX_VALUE}) {
            byte[] pcap = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
            int[] payload = PcapEdit.tcpPayloads(pcap).stream().filter(p -> p[2] == 4).findFirst().orElseThrow();
            int real = ByteBuffer.wrap(pcap).getInt(payload[0]);
            ByteBuffer.wrap(pcap).putInt(payload[0], size);
            JsonNode r = analyzed(Files.write(dir.resolve("size" + size + ".pcap"), pcap));
            boolean over = size > 100 << 20;
            assertEquals("146 frames, 1 malformed, 0 incomplete, 0 without request; {\"kafka.frame.size_contradicted\":1"
                    + (over ? ",\"kafka.frame.too_large\":1" : "") + "}; " + apis, HostileTrafficTest.outcome(r));
            List<String> w = new java.util.ArrayList<>(HostileTrafficTest.warnings(r));
            assertEquals(over ? "warning [limit] frame 4 offset 0 (stream 0 client->broker): frame of " + size + " bytes "
                    + "(after its size prefix) over the largest accepted, 104857600 (--max-frame-size): skipped by its "
                    + "size" : null, over ? w.remove(0) : null);
            assertEquals(List.of("warning [malformed] frame 6 offset 0 (stream 0 client->broker): the frame "
                    + "declares " + (size + 4L) + " bytes, but its response (correlation_id 0) arrived here when "
                    + (real + 4) + " bytes of it had come: the size prefix is wrong; the frame ends after " + (real + 4)
                    + " bytes"), w);
        }
    }

    /**
     * No response to tell (three requests in one segment, the first declaring 5,000 bytes, then FINs both ways): the
     * connection carried every byte it sent, so the first request's size prefix claims more than it carried. The
     * frames inside its span are found as after a gap; nothing is called lost by the capture (it was one incomplete
     * frame "the capture lost", and the two requests after it were swallowed).
     */
    @Test
    void aCleanEndEndsTheRequestWhoseSizePrefixIsTooLarge(@TempDir Path dir) throws IOException {
        byte[] first = HostileTrafficTest.metadata(1);
        ByteBuffer.wrap(first).putInt(5000);
        byte[] all = CraftedPcap.concat(first, HostileTrafficTest.metadata(2), HostileTrafficTest.metadata(3));
        Path capture = new CraftedPcap().connection(2, 50700, 9092).handshake().client(all).fin(true).fin(false)
                .capture().write(dir.resolve("size5000-fin.pcap"));
        JsonNode r = analyzed(capture);
        assertEquals("3 frames, 1 malformed, 0 incomplete, 0 without request; {\"kafka.frame.size_contradicted\":1}; "
                + "Metadata 3/0", HostileTrafficTest.outcome(r));
        assertEquals(List.of("warning [malformed] frame 5 offset 0 (stream 0 client->broker): the frame "
                + "declares 5004 bytes, but the connection ended here with this direction's FIN, every byte before "
                + "it captured, when " + all.length + " bytes of it had come: the size prefix claims more than the "
                + "connection carried; the frame ends after " + first.length + " bytes, where the frames that follow "
                + "start"), HostileTrafficTest.warnings(r));
    }

    /**
     * The first request (size prefix 5,000) gets no response (as with acks=0), the second does: the response answers
     * a request found inside the first one's span, which contradicts its size prefix as well.
     */
    @Test
    void aResponseToARequestInsideTheSpanEndsTheFrameBeforeIt(@TempDir Path dir) throws IOException {
        byte[] first = HostileTrafficTest.metadata(1);
        ByteBuffer.wrap(first).putInt(5000);
        byte[] second = HostileTrafficTest.metadata(2);
        Path capture = new CraftedPcap().connection(2, 50800, 9092).handshake().client(first).client(second)
                .server(HostileTrafficTest.metadataResponse(2)).client(HostileTrafficTest.metadata(3))
                .server(HostileTrafficTest.metadataResponse(3)).fin(true).fin(false).capture()
                .write(dir.resolve("inside.pcap"));
        JsonNode r = analyzed(capture);
        assertEquals("5 frames, 1 malformed, 0 incomplete, 0 without request; {\"kafka.frame.size_contradicted\":1}; "
                + "Metadata 3/2", HostileTrafficTest.outcome(r));
        assertEquals(List.of("warning [malformed] frame 5 offset 0 (stream 0 client->broker): the frame "
                + "declares 5004 bytes, but the response here answers a request (correlation_id 2) inside its span "
                + "when " + (first.length + second.length) + " bytes of it had come: the size prefix is wrong; the frame "
                + "ends after " + first.length + " bytes, where the frames that follow start"),
                HostileTrafficTest.warnings(r));
    }
}
