package org.kwire.expert;

/**
 * One expert-info item, Wireshark style: something the dissector noticed about the data, attached to where it
 * happened. Problems in the input are reported this way instead of being thrown.
 *
 * @param severity how bad it is
 * @param group    what kind of problem: {@code malformed}, {@code truncated}, {@code sequence}, {@code protocol},
 *                 {@code undecoded}, {@code checksum}, {@code capture}
 * @param packet   capture frame (packet) number, 1-based, or 0 when not tied to one packet
 * @param offset   byte offset of the problem inside its Kafka frame or stream (as {@code context} says), or -1
 * @param context  where it happened, e.g. {@code "stream 3 client->broker"} or {@code "Metadata v12 response"}
 * @param message  one human-readable sentence
 */
public record ExpertNote(Severity severity, String group, long packet, long offset, String context, String message) {

    @Override
    public String toString() {
        return severity.label() + " [" + group + "]" + (packet > 0 ? " frame " + packet : "")
                + (offset >= 0 ? " offset " + offset : "") + (context.isEmpty() ? "" : " (" + context + ")") + ": " + message;
    }
}
