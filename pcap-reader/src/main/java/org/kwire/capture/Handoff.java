package org.kwire.capture;

import org.kwire.stream.StreamConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;
import java.util.concurrent.BlockingQueue;

/**
 * What the reading thread of a split pipeline hands TCP reassembly's events to: one stream thread
 * ({@link StreamHandoff}) or several, each taking a shard of the connections ({@link ShardedHandoff}). Either way the
 * stream stage's listener and observers get the calls one thread would make, in the same order. Used by the reading
 * thread only.
 */
interface Handoff {

    /** The queued handler of a new connection (its first event, recorded now, opens it on its stream thread). */
    TcpStreamHandler connection(StreamConnection connection);

    /**
     * The batch events are recorded in now.
     *
     * @throws IllegalStateException once {@link #finish} was called
     */
    HandoffBatch recording();

    /** Hands the batch recorded in over once it is full, and takes a free one to record in next. */
    void handOverIfFull();

    /** Records one event of a connection ({@link HandoffBatch#add}); hands the batch over when it is full. */
    default void add(QueuedHandler to, byte kind, boolean fromA, long number, long packet, Object ref) {
        recording().add(to, kind, fromA, number, packet, ref);
        handOverIfFull();
    }

    /**
     * Records a data event of a connection: {@code bytes} bytes of {@code buffer} from {@code at}, sliced only when
     * replayed ({@link HandoffBatch#addData}); the bytes must not change meanwhile. Hands the batch over when full.
     */
    default void addData(QueuedHandler to, boolean fromA, long timestampNanos, long packet, ByteBuffer buffer, int at,
                         int bytes) {
        recording().addData(to, fromA, timestampNanos, packet, buffer, at, bytes);
        handOverIfFull();
    }

    /**
     * Runs {@code task}, which changes what the stream stage reads (a key log added), after every event recorded
     * before and before every event recorded after, on every stream thread's view.
     */
    void runOnStreams(Runnable task);

    /** Runs {@code task}, a call to the stage's observers, in capture order with their other calls. */
    void runInOrder(Runnable task);

    /**
     * Hands over what is recorded, waits until every event is handled and the threads ended, and throws again what
     * failed there, if anything. Later calls do nothing.
     */
    void finish();

    /** What failed on a stream thread, or null. */
    Throwable failure();

    /** Throws {@code t} again as it was (wrapped only if checked); nothing if null. */
    static void rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /** Puts {@code item} in {@code queue}, waiting for room; interrupted, gives up with an exception. */
    static <T> void put(BlockingQueue<T> queue, T item) {
        try {
            queue.put(item);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing packets to the stream thread", e);
        }
    }

    /** Takes from {@code queue}, waiting through interrupts (kept for the caller): the other side always hands on. */
    static <T> T take(BlockingQueue<T> queue) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return queue.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Joins every thread, waiting through interrupts (kept for the caller): the threads end by themselves. */
    static void join(Thread... threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
