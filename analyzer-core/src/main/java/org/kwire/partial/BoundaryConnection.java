package org.kwire.partial;

/**
 * One TCP connection of a slice, as the boundary section of a partial lists it.
 *
 * @param stream    its stream number in the slice
 * @param a         the SYN's sender or, without a captured SYN, the first packet's source ({@code host:port})
 * @param b         the other endpoint
 * @param syn       true if its first packet in the slice was a SYN without ACK: it started there
 * @param openAtEnd true if it was still open when the slice ended: it may go on in the next file
 */
public record BoundaryConnection(int stream, String a, String b, boolean syn, boolean openAtEnd) {

    /** Its 4-tuple, the same whichever end is first. */
    public String fourTuple() {
        return ConnectionLedger.fourTuple(a, b);
    }

    /** How a warning names it: {@code client <-> server}. */
    public String describe() {
        return a + " <-> " + b;
    }
}
