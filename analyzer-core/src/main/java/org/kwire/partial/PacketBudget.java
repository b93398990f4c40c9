package org.kwire.partial;

import org.kwire.json.JsonInputException;

/**
 * How many packets the partials of one merge may hold together: building their report numbers every packet of every
 * slice from the slices' timelines, about 20 bytes of heap per packet at once, measured (each packet's running
 * maximum, 8 bytes, held for the numbering and computed again while it is built, with the timelines' own bytes;
 * docs/PERFORMANCE.md, "Hostile partials"), so the packets a merge takes are bounded by the heap: at most two thirds
 * of it at 24 bytes each (30 million packets in the launcher's 1 GiB). Checked on each partial's declared counts before its timelines are inflated. Not thread-safe: one per
 * merge.
 */
public final class PacketBudget {

    /** Heap bytes the numbering of one packet takes, at most. */
    static final long BYTES_PER_PACKET = 24;

    private final long maxHeap;
    private long packets;
    private long restored;

    /** @param maxHeap the JVM's largest heap, bytes ({@link Runtime#maxMemory()}) */
    public PacketBudget(long maxHeap) {
        this.maxHeap = maxHeap;
    }

    /** With this JVM's heap. */
    public static PacketBudget ofThisHeap() {
        return new PacketBudget(Runtime.getRuntime().maxMemory());
    }

    /** The packets all partials of the merge may hold. */
    public long most() {
        return maxHeap / 3 * 2 / BYTES_PER_PACKET;
    }

    /**
     * Takes a partial's packets.
     *
     * @param pointer where the partial declares them (for the message)
     * @throws JsonInputException if the merge would then hold more than {@link #most()}
     */
    void take(long n, String pointer) throws JsonInputException {
        if (n > most() - packets - restored / BYTES_PER_PACKET) {
            throw new JsonInputException(pointer, "the partials hold " + (n > Long.MAX_VALUE - packets ? "more than "
                    + Long.MAX_VALUE : Long.toString(packets + n)) + " packets; numbering their frames takes "
                    + BYTES_PER_PACKET + " bytes each, more than two thirds of this heap (" + (maxHeap >> 20)
                    + " MiB) holds: give the JVM a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
        }
        packets += n;
    }

    /**
     * Takes the bytes of records a partial left out ({@link Elision}), which the merge puts back: they share the two
     * thirds of the heap with the packets' numbering.
     *
     * @param pointer where the partial declares them (for the message)
     * @throws JsonInputException if the merge would then hold more than that
     */
    void takeBytes(long n, String pointer) throws JsonInputException {
        long room = maxHeap / 3 * 2 - packets * BYTES_PER_PACKET - restored;
        if (n > room) {
            throw new JsonInputException(pointer, "the partials' elided records take " + (restored + n) + " bytes put "
                    + "back, with their packets' numbering more than two thirds of this heap (" + (maxHeap >> 20)
                    + " MiB) holds: give the JVM a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
        }
        restored += n;
    }
}
