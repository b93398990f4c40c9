package org.kwire.cli;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What {@code kwire dissect} prints, kept in capture order while some requests wait for their response's verdict
 * ({@code --errors-only}, {@code --min-latency-ms}, or a {@code --topic} that only the response names): entries are
 * added in the order their frames come; a held entry is decided later ({@link #decide}); everything before the first
 * undecided entry is written. Bounded: past {@code maxHeld} undecided entries, or {@code maxQueued} entries waiting
 * behind one, the oldest undecided is given up (not printed) and counted in {@link #givenUp()}.
 */
final class OrderedOutput {

    /** One entry: its text once decided (null: not printed). */
    private static final class Entry {
        String text;
        boolean decided;
    }

    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    private final Map<Long, Entry> held = new HashMap<>();
    private final int maxHeld;
    private final int maxQueued;
    private final Consumer<String> sink;
    private long givenUp;

    /**
     * @param maxHeld   undecided entries kept at most
     * @param maxQueued entries waiting in all at most
     * @param sink      where decided texts go, in order
     */
    OrderedOutput(int maxHeld, int maxQueued, Consumer<String> sink) {
        this.maxHeld = maxHeld;
        this.maxQueued = maxQueued;
        this.sink = sink;
    }

    /** Adds text that prints as soon as everything before it is decided. */
    void add(String text) {
        Entry e = new Entry();
        e.text = text;
        e.decided = true;
        queue.add(e);
        flush();
    }

    /** Adds text whose printing waits for {@link #decide} with the same key (a request waiting for its response). */
    void hold(long key, String text) {
        Entry e = new Entry();
        e.text = text;
        Entry previous = held.put(key, e);
        if (previous != null) {
            previous.text = null; // a correlation_id used again: the earlier request is not waited for any longer
            previous.decided = true;
            givenUp++;
        }
        queue.add(e);
        while (held.size() > maxHeld || queue.size() > maxQueued && !queue.peek().decided) {
            giveUpOldest();
        }
        flush();
    }

    /**
     * Decides a held entry: printed or not. Returns false if nothing was held under the key (not held, or given up).
     */
    boolean decide(long key, boolean print) {
        Entry e = held.remove(key);
        if (e == null) {
            return false;
        }
        e.decided = true;
        if (!print) {
            e.text = null;
        }
        flush();
        return true;
    }

    /** At the end of the capture: the entries still held (requests never answered) are not printed. */
    void finish() {
        for (Entry e : held.values()) {
            e.text = null;
            e.decided = true;
        }
        held.clear();
        flush();
    }

    /** Held entries given up because of the bounds or a reused correlation_id. */
    long givenUp() {
        return givenUp;
    }

    private void giveUpOldest() {
        for (Entry e : queue) {
            if (!e.decided) {
                held.values().remove(e);
                e.text = null;
                e.decided = true;
                givenUp++;
                return;
            }
        }
    }

    private void flush() {
        while (!queue.isEmpty() && queue.peek().decided) {
            String text = queue.poll().text;
            if (text != null) {
                sink.accept(text);
            }
        }
    }
}
