package org.kwire.capture;

import java.util.Arrays;

/**
 * One batch of a sharded hand-off ({@link ShardedHandoff}): the events the reading thread recorded
 * ({@link HandoffBatch}), replayed by every stream thread (each hands on the events of its own connections), and what
 * each shard's stream stage called on the listener and observers while handling them, as tasks tagged with the index
 * of the event that caused them. Once every shard is {@link #done}, the merging thread runs the tasks of all shards
 * ordered by that index ({@link #merge}): the order one stream thread would have made the calls in. Reused through
 * the ring; {@link #clear} drops every reference.
 */
final class ShardBatch {

    final HandoffBatch events;
    /** The position in capture order of the first event: the count of events recorded before it (set when handed over). */
    long first;
    private final Outputs[] outputs;
    private int pending;

    ShardBatch(HandoffBatch events, int shards) {
        this.events = events;
        outputs = new Outputs[shards];
        for (int i = 0; i < shards; i++) {
            outputs[i] = new Outputs();
        }
    }

    /** Where shard {@code shard} records its calls for this batch. */
    Outputs outputs(int shard) {
        return outputs[shard];
    }

    /** Before the batch goes to the shards: every shard has yet to be {@link #done}; its first event at {@code first}. */
    synchronized void handedOver(long first) {
        this.first = first;
        pending = outputs.length;
    }

    /** Shard done with this batch (replayed, skipped or failed); its outputs are visible to the merging thread. */
    synchronized void done() {
        if (--pending == 0) {
            notifyAll();
        }
    }

    /** Waits until every shard is {@link #done}. */
    synchronized void awaitDone() {
        boolean interrupted = false;
        while (pending > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true; // the shards end their batch by themselves
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs every shard's tasks, ordered by the index of the event that caused them (a shard's own are in order). */
    void merge() {
        int[] next = new int[outputs.length];
        while (true) {
            int from = -1;
            int least = Integer.MAX_VALUE;
            for (int s = 0; s < outputs.length; s++) {
                Outputs o = outputs[s];
                if (next[s] < o.size && o.at[next[s]] < least) {
                    least = o.at[next[s]];
                    from = s;
                }
            }
            if (from < 0) {
                return;
            }
            outputs[from].tasks[next[from]++].run();
        }
    }

    /** Forgets the events and the tasks. */
    void clear() {
        events.clear();
        for (Outputs o : outputs) {
            o.clear();
        }
    }

    /** One shard's calls in one batch: the tasks and the index of the event each came from, in the order made. */
    static final class Outputs {
        private int[] at = new int[16];
        private Runnable[] tasks = new Runnable[16];
        private int size;

        /** Records {@code task}, caused by the event at {@code index}. */
        void add(int index, Runnable task) {
            if (size == at.length) {
                at = Arrays.copyOf(at, size * 2);
                tasks = Arrays.copyOf(tasks, size * 2);
            }
            at[size] = index;
            tasks[size++] = task;
        }

        private void clear() {
            Arrays.fill(tasks, 0, size, null);
            size = 0;
        }
    }
}
