package org.kwire.partial;

import java.util.List;

/**
 * What a slice's partial holds about its edges, for merging it with the slices before and after it of the same
 * capture point ({@link Stitcher}).
 * <p>
 * Its capture point's signature ({@code linkTypes}, {@code hostAddresses}), its TCP connections (which started without
 * their SYN, which were open at its end), and the stream stage's input at its edges ({@link BoundaryRecorder}):
 * {@code tail}, per connection open at the end, what it received from where its stage could last be resumed (the
 * frame in progress of each direction, the frames of the requests still pending); {@code head}, per connection seen
 * without its SYN, what it received until a response to a request of its own began (the rest of the frames the
 * rotation cut, the responses whose request is not in the slice, the slice's first requests; as TCP segments where the
 * edge has them, its pieces then without bytes). The slice's report
 * leaves out what those pieces produced; the merge hands them to the stream stage again, joined across the boundary. Shape: {@code docs/partial.schema.json}.
 *
 * @param linkTypes     LINKTYPE_ values of the slice's packets
 * @param hostAddresses the IP addresses that take part in the most connections (the capturing host's own, usually)
 * @param connections   every TCP connection of the slice, ascending stream
 * @param tail          per connection open at the end whose state was kept, ascending stream
 * @param head          per connection seen without its SYN whose start was kept, ascending stream
 */
public record Boundary(List<Integer> linkTypes, List<String> hostAddresses, List<BoundaryConnection> connections,
                       List<Edge> tail, List<Edge> head) {

    /**
     * One connection at an edge of a slice: the stream stage's input there, in order.
     *
     * @param stream    the connection's stream in the slice
     * @param a         endpoint A ({@code host:port}) as the slice's TCP stage saw it: the SYN's sender, else the
     *                  first packet's source
     * @param b         the other endpoint
     * @param synSeen   whether the slice's TCP stage saw the connection start (its handler started in sync)
     * @param clientIsA true if A is the Kafka client, false if B is, null if not decided yet
     * @param fromStart tail: its pieces go back to the connection's first packet in the slice (its stage never could
     *                  be resumed); else, per direction, they start where it last could
     * @param through   head: it never ended (no response to a request of its own began) and was still open at the
     *                  slice's end (it goes on into the next)
     * @param nextSeq   tail: per direction (A, B), the TCP sequence number of the next byte expected at the slice's end
     *                  (-1: none seen); a head's bytes before it are retransmissions of bytes the tail had
     * @param firstSeq  per direction (A, B), the TCP sequence number of the first byte the slice handed to the stream
     *                  stage (-1: none); where the slice's stream offsets start (null in partials of kwire before it)
     * @param offsets   per direction (A, B), the stream stage's offset at the slice's end: bytes and gaps handed on
     *                  (null in partials of kwire before it). The stage counts offsets from the slice's first byte; the
     *                  merge moves those of a joined connection to count from the connection's start
     * @param pieces    what the stream stage received, in order
     * @param tcp       the TCP facts below the stream stage (the tail's reassembly state, the head's segments), so
     *                  that the merge reassembles the joined connection as one analysis does (null in partials of
     *                  kwire before it: then the merge joins the pieces by their sequence numbers)
     * @param elided    the records of whole batches its pieces and segments leave out ({@link Elision}, put back by {@link ElidedBytes}), in order per
     *                  direction; null or empty when they hold every byte
     * @param apis      tail: the (api key &lt;&lt; 16 | version) pairs of the requests the connection's Kafka
     *                  conversation saw in the slice, in the order first seen; the merge gives the joined
     *                  conversation those of every earlier slice of the connection, as one analysis has them to try a
     *                  response whose request the capture lost; null if none or not Kafka
     */
    public record Edge(int stream, String a, String b, boolean synSeen, Boolean clientIsA, boolean fromStart,
                       boolean through, List<Long> nextSeq, List<Long> firstSeq, List<Long> offsets,
                       List<Piece> pieces, TcpFacts tcp, List<ElidedRecords> elided, List<Long> apis) {

        /** This edge with {@code facts} as its TCP facts. */
        public Edge withTcp(TcpFacts facts) {
            return new Edge(stream, a, b, synSeen, clientIsA, fromStart, through, nextSeq, firstSeq, offsets, pieces,
                    facts, elided, apis);
        }

        /** This edge with {@code list} as its APIs seen. */
        public Edge withApis(List<Long> list) {
            return new Edge(stream, a, b, synSeen, clientIsA, fromStart, through, nextSeq, firstSeq, offsets, pieces, tcp,
                    elided, list);
        }

        /** This edge with these pieces, TCP facts and elided records. */
        Edge withBytes(List<Piece> newPieces, TcpFacts facts, List<ElidedRecords> newElided) {
            return new Edge(stream, a, b, synSeen, clientIsA, fromStart, through, nextSeq, firstSeq, offsets, newPieces,
                    facts, newElided, apis);
        }

        /** Its 4-tuple, the same whichever end is first. */
        public String fourTuple() {
            return ConnectionLedger.fourTuple(a, b);
        }
    }
}
