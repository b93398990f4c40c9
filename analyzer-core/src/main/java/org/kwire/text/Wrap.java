package org.kwire.text;

import java.util.List;

/** Wraps text at spaces to a line width, for sections whose entries are sentences rather than table rows. */
final class Wrap {

    /** Stands for a space inside an item while wrapping: not a space, so no line breaks there. */
    private static final char NO_BREAK = '\u00a0';

    private Wrap() {
    }

    /**
     * Adds {@code text} to {@code lines} as lines of at most {@code width} characters: the first after {@code first},
     * the rest after {@code next}. The text is shown by {@link VisibleText}'s rule; a word longer than a line is cut
     * inside (never inside an escape); spaces marked by {@link #keep} are not broken at.
     */
    static void wrap(List<String> lines, String text, String first, String next, int width) {
        String rest = VisibleText.of(text);
        String prefix = first;
        while (prefix.length() + rest.length() > width) {
            int room = width - prefix.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= room / 2) {
                cut = Math.max(1, VisibleText.cut(rest, room).length()); // no space near the end: cut inside the word
            }
            lines.add((prefix + rest.substring(0, cut).stripTrailing()).replace(NO_BREAK, ' '));
            rest = rest.substring(cut).stripLeading();
            prefix = next;
        }
        lines.add((prefix + rest).replace(NO_BREAK, ' '));
    }

    /** {@code text} with its spaces marked as places {@link #wrap} must not break at. */
    static String keep(String text) {
        return text.replace(' ', NO_BREAK);
    }

    /**
     * Adds {@code lead} followed by {@code items} separated by commas, wrapped like {@link #wrap}, but never inside an
     * item ({@code Produce v0-13}, {@code metadata.version 33} stay on one line).
     */
    static void list(List<String> lines, String lead, List<String> items, String first, String next, int width) {
        wrap(lines, lead + String.join(", ", items.stream().map(Wrap::keep).toList()), first, next, width);
    }
}
