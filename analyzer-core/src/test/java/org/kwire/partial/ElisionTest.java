package org.kwire.partial;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;
import org.kwire.json.JsonInputException;
import org.kwire.records.BatchStandIn;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.records.RecordsSummary;
import org.kwire.tcp.HalfState;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Elision}: the records of whole batches (built by kafka-clients) left out of an edge's pieces and segments, put
 * back as stand-ins that decode to the same batches; copies that differ, or a segment held out of order, keep them.
 */
class ElisionTest {

    private static final RecordsDecoder HEADERS = RecordsDecoder.headersOnly(RecordsOptions.defaults());
    /** A sequence number just before the 32-bit wrap: the direction's bytes wrap to 0 inside the first batch. */
    private static final long SEQ = 4_294_967_000L;

    private final byte[] junk = "the rest of a frame the rotation cut".getBytes(StandardCharsets.US_ASCII);
    private final byte[] plain = batch(Compression.NONE, 0L, 30);
    private final byte[] lz4 = batch(Compression.lz4().build(), 30L, 40);
    private final byte[] cut = Arrays.copyOf(batch(Compression.NONE, 70L, 10), 300);
    private final byte[] stream = concat(junk, plain, lz4, cut);

    @Test
    void wholeBatchesRecordsAreLeftOutAndPutBackAsStandInsOfTheSameBatches() {
        Boundary.Edge edge = edge(pieces(stream, 100, true), null);

        Boundary.Edge elided = Elision.elide(edge, HEADERS);
        Boundary.Edge restored = ElidedBytes.restore(elided);

        assertEquals(List.of(new ElidedRecords(true, (SEQ + junk.length + BatchStandIn.HEADER) & 0xffffffffL,
                        plain.length - BatchStandIn.HEADER, plain.length),
                new ElidedRecords(true, (SEQ + junk.length + plain.length + BatchStandIn.HEADER) & 0xffffffffL,
                        lz4.length - BatchStandIn.HEADER, -1)), elided.elided());
        int kept = elided.pieces().stream().filter(p -> p.data() != null).mapToInt(p -> p.data().length).sum();
        assertEquals(stream.length - plain.length - lz4.length + 2 * BatchStandIn.HEADER, kept);
        assertEquals(edge.pieces().size(), elided.pieces().size());
        assertNull(restored.elided());
        byte[] back = join(restored.pieces());
        assertEquals(stream.length, back.length);
        assertArrayEquals(Arrays.copyOf(stream, junk.length + BatchStandIn.HEADER),
                Arrays.copyOf(back, junk.length + BatchStandIn.HEADER), "bytes outside the records as they were");
        int tail = junk.length + plain.length + lz4.length;
        assertArrayEquals(Arrays.copyOfRange(stream, tail, stream.length), Arrays.copyOfRange(back, tail, back.length));

        int field = plain.length + lz4.length + cut.length;
        RecordsSummary real = HEADERS.decode(ByteBuffer.wrap(stream, junk.length, field).slice(), 0, field, 5, null);
        RecordsSummary standIns = HEADERS.acceptingStandIns().decode(ByteBuffer.wrap(back, junk.length, field).slice(),
                0, field, 5, null);
        assertEquals(real, standIns);
        assertEquals(2, standIns.batches().size());
        assertTrue(standIns.partialBatch() != null, "the cut batch as before");
    }

