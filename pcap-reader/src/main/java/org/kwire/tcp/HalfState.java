package org.kwire.tcp;

import java.util.List;

/**
 * The state of one direction of a TCP connection's reassembly ({@link TcpReassembler}) at a moment: what a later
 * reassembly needs to go on exactly as this one would ({@link ResumedTcp}), e.g. across the boundary between two
 * files of a rotated capture analyzed apart. Sequence numbers are TCP's own, 32 bits.
 *
 * @param nextSeq    the sequence number of the next byte expected
 * @param highestAck the highest acknowledgment number the peer sent for this direction, -1 if none
 * @param finSeq     the sequence number after this direction's FIN, -1 if no FIN was seen
 * @param held       segments received ahead of {@code nextSeq}, held until the bytes before them arrive or the peer
 *                   acknowledges past them, ascending sequence number
 */
public record HalfState(long nextSeq, long highestAck, long finSeq, List<Held> held) {

    /**
     * A segment held out of order.
     *
     * @param seq            sequence number of its first byte
     * @param data           the captured bytes
     * @param missing        bytes after them on the wire that the capture did not keep (snaplen)
     * @param timestampNanos capture time of its packet, epoch ns
     * @param packet         its packet's frame number
     */
    public record Held(long seq, byte[] data, int missing, long timestampNanos, long packet) {
    }
}
