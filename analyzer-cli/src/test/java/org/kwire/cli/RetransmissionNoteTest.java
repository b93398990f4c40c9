package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A retransmission whose bytes differ from the first copy: the analysis keeps the first copy (same counts as the
 * original capture) and reports a warning naming both frames. Made from java-basic.pcap (little-endian pcap) by
 * inserting after frame 4 (the first request: 56 payload bytes, tshark tcp.len) a copy whose last byte differs.
 */
class RetransmissionNoteTest {

    @Test
    void aConflictingRetransmissionIsAWarningAndTheFirstCopyIsKept(@TempDir Path dir) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(TestCaptures.path("java-basic.pcap"))).order(ByteOrder.LITTLE_ENDIAN);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(in.array(), 0, 24);
        int pos = 24;
        for (int n = 1; pos < in.limit(); n++) {
            int len = 16 + in.getInt(pos + 8);
            out.write(in.array(), pos, len);
            if (n == 4) {
                byte[] copy = java.util.Arrays.copyOfRange(in.array(), pos, pos + len);
                copy[len - 1] ^= 0x5a; // the request's last byte
                out.write(copy);
            }
            pos += len;
        }
        Path f = dir.resolve("conflict.pcap");
        Files.write(f, out.toByteArray());
        CliRun run = CliRun.of("analyze", f.toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode r = run.json();
        assertEquals(341, r.get("capture").get("packets").asInt());
        assertEquals(146, r.get("capture").get("frames").asInt());
        assertEquals(0, r.get("capture").get("malformed_frames").asInt());
        assertEquals(1, r.get("expert").get("tcp.retransmission_differs").asInt());
        assertEquals("warning [sequence] frame 5 (stream 0 client->broker): retransmitted data differs from the first copy "
                + "(frame 4) at stream byte 55; the first copy is kept", r.get("warnings").get(0).asText());
        CliRun original = CliRun.of("analyze", TestCaptures.path("java-basic.pcap").toString());
        assertEquals(original.json().get("apis"), r.get("apis"));
    }
}
