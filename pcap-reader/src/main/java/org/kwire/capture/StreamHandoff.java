package org.kwire.capture;

import org.kwire.stream.StreamConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Function;

/**
 * The hand-off of a split pipeline ({@link CaptureAnalyzer#startSplit()}): TCP reassembly's events, recorded on the
 * reading thread in batches ({@link HandoffBatch}), replayed in the same order on one stream thread
 * ({@code kwire-stream}), which runs the stream stage and everything after it (framing, headers, matching, the
 * in-order delivery to the sinks). The batches form a bounded ring: {@link #BATCHES} of them, each of at most
 * {@link #BATCH_EVENTS} events or {@link #BATCH_BYTES} data bytes (plus one event); the reading thread waits for a free
 * batch when the stream thread is behind (backpressure, never unbounded buffering). One wake-up per batch, not per
 * packet.
 * <p>
 * Errors: a throwable on the stream thread stops the replay (batches still queued are discarded, so the reading
 * thread never waits forever) and is thrown again, as it was, on the reading thread at its next batch or at
 * {@link #finish}. {@link #finish} waits for the stream thread to replay every batch recorded and to end: after it,
 * everything the stream thread wrote is visible to the caller.
 */
final class StreamHandoff implements Handoff {

    /** Most events per batch. */
    static final int BATCH_EVENTS = 512;
    /** Data bytes after which a batch is handed over. */
    static final long BATCH_BYTES = 1L << 20;
    /**
     * Batches in the ring (recorded, queued, being replayed): about 16 ms of reading 1448-byte segments at 500 MB/s,
     * enough to ride out the other thread losing its core for a scheduler's time slice on a busy machine.
     */
    static final int BATCHES = 16;

    /** Handed over by {@link #finish}: no batch follows. */
    private static final HandoffBatch LAST = new HandoffBatch(1, 1);

    private final BlockingQueue<HandoffBatch> full = new ArrayBlockingQueue<>(BATCHES + 1);
    private final BlockingQueue<HandoffBatch> free = new ArrayBlockingQueue<>(BATCHES);
    private final Function<StreamConnection, TcpStreamHandler> open;
    private final Thread thread;
    private HandoffBatch current;
    private volatile Throwable failure;
    private boolean finished;

    /**
     * Starts the stream thread.
     *
     * @param open makes a connection's stream-stage input, on the stream thread, at the connection's first event
     */
    StreamHandoff(Function<StreamConnection, TcpStreamHandler> open) {
        this(open, BATCH_EVENTS, BATCH_BYTES);
    }

    StreamHandoff(Function<StreamConnection, TcpStreamHandler> open, int events, long bytes) {
        this.open = open;
        current = new HandoffBatch(events, bytes);
        for (int i = 1; i < BATCHES; i++) {
            free.add(new HandoffBatch(events, bytes));
        }
        thread = new Thread(this::replayAll, "kwire-stream");
        thread.setDaemon(true); // never keeps the JVM up: the reading thread waits for it in finish()
        thread.start();
    }

    @Override
    public TcpStreamHandler connection(StreamConnection connection) {
        return new QueuedHandler(this, connection, 0);
    }

    /** Runs {@code task} on the stream thread, after every event recorded before. */
    void run(Runnable task) {
        add(null, HandoffBatch.TASK, false, 0, 0, task);
    }

    @Override
    public void runOnStreams(Runnable task) {
        run(task);
    }

    @Override
    public void runInOrder(Runnable task) {
        run(task);
    }

    @Override
    public HandoffBatch recording() {
        if (finished) {
            throw new IllegalStateException("stream hand-off already finished");
        }
        return current;
    }

    @Override
    public void handOverIfFull() {
        if (current.full()) {
            handOver(current);
            current = Handoff.take(free);
        }
    }

    /**
     * Hands over what is recorded, waits until the stream thread has replayed it all and ended, and throws again what
     * failed there, if anything. Later calls do nothing.
     */
    @Override
    public void finish() {
        if (finished) {
            return;
        }
        finished = true;
        if (current.size() > 0) {
            handOver(current);
        }
        current = null;
        Handoff.put(full, LAST);
        Handoff.join(thread);
        rethrowFailure();
    }

    /** What failed on the stream thread, or null. */
    @Override
    public Throwable failure() {
        return failure;
    }

    private void handOver(HandoffBatch batch) {
        rethrowFailure();
        Handoff.put(full, batch);
    }

    private void rethrowFailure() {
        Handoff.rethrow(failure);
    }

    /** The stream thread: replays batches in order until {@link #LAST}; after a failure, only recycles them. */
    private void replayAll() {
        for (HandoffBatch b; (b = Handoff.take(full)) != LAST; ) {
            if (failure == null) {
                try {
                    b.replay(open);
                } catch (Throwable t) {
                    failure = t;
                }
            } else {
                b.clear();
            }
            free.add(b);
        }
    }


}
