package org.kwire.report;

import org.kwire.expert.ExpertNote;

import java.util.function.LongUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One listed warning of a {@link ReportPart}: an {@link ExpertNote} whose numbers can be renumbered. Its frame
 * ({@code packet}), the stream its context names ({@code "stream N ..."}, as the stream stage writes contexts) and the
 * frames its message names ({@code "frame N"}, as in "skipped 12 bytes ... (from frame 812)") are provisional in a
 * merged part and become the capture's numbers when the report is built. A number of more than 18 digits is no frame
 * or stream number (none fits in 64 bits) and is left as it is.
 *
 * @param note the note as its analysis made it
 */
public record NoteEntry(ExpertNote note) {

    private static final Pattern STREAM = Pattern.compile("^stream (\\d{1,18})\\b");
    private static final Pattern FRAME = Pattern.compile("\\bframe (\\d{1,18})\\b");

    /** The frame numbers a note's message names ({@code "frame N"}), in order. */
    public static java.util.List<Long> framesNamed(String message) {
        return named(FRAME, message);
    }

    /** The stream number a note's context names ({@code "stream N ..."}), if any. */
    public static java.util.List<Long> streamsNamed(String context) {
        return named(STREAM, context);
    }

    private static java.util.List<Long> named(Pattern p, String text) {
        java.util.List<Long> out = new java.util.ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(Long.parseLong(m.group(1)));
        }
        return out;
    }

    /** The frame it is tied to, 0 if none. */
    long frame() {
        return note.packet();
    }

    /** This note with every frame number and stream number mapped. */
    NoteEntry map(LongUnaryOperator frames, LongUnaryOperator streams) {
        ExpertNote n = note;
        return new NoteEntry(new ExpertNote(n.item(), n.packet() == 0 ? 0 : frames.applyAsLong(n.packet()),
                n.offset(), replace(STREAM, n.context(), streams), replace(FRAME, n.message(), frames)));
    }

    private static String replace(Pattern p, String text, LongUnaryOperator f) {
        Matcher m = p.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            long v = Long.parseLong(m.group(1));
            String number = Long.toString(f.applyAsLong(v));
            m.appendReplacement(out, Matcher.quoteReplacement(m.group().replace(m.group(1), number)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static final Pattern STREAM_SIDE = Pattern.compile("^stream (\\d{1,18}) (client->broker|broker->client)$");

    /**
     * This note with its stream offset moved by {@code shift.offset(stream, clientToBroker)}, if its context names a
     * direction of a stream ({@code "stream N client->broker"}, where the offset counts the stream's bytes) and it has
     * an offset; else itself.
     */
    NoteEntry shift(ReportPart.OffsetShift shift) {
        Matcher m = STREAM_SIDE.matcher(note.context());
        if (note.offset() < 0 || !m.matches()) {
            return this;
        }
        long by = shift.offset(Long.parseLong(m.group(1)), m.group(2).equals("client->broker"));
        return by == 0 ? this : new NoteEntry(new ExpertNote(note.item(), note.packet(), note.offset() + by,
                note.context(), note.message()));
    }

    /** The line the report lists. */
    String render(FrameNumbering n) {
        return map(n::frame, s -> n.stream((int) s)).note().toString();
    }
}
