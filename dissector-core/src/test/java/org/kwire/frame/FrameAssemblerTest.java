package org.kwire.frame;

import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;


import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FrameAssemblerTest {

    private final List<KafkaFrame> frames = new ArrayList<>();
    private final List<ExpertNote> notes = new ArrayList<>();
    private final FrameSink sink = new FrameSink() {
        @Override
        public void onFrame(KafkaFrame frame) {
            frames.add(frame);
        }

        @Override
        public void onNote(ExpertNote note) {
            notes.add(note);
        }
    };

    /** A frame: int32 size then {@code body} bytes valued 1..body. */
    private static byte[] frame(int body) {
        ByteBuffer b = ByteBuffer.allocate(4 + body).putInt(body);
        for (int i = 1; i <= body; i++) {
            b.put((byte) i);
        }
        return b.array();
    }

    private static byte[] concat(byte[]... parts) {
        int n = Arrays.stream(parts).mapToInt(p -> p.length).sum();
        ByteBuffer b = ByteBuffer.allocate(n);
        for (byte[] p : parts) {
            b.put(p);
        }
        return b.array();
    }

    private static byte[] bytes(KafkaFrame f) {
        byte[] out = new byte[f.length()];
        f.bytes().get(0, out);
        return out;
    }

    private FrameAssembler assembler(boolean inSync, FrameStartValidator v) {
        return new FrameAssembler(4, 1000, inSync, v, sink, "test");
    }

    @Test
    void framesSplitAtEveryPositionAreReassembledExactly() {
        byte[] stream = concat(frame(10), frame(4), frame(30));
        for (int cut1 = 0; cut1 <= stream.length; cut1++) {
            for (int cut2 = cut1; cut2 <= stream.length; cut2 += 7) {
                frames.clear();
                FrameAssembler a = assembler(true, null);
                a.accept(ByteBuffer.wrap(stream, 0, cut1), 100, 1);
                a.accept(ByteBuffer.wrap(stream, cut1, cut2 - cut1), 200, 2);
                a.accept(ByteBuffer.wrap(stream, cut2, stream.length - cut2), 300, 3);
                a.end(3);
                assertEquals(3, frames.size(), "cuts " + cut1 + "," + cut2);
                assertArrayEquals(frame(10), bytes(frames.get(0)));
                assertArrayEquals(frame(4), bytes(frames.get(1)));
                assertArrayEquals(frame(30), bytes(frames.get(2)));
                assertEquals(14, frames.get(1).meta().streamOffset());
                assertEquals(22, frames.get(2).meta().streamOffset());
            }
        }
        assertTrue(notes.isEmpty(), notes.toString());
    }

    @Test
    void frameInfoKeepsFirstAndLastPacketAndTime() {
        byte[] f = frame(20);
        FrameAssembler a = assembler(true, null);
        a.accept(ByteBuffer.wrap(f, 0, 6), 1_000, 7);
        a.accept(ByteBuffer.wrap(f, 6, 10), 2_000, 8);
        a.accept(ByteBuffer.wrap(f, 16, 8), 3_000, 9);
        assertEquals(new FrameInfo(24, 0, 7, 9, 1_000, 3_000), frames.get(0).meta());
    }

    @Test
    void invalidSizeResynchronisesOnTheNextPlausibleStart() {
        byte[] garbage = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xf0, 1, 2, 3};
        byte[] stream = concat(garbage, frame(6));
        // a frame starts where the size prefix is 6
        FrameAssembler a = assembler(true, (h, fills) -> h.limit() >= 4 && h.getInt(0) == 6);
        a.accept(ByteBuffer.wrap(stream), 1, 1);
        a.end(1);
        assertEquals(1, frames.size());
        assertArrayEquals(frame(6), bytes(frames.get(0)));
        assertEquals(7, frames.get(0).meta().streamOffset());
        assertEquals(7, a.skippedBytes());
        assertEquals(List.of(ExpertItem.FRAME_SIZE_INVALID, ExpertItem.FRAME_RESYNC_SKIPPED),
                notes.stream().map(ExpertNote::item).toList());
        assertTrue(notes.get(0).message().startsWith("invalid frame size -16"), notes.get(0).message());
        assertEquals("skipped 7 bytes to find a frame boundary (from frame 1)", notes.get(1).message());
    }

    /** A frame over maxFrameSize, read in sync, is skipped by its declared size: never held, framing stays in sync. */
    @Test
    void oversizedFrameInSyncIsSkippedByItsSizeWhereverTheChunksAreCut() {
        byte[] stream = concat(frame(10), frame(1200), frame(6));
        for (int cut = 0; cut <= stream.length; cut++) {
            frames.clear();
            notes.clear();
            FrameAssembler a = assembler(true, null); // no resynchronisation: a validator is never asked
            a.accept(ByteBuffer.wrap(stream, 0, cut), 100, 1);
            a.accept(ByteBuffer.wrap(stream, cut, stream.length - cut), 200, 2);
            a.end(2);
            assertEquals(2, frames.size(), "cut " + cut);
            assertArrayEquals(frame(10), bytes(frames.get(0)));
            assertArrayEquals(frame(6), bytes(frames.get(1)));
            assertEquals(14 + 1204, frames.get(1).meta().streamOffset());
            assertEquals(1, a.oversizedFrames());
            assertEquals(0, a.skippedBytes());
            ExpertNote note = notes.get(0);
            assertEquals(1, notes.size(), notes.toString());
            assertEquals(ExpertItem.FRAME_TOO_LARGE, note.item());
            assertEquals(cut < 18 ? 2 : 1, note.packet(), "the packet that completed the size prefix");
            assertEquals(14, note.offset(), "cut " + cut);
            assertEquals("frame of 1200 bytes (after its size prefix) over the largest accepted, 1000 (--max-frame-size): "
                    + "skipped by its size", note.message());
        }
    }

    @Test
    void aGapInsideAnOversizedFrameKeepsSync() {
        byte[] big = frame(5000);
        FrameAssembler a = assembler(true, null);
        a.accept(ByteBuffer.wrap(big, 0, 1500), 1, 1);
        a.gap(3000, "missing segments", 2);
        a.accept(ByteBuffer.wrap(concat(Arrays.copyOfRange(big, 4500, big.length), frame(8))), 3, 3);
        a.end(3);
        assertEquals(1, frames.size());
        assertEquals(5004, frames.get(0).meta().streamOffset());
        assertEquals(List.of(ExpertItem.FRAME_TOO_LARGE), notes.stream().map(ExpertNote::item).toList());
    }

    @Test
    void gapInsideAFrameMakesItIncompleteAndTheNextFrameStartsAtItsDeclaredEnd() {
        byte[] first = frame(50);
        byte[] second = frame(8);
        FrameAssembler a = assembler(true, null); // no resynchronisation needed: the size says where the next frame is
        a.accept(ByteBuffer.wrap(first, 0, 20), 1, 1);
        a.gap(10, "snaplen", 1);
        a.accept(ByteBuffer.wrap(first, 30, 24), 2, 2); // the rest of the first frame, skipped by its size
        a.accept(ByteBuffer.wrap(second), 3, 3);
        a.end(3);
        assertEquals(2, frames.size());
        KafkaFrame incomplete = frames.get(0);
        assertEquals(false, incomplete.complete());
        assertEquals(20, incomplete.length());
        assertEquals(54, incomplete.meta().length());
        assertArrayEquals(Arrays.copyOf(first, 20), bytes(incomplete));
        assertTrue(frames.get(1).complete());
        assertArrayEquals(frame(8), bytes(frames.get(1)));
        assertEquals(54, frames.get(1).meta().streamOffset());
        assertEquals(List.of(ExpertItem.FRAME_CUT_BY_GAP), notes.stream().map(ExpertNote::item).toList());
        assertEquals(List.of("frame incomplete: 20 of 54 bytes captured before a gap of 10 bytes (snaplen)"),
                notes.stream().map(ExpertNote::message).toList());
    }

    @Test
    void gapEndingExactlyAtTheFrameEndKeepsSync() {
        byte[] first = frame(50);
        FrameAssembler a = assembler(true, null);
        a.accept(ByteBuffer.wrap(first, 0, 20), 1, 1);
        a.gap(34, "snaplen", 1);
        a.accept(ByteBuffer.wrap(frame(8)), 2, 2);
        assertEquals(2, frames.size());
        assertEquals(0, a.skippedBytes());
    }

    @Test
    void gapBeyondTheFrameEndNeedsResynchronisation() {
        byte[] first = frame(50);
        FrameAssembler a = assembler(true, (h, fills) -> h.limit() >= 4 && h.getInt(0) == 8);
        a.accept(ByteBuffer.wrap(first, 0, 20), 1, 1);
        a.gap(34 + 5, "missing segments", 2); // the first frame's rest and 5 bytes of the next
        a.accept(ByteBuffer.wrap(concat(new byte[]{1, 2, 3, 4}, frame(8))), 3, 3);
        a.end(3);
        assertEquals(2, frames.size());
        assertEquals(54 + 5 + 4, frames.get(1).meta().streamOffset()); // after the lost bytes and 4 skipped ones
        assertEquals(4, a.skippedBytes());
    }

    @Test
    void hostileSizeNeverAllocatesMoreThanArrived() {
        FrameAssembler a = new FrameAssembler(4, Integer.MAX_VALUE, true, null, sink, "test");
        ByteBuffer b = ByteBuffer.allocate(10).putInt(Integer.MAX_VALUE - 10).put(new byte[6]).flip();
        a.accept(b, 1, 1); // would need 2 GiB; only 64 KiB is allocated until more bytes arrive
        a.end(1);
        assertEquals(1, frames.size());
        assertEquals(10, frames.get(0).length());
        assertEquals(Integer.MAX_VALUE - 6, frames.get(0).meta().length());
        assertEquals(ExpertItem.FRAME_INCOMPLETE_AT_END, notes.get(0).item());
        assertEquals("frame incomplete at end of stream: 10 of 2147483641 bytes", notes.get(0).message());
    }

    @Test
    void streamStartingMidFrameSkipsToTheFirstPlausibleStart() {
        byte[] stream = concat(new byte[]{9, 9, 9}, frame(5), frame(5));
        FrameAssembler a = assembler(false, (h, fills) -> h.limit() >= 4 && h.getInt(0) == 5);
        a.accept(ByteBuffer.wrap(stream), 1, 1);
        assertEquals(2, frames.size());
        assertEquals(3, a.skippedBytes());
    }

    /**
     * Bytes acknowledged at the end, the last perhaps a lost FIN: a frame in progress decides how many were data (its
     * size says where it ends); elsewhere one byte is the FIN and a larger span is a gap that may be one byte smaller.
     */
    @Test
    void theEndGapIsDecidedByTheFrameInProgress() {
        byte[] f = frame(30); // 34 bytes; 10 captured, 24 missing
        for (long acknowledged : new long[] {24, 25}) {
            frames.clear();
            notes.clear();
            FrameAssembler a = assembler(true, null);
            a.accept(ByteBuffer.wrap(f, 0, 10), 100, 1);
            a.endGap(acknowledged, 2);
            a.end(2);
            assertEquals(1, frames.size());
            assertEquals(10, frames.get(0).length());
            assertEquals(List.of("frame incomplete: 10 of 34 bytes captured before a gap of 24 bytes (missing segments)"),
                    notes.stream().map(ExpertNote::message).toList(), "acknowledged " + acknowledged);
        }
        notes.clear();
        FrameAssembler a = assembler(true, null);
        a.accept(ByteBuffer.wrap(frame(4)), 100, 1);
        a.endGap(1, 2); // a lost FIN only
        a.endGap(44, 3);
        assertEquals(List.of(ExpertItem.TCP_GAP), notes.stream().map(ExpertNote::item).toList());
        assertEquals(List.of("gap of 44 bytes (missing segments at the end of the connection, or 43 bytes if the last "
                + "acknowledgment also counted a FIN the capture missed)"), notes.stream().map(ExpertNote::message).toList());
    }

    /** A validator for these tests: a frame starts where the size prefix is 5 or 6. */
    private static final FrameStartValidator FIVE_OR_SIX = (h, fills) -> h.limit() >= 4 && (h.getInt(0) == 5 || h.getInt(0) == 6);

    /**
     * Out of sync, a plausible start whose next frame does not start plausibly is not taken (issue 20: a bogus frame
     * swallowed the real ones after it): the search goes on to the real frames, and the bytes before them are skipped.
     */
    @Test
    void aCandidateIsTakenOnlyWhenTheFrameAfterItAlsoStarts() {
        byte[] bogus = {0, 0, 0, 5, 1, 2, 3, 4, 5, 9, 9, 9, 9}; // a "frame" of 5 followed by bytes that start none
        byte[] stream = concat(bogus, frame(6), frame(5), frame(6));
        FrameAssembler a = assembler(false, FIVE_OR_SIX);
        a.accept(ByteBuffer.wrap(stream), 1, 1); // the real first frame is confirmed by the second: in sync from there
        assertEquals(3, frames.size());
        assertArrayEquals(frame(6), bytes(frames.get(0)));
        assertEquals(13, frames.get(0).meta().streamOffset());
        assertEquals(13, a.skippedBytes());
        assertEquals(List.of("skipped 13 bytes to find a frame boundary (from frame 1)"),
                notes.stream().map(ExpertNote::message).toList());
    }

    /**
     * A candidate that ends exactly where the bytes at hand end has no next frame to confirm it: it is handed on when
     * the other direction is about to speak (so that a request comes before its response) or when the stream ends.
     */
    @Test
    void aFrameEndingWhereTheBytesEndIsHandedOnWhenTheOtherDirectionSpeaks() {
        FrameAssembler a = assembler(false, FIVE_OR_SIX);
        a.accept(ByteBuffer.wrap(concat(new byte[] {7, 7}, frame(5))), 1, 1);
        assertEquals(0, frames.size());
        a.settle(2);
        assertEquals(1, frames.size());
        assertEquals(2, frames.get(0).meta().streamOffset());
        a.accept(ByteBuffer.wrap(frame(6)), 3, 3); // in sync now
        assertEquals(2, frames.size());
    }

    /** A start nothing confirmed (its frame runs past the end of the stream) is never taken: its bytes are skipped. */
    @Test
    void aStartNothingConfirmedIsNotTakenAtTheEnd() {
        FrameAssembler a = assembler(false, FIVE_OR_SIX);
        a.accept(ByteBuffer.wrap(new byte[] {1, 0, 0, 0, 6, 1, 2}), 1, 1); // declares 6 bytes, 2 follow
        a.end(1);
        assertEquals(0, frames.size());
        assertEquals(7, a.skippedBytes());
    }

    /**
     * A frame cut by a gap whose declared end starts no frame, while one starts inside its declared span: the size
     * prefix was wrong, framing resumes inside the span (noted), and the frame there is kept.
     */
    @Test
    void aDeclaredEndThatStartsNoFrameGivesWayToAFrameInsideTheSpan() {
        // what follows is a frame of 5, then another of 6, where the declared end (offset 44) starts no frame
        cutThenFollowedBy(concat(frame(5), frame(6), frame(5), frame(6), frame(5))); // at 44: 00 06 01 02, in a frame
        assertEquals(6, frames.size());
        assertEquals(false, frames.get(0).complete());
        assertArrayEquals(frame(5), bytes(frames.get(1)));
        assertEquals(14, frames.get(1).meta().streamOffset());
        assertEquals(List.of(ExpertItem.FRAME_CUT_BY_GAP, ExpertItem.FRAME_SIZE_UNCONFIRMED),
                notes.stream().map(ExpertNote::item).toList());
        assertEquals("the frame that started 14 bytes before declares 44 bytes, but a frame starts here, before its "
                + "declared end: framing resumes here", notes.get(1).message());
        assertEquals(14L, notes.get(1).offset());
    }

    /** The same span, but a frame starts at the declared end: the size prefix holds, nothing inside the span is taken. */
    @Test
    void aDeclaredEndThatStartsAFrameKeepsTheSizePrefix() {
        cutThenFollowedBy(concat(frame(5), Arrays.copyOfRange(frame(40), 23, 44), frame(6), frame(5)));
        assertEquals(3, frames.size());
        assertEquals(44, frames.get(1).meta().streamOffset());
        assertEquals(List.of(ExpertItem.FRAME_CUT_BY_GAP), notes.stream().map(ExpertNote::item).toList());
    }

    /** A frame declaring 40 bytes of which the first 10 were captured, then 4 lost, then {@code after}; the end. */
    private void cutThenFollowedBy(byte[] after) {
        FrameAssembler a = assembler(true, FIVE_OR_SIX);
        a.accept(ByteBuffer.wrap(frame(40), 0, 10), 1, 1);
        a.gap(4, "snaplen", 1);
        a.accept(ByteBuffer.wrap(after), 2, 2);
        a.end(2);
    }
}
