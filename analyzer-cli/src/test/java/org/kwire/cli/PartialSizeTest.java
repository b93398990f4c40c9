package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.partial.ElidedBytes;
import org.kwire.partial.PartialCodec;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a partial's boundary keeps (docs/PARTIAL.md, "What a tail and a head hold"): a tail holds, per direction, no
 * more than the frame in progress from the broker, and from the client the frames of the requests from the oldest one
 * still pending on (each whole, the last perhaps in progress); never the bytes since the connection was last at rest.
 * Checked on real captures split with {@code editcap -c}, and on real {@code tcpdump -C 1} rotations of a broker's
 * traffic (pipelining producers, consumers), whose partials together must stay well under the capture's size.
 */
class PartialSizeTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void tailsOfSplitCapturesHoldTheFramesInProgressAndThePendingRequests(@TempDir Path dir) throws Exception {
        int checked = 0;
        for (String capture : List.of("java-basic.pcap", "kafkajs.pcap", "kcat.pcap")) {
            for (int chunk : new int[] {37, 76}) {
                List<Path> files = Splits.split(CAPTURES.resolve(capture), chunk, dir.resolve(capture + chunk));
                for (Path file : files) {
                    checked += checkTails(partial(file, List.of(), dir, ".json"));
                }
            }
        }
        assertTrue(checked >= 10, "tails that start where the stage could be resumed: " + checked);
    }

    @Test
    void realRotationsKeepLittleMoreThanTheFramesCutAndThePendingRequests() throws Exception {
        CapturePermission.assumeLoopbackCapture();
        RealRotations rotations = RealRotations.shared();
        Path dir = Files.createTempDirectory(RealRotations.DIR, "size");
        long captured = 0;
        long partials = 0;
        long compressed = 0;
        long elided = 0;
        int checked = 0;
        List<String> port = List.of("--port", Integer.toString(rotations.port()));
        for (Path file : rotations.bySize()) {
            Path p = partial(file, port, dir, ".json");
            captured += Files.size(file);
            partials += Files.size(p);
            compressed += Files.size(partial(file, port, dir, ".json.gz"));
            checked += checkTails(p);
            for (JsonNode edge : JSON.readTree(p.toFile()).at("/slices/0/boundary/tail")) {
                elided += edge.path("elided").size();
            }
        }
        assertTrue(checked >= 5, "tails that start where the stage could be resumed: " + checked);
        assertTrue(elided >= 10, "tails leave out the records of whole batches: " + elided);
        // measured 80-90 % before the records of whole batches were left out (docs/PARTIAL.md, "Size and cost"; the
        // traffic is recorded anew each time)
        assertTrue(partials * 100 < captured * 12 && compressed * 100 < captured * 5, "partials " + partials
                + " bytes, " + compressed + " with gzip, capture " + captured);
    }

    /** {@code analyze --partial} of one file, to a file named with {@code suffix} ({@code .gz}: compressed). */
    private static Path partial(Path file, List<String> options, Path dir, String suffix) throws Exception {
        Path out = dir.resolve(file.getParent().getFileName() + "-" + file.getFileName() + suffix);
        List<String> head = new ArrayList<>(List.of("analyze", "-q", "--partial", "-o", out.toString()));
        CliRun run = CliRun.of(Splits.args(head, options, List.of(file)));
        assertEquals(0, run.exit(), run.err());
        return out;
    }

    /**
     * Checks every tail that starts where the stage could be resumed, with the records it left out put back as the
     * merge puts them back; returns how many.
     */
    private static int checkTails(Path partial) throws Exception {
        int checked = 0;
        JsonNode restored;
        try (InputStream in = Files.newInputStream(partial)) {
            restored = JSON.readTree(PartialCodec.toJson(ElidedBytes.restore(PartialCodec.read(in))));
        }
        for (JsonNode slice : restored.get("slices")) {
            for (JsonNode edge : slice.get("boundary").get("tail")) {
                if (edge.get("from_start").asBoolean() || edge.get("client_is_a").isNull() || hasGap(edge)) {
                    continue;
                }
                boolean clientIsA = edge.get("client_is_a").asBoolean();
                String where = partial.getFileName() + " stream " + edge.get("stream");
                List<int[]> requests = frames(bytes(edge, clientIsA), where + " client->broker");
                for (int i = 0; i + 1 < requests.size(); i++) {
                    assertTrue(requests.get(i)[1] == 0, where + ": a request before the last is whole");
                }
                List<int[]> responses = frames(bytes(edge, !clientIsA), where + " broker->client");
                assertTrue(responses.size() <= 1 && (responses.isEmpty() || responses.get(0)[1] > 0),
                        where + ": from the broker, only the frame in progress: " + responses.size() + " frames");
                checked++;
            }
        }
        return checked;
    }

    private static boolean hasGap(JsonNode edge) {
        for (JsonNode p : edge.get("pieces")) {
            if (!p.get("kind").asText().equals("data") && !p.get("kind").asText().equals("note")) {
                return true;
            }
        }
        return false;
    }

    /** The data bytes of one direction (sent by A if {@code fromA}), in order. */
    private static byte[] bytes(JsonNode edge, boolean fromA) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (JsonNode p : edge.get("pieces")) {
            if (p.get("kind").asText().equals("data") && p.get("from_a").asBoolean() == fromA) {
                out.writeBytes(Base64.getDecoder().decode(p.get("data").asText()));
            }
        }
        return out.toByteArray();
    }

    /**
     * The bytes as size-prefixed frames from their first byte: per frame, its declared length (size prefix included)
     * and the bytes it still misses (0 if whole).
     */
    private static List<int[]> frames(byte[] b, String where) {
        List<int[]> out = new ArrayList<>();
        int at = 0;
        while (at < b.length) {
            if (b.length - at < 4) {
                out.add(new int[] {-1, 1}); // a size prefix in progress
                break;
            }
            int length = ByteBuffer.wrap(b, at, 4).getInt() + 4;
            assertTrue(length >= 4 && length <= (100 << 20), where + ": a frame starts at byte " + at + " (size "
                    + (length - 4) + ")");
            out.add(new int[] {length, Math.max(0, at + length - b.length)});
            at += length;
        }
        return out;
    }
}
