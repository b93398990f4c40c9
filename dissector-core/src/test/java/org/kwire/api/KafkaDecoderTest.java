package org.kwire.api;

import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertItem;
import org.kwire.records.PartialBatch;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The front door's contract beyond the examples: buffers, framing, problems typed, junk records bounded. */
class KafkaDecoderTest {

    private final KafkaDecoder kafka = KafkaDecoder.create();
    private final byte[] request = KafkaBytes.metadataRequest();

    /** The request at index 100 of a larger array: wrap(bytes, 100, len), a slice and a duplicate all read from 100. */
    @Test
    void aFrameIsReadFromThePositionOfItsBuffer() throws Exception {
        byte[] frame = KafkaBytes.prefixed(request);
        byte[] big = new byte[100 + frame.length + 50];
        Arrays.fill(big, (byte) 0x7f);
        System.arraycopy(frame, 0, big, 100, frame.length);
        ByteBuffer wrapped = ByteBuffer.wrap(big, 100, frame.length);
        ByteBuffer duplicate = wrapped.duplicate();
        for (ByteBuffer b : List.of(wrapped, wrapped.slice(), duplicate)) {
            DecodedFrame d = kafka.request(b, Framing.SIZE_PREFIXED);
            assertEquals(new FrameHeader(true, 3, "Metadata", 12, 42, Optional.of("app"), 2, 14), d.header());
            assertEquals(KafkaBytes.metadataJson(), KafkaBytes.JSON.readTree(d.values().orElseThrow().toString()));
            assertEquals("MetadataRequest", d.tree().name());
        }
        assertEquals(100, wrapped.position(), "the caller's position is left as it was");
        assertEquals(100 + frame.length, wrapped.limit());
        ByteBuffer stripped = ByteBuffer.wrap(big, 104, request.length);
        assertEquals(42, kafka.request(stripped, Framing.WITHOUT_SIZE_PREFIX).header().correlationId());
    }

    @Test
    void anUnknownVersionIsATypedProblemWithNoValues() {
        byte[] frame = KafkaBytes.prefixed(request);
        ByteBuffer.wrap(frame).putShort(6, (short) 999);
        DecodedFrame d = kafka.request(ByteBuffer.wrap(frame), Framing.SIZE_PREFIXED);
        assertEquals(Optional.empty(), d.values());
        assertEquals(List.of(ExpertItem.REQUEST_VERSION_UNKNOWN), d.problems().stream().map(Problem::item).toList());
        assertEquals(OptionalInt.of(6), d.problems().get(0).offset());
        assertFalse(d.decoded());
    }

    /** A body cut short: its values as far as read, the problem typed at its offset, never inside the values. */
    @Test
    void aCutBodyIsATypedProblemOutsideTheValues() {
        byte[] cut = Arrays.copyOf(request, request.length - 3);
        DecodedFrame d = kafka.request(ByteBuffer.wrap(cut), Framing.WITHOUT_SIZE_PREFIX);
        assertEquals(List.of(ExpertItem.BODY_TRUNCATED), d.problems().stream().map(Problem::item).toList());
        assertTrue(d.problems().get(0).offset().getAsInt() <= cut.length, d.problems() + " of " + cut.length);
        assertFalse(d.values().orElseThrow().has("_problems"));
        assertFalse(d.decoded());
    }

    @Test
    void bytesThatAreNoFrameThrowWithAProblem() {
        NotAFrameException e = assertThrows(NotAFrameException.class,
                () -> kafka.request(ByteBuffer.wrap(new byte[] {0, 0}), Framing.SIZE_PREFIXED));
        assertEquals(ExpertItem.FRAME_SIZE_INVALID, e.problem().item());
        byte[] two = new byte[request.length * 2 + 8];
        System.arraycopy(KafkaBytes.prefixed(request), 0, two, 0, request.length + 4);
        System.arraycopy(KafkaBytes.prefixed(request), 0, two, request.length + 4, request.length + 4);
        assertThrows(NotAFrameException.class, () -> kafka.request(ByteBuffer.wrap(two), Framing.SIZE_PREFIXED));
        assertEquals(ExpertItem.REQUEST_HEADER_MALFORMED, assertThrows(NotAFrameException.class,
                () -> kafka.request(ByteBuffer.wrap(request, 0, 5), Framing.WITHOUT_SIZE_PREFIX)).problem().item());
    }

    /** 80 junk bytes are not "partial trailing batch (80 of 2139062155 bytes)": malformed, saying why. */
    @Test
    void junkRecordsAreMalformedNotAPartialBatch() {
        byte[] junk = new byte[80];
        Arrays.fill(junk, (byte) 0x7f);
        RecordsCheck check = kafka.records(ByteBuffer.wrap(junk));
        assertEquals(Optional.empty(), check.partialBatch());
        assertEquals(List.of(ExpertItem.RECORDS_ENTRY_OVERRUN), check.problems().stream().map(Problem::item).toList());
        assertEquals(OptionalInt.of(0), check.problems().get(0).offset());
        assertTrue(check.problems().get(0).message().contains("magic byte is 127"), check.problems().get(0).message());
        assertTrue(check.malformed());
        assertEquals(0, check.records());
    }

    /** A real batch cut 10 bytes short is a partial batch, with its true sizes. */
    @Test
    void aCutBatchIsAPartialBatch() {
        byte[] batch = KafkaBytes.gzipBatch();
        RecordsCheck check = kafka.records(ByteBuffer.wrap(batch, 0, batch.length - 10));
        assertEquals(Optional.of(new PartialBatch(0, batch.length - 10, batch.length)), check.partialBatch());
        assertEquals(List.of(ExpertItem.RECORDS_PARTIAL_BATCH), check.problems().stream().map(Problem::item).toList());
        assertFalse(check.malformed());
    }
}
