package org.kwire.expert;

/**
 * One expert note, Wireshark style: an occurrence of a registered {@link ExpertItem}, attached to where it happened.
 * Problems in the input are reported this way instead of being thrown.
 *
 * @param item    what was noticed: its stable id, severity and group ({@link ExpertItem})
 * @param packet  capture frame (packet) number, 1-based, or 0 when not tied to one packet
 * @param offset  byte offset of the problem inside its Kafka frame or stream (as {@code context} says), or -1
 * @param context where it happened, e.g. {@code "stream 3 client->broker"} or {@code "Metadata v12 response"}
 * @param message one human-readable sentence with this occurrence's details (the item's summary says what it is)
 */
public record ExpertNote(ExpertItem item, long packet, long offset, String context, String message) {

    /** How bad it is: the item's. */
    public Severity severity() {
        return item.severity();
    }

    /** What kind of thing it is: the item's. */
    public ExpertGroup group() {
        return item.group();
    }

    /** The same note in another context (e.g. a record set's note placed in its frame's). */
    public ExpertNote in(String newContext) {
        return new ExpertNote(item, packet, offset, newContext, message);
    }

    @Override
    public String toString() {
        return severity().label() + " [" + group().label() + "]" + (packet > 0 ? " frame " + packet : "")
                + (offset >= 0 ? " offset " + offset : "") + (context.isEmpty() ? "" : " (" + context + ")") + ": " + message;
    }
}
