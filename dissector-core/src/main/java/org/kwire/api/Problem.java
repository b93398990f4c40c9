package org.kwire.api;

import org.kwire.expert.ExpertItem;
import org.kwire.expert.Severity;

import java.util.OptionalInt;

/**
 * One problem kwire found in what it decoded, typed: which registered {@link ExpertItem} (stable id, severity, group:
 * docs/GUIDE.md's "Expert items" table), where, and this occurrence's details. Problems never appear inside decoded
 * values. Immutable, thread-safe.
 *
 * @param item    what is wrong ({@code kafka.body.*}, {@code kafka.records.*}, {@code kafka.frame.*}, ...)
 * @param offset  where, in bytes from the start of the bytes the caller gave (the buffer's {@code position()}; with
 *                {@link Framing#WITHOUT_SIZE_PREFIX} the first header byte is 0); empty when the problem is not at
 *                one place (e.g. values left out by the value budget, or a note about a whole connection)
 * @param message one sentence with the details, for people (its wording may change; test {@code item})
 */
public record Problem(ExpertItem item, OptionalInt offset, String message) {

    /** @throws NullPointerException if item, offset or message is null */
    public Problem {
        java.util.Objects.requireNonNull(item, "item");
        java.util.Objects.requireNonNull(offset, "offset");
        java.util.Objects.requireNonNull(message, "message");
    }

    /** A problem at an internal frame offset (0 = size prefix), moved into the caller's coordinates; -1: no place. */
    static Problem at(ExpertItem item, long frameOffset, int prefixBytes, String message) {
        return new Problem(item, frameOffset < 0 ? OptionalInt.empty()
                : OptionalInt.of((int) Math.max(0, frameOffset - 4 + prefixBytes)), message);
    }

    /** How bad it is: the item's severity. */
    public Severity severity() {
        return item.severity();
    }

    @Override
    public String toString() {
        return item.id() + (offset.isPresent() ? " at " + offset.getAsInt() : "") + ": " + message;
    }
}