    @Test
    void aCopyThatDiffersOrASegmentHeldOutOfOrderKeepsTheRecords() {
        List<Piece> pieces = new ArrayList<>(pieces(stream, 100, true));
        byte[] other = Arrays.copyOfRange(stream, junk.length + 200, junk.length + 260);
        other[7] ^= 0x40; // a retransmission of bytes of the first batch that differs
        pieces.add(Piece.data(true, ByteBuffer.wrap(other), 0, other.length, 9, 99, (SEQ + junk.length + 200) & 0xffffffffL));
        byte[] held = Arrays.copyOfRange(stream, junk.length + plain.length + 100, junk.length + plain.length + 150);
        HalfState end = new HalfState(0, 0, -1, List.of(new HalfState.Held(
                (SEQ + junk.length + plain.length + 100) & 0xffffffffL, held, 0, 9, 98)));
        TcpFacts tcp = new TcpFacts(Arrays.asList(end, null), List.of());

        assertNull(Elision.elide(edge(pieces, tcp), HEADERS).elided(), "nothing left out");
        assertEquals(1, Elision.elide(edge(pieces(stream, 100, true), tcp), HEADERS).elided().size(),
                "only the batch no held segment holds bytes of");
    }

    @Test
    void aPartialWhoseBytesDoNotAgreeWithItsElidedRecordsIsRefused() {
        Boundary.Edge elided = Elision.elide(edge(pieces(stream, 100, true), null), HEADERS);
        List<Piece> pieces = new ArrayList<>(elided.pieces());
        Piece first = pieces.get(0); // the junk and the first batch's header kept, then the start of its records left out
        assertEquals(junk.length + BatchStandIn.HEADER, first.data().length);
        pieces.set(0, first.withData(Arrays.copyOf(first.data(), first.data().length - 1), (int) first.bytes()));
        Boundary.Edge damaged = elided.withBytes(pieces, null, elided.elided());

        JsonInputException e = assertThrows(JsonInputException.class, () -> ElidedBytes.check(partial(damaged),
                new PacketBudget(1L << 30)));
        assertEquals("/slices/0/boundary/tail/0/pieces/0", e.pointer());
        JsonInputException heap = assertThrows(JsonInputException.class, () -> ElidedBytes.check(partial(elided),
                new PacketBudget(3000)));
        assertTrue(heap.reason().contains("larger heap"), heap.reason());
    }

    private static Partial partial(Boundary.Edge e) {
        Boundary b = new Boundary(List.of(1), List.of(), List.of(), List.of(e), List.of());
        SliceFacts s = new SliceFacts(List.of("a.pcap"), 0, 0, 0, 0, 0, List.of(), 0, 0, 0, 0, 0, null, b);
        return new Partial(Partial.VERSION, java.util.Map.of(), List.of(s), null, null);
    }

    private static Boundary.Edge edge(List<Piece> pieces, TcpFacts tcp) {
        List<Piece> all = new ArrayList<>(pieces);
        all.add(Piece.event("gap", false, 50, 10, "missing segments"));
        return new Boundary.Edge(3, "10.0.0.1:40000", "10.0.0.2:9092", false, true, false, false, List.of(-1L, -1L),
                List.of(SEQ, -1L), List.of(0L, 0L), all, tcp, null, null);
    }

    /** The bytes as data pieces of {@code size} bytes from {@link #SEQ}. */
    private static List<Piece> pieces(byte[] bytes, int size, boolean fromA) {
        List<Piece> pieces = new ArrayList<>();
        for (int at = 0; at < bytes.length; at += size) {
            int n = Math.min(size, bytes.length - at);
            pieces.add(Piece.data(fromA, ByteBuffer.wrap(bytes), at, n, 1000L + at, 1 + at / size, (SEQ + at) & 0xffffffffL));
        }
        return pieces;
    }

    private static byte[] join(List<Piece> pieces) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        pieces.stream().filter(p -> p.kind().equals("data")).forEach(p -> out.writeBytes(p.data()));
        return out.toByteArray();
    }

    private static byte[] batch(Compression codec, long baseOffset, int n) {
        SimpleRecord[] records = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            records[i] = new SimpleRecord(1_795_973_323_000L + i, ("key-" + i).getBytes(StandardCharsets.UTF_8),
                    ("a record in flight at a file boundary, number " + i).getBytes(StandardCharsets.UTF_8));
        }
        ByteBuffer b = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, baseOffset, codec, TimestampType.CREATE_TIME,
                records).buffer().duplicate();
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
