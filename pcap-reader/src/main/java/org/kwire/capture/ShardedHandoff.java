package org.kwire.capture;

import org.kwire.stream.StreamConnection;
import org.kwire.stream.StreamStage;
import org.kwire.tcp.TcpStreamHandler;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The hand-off of a pipeline split over several stream threads ({@link CaptureAnalyzer#startSplit(int)}): the
 * connections are sharded by their 4-tuple ({@link #shardOf}, both directions to one shard) over {@code S} stream
 * threads ({@link StreamShard}, {@code kwire-stream-1..S}), each with a stream stage of its own (decoders, TLS,
 * framing, conversations); one merging thread ({@code kwire-merge}) runs what they called on the listener and
 * observers, batch by batch, in the order of the events that caused the calls ({@link ShardBatch#merge}): the sinks
 * get exactly the calls one stream thread makes, in the same order, on one thread.
 * <p>
 * Bounded like {@link StreamHandoff}: a ring of {@link StreamHandoff#BATCHES} batches in all (recorded, being
 * replayed by the shards, or merged), each of at most {@link StreamHandoff#BATCH_EVENTS} events or
 * {@link StreamHandoff#BATCH_BYTES} data bytes; a batch is free again once merged. Every shard reads every batch and
 * skips the events of the others' connections. A pcapng key log is added where every shard has reached it
 * ({@link ShardBarrier}). Errors as in {@link StreamHandoff}: the first throwable of any thread stops the replays
 * and merges (batches still go round, so nothing waits for ever) and is thrown again on the reading thread.
 */
final class ShardedHandoff implements Handoff {

    private static final ShardBatch LAST = new ShardBatch(new HandoffBatch(1, 1), 1);

    private final int shards;
    private final BlockingQueue<ShardBatch>[] toShards;
    private final BlockingQueue<ShardBatch> toMerge = new ArrayBlockingQueue<>(StreamHandoff.BATCHES + 1);
    private final BlockingQueue<ShardBatch> free = new ArrayBlockingQueue<>(StreamHandoff.BATCHES);
    private final Thread[] threads;
    private final ShardBarrier barrier;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    /** Per shard, the position in capture order before which it has handled every event of its connections. */
    private final AtomicLongArray progress;
    private ShardBatch current;
    private long recorded;
    private boolean finished;

    /**
     * Starts {@code shards} stream threads and the merging thread.
     *
     * @param whole  the analysis's stage, whose listener and observers the merging thread calls
     * @param shards stream threads, at least 2
     */
    ShardedHandoff(StreamStage whole, int shards) {
        this(whole, shards, StreamHandoff.BATCH_EVENTS, StreamHandoff.BATCH_BYTES);
    }

    @SuppressWarnings("unchecked")
    ShardedHandoff(StreamStage whole, int shards, int events, long bytes) {
        if (shards < 2) {
            throw new IllegalArgumentException("a sharded hand-off needs 2 stream threads or more, not " + shards);
        }
        this.shards = shards;
        barrier = new ShardBarrier(shards);
        progress = new AtomicLongArray(shards);
        toShards = new BlockingQueue[shards];
        current = new ShardBatch(new HandoffBatch(events, bytes), shards);
        for (int i = 1; i < StreamHandoff.BATCHES; i++) {
            free.add(new ShardBatch(new HandoffBatch(events, bytes), shards));
        }
        threads = new Thread[shards + 1];
        for (int s = 0; s < shards; s++) {
            toShards[s] = new ArrayBlockingQueue<>(StreamHandoff.BATCHES + 1);
            StreamShard shard = new StreamShard(s, this, whole, barrier);
            threads[s] = new Thread(shard::run, "kwire-stream-" + (s + 1));
        }
        threads[shards] = new Thread(this::mergeAll, "kwire-merge");
        for (Thread t : threads) {
            t.setDaemon(true); // never keeps the JVM up: the reading thread waits for them in finish()
            t.start();
        }
    }

    /**
     * The shard of a connection: a hash of its two endpoints (addresses and ports), the same whichever side is A, so
     * both directions go to one stream thread; the same 4-tuple always to the same shard.
     */
    int shardOf(StreamConnection c) {
        int h = c.a().hashCode() + c.b().hashCode(); // symmetric: A and B swapped give the same shard
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        return Math.floorMod(h, shards);
    }

    @Override
    public TcpStreamHandler connection(StreamConnection connection) {
        return new QueuedHandler(this, connection, shardOf(connection));
    }

    @Override
    public HandoffBatch recording() {
        if (finished) {
            throw new IllegalStateException("stream hand-off already finished");
        }
        return current.events;
    }

    @Override
    public void handOverIfFull() {
        if (current.events.full()) {
            handOver(current);
            current = Handoff.take(free);
        }
    }

    @Override
    public void runOnStreams(Runnable task) {
        add(null, HandoffBatch.TASK, false, 0, 0, task);
    }

    @Override
    public void runInOrder(Runnable task) {
        add(null, HandoffBatch.IN_ORDER, false, 0, 0, task);
    }

    @Override
    public void finish() {
        if (finished) {
            return;
        }
        finished = true;
        if (current.events.size() > 0) {
            handOver(current);
        }
        current = null;
        for (BlockingQueue<ShardBatch> q : toShards) {
            Handoff.put(q, LAST);
        }
        Handoff.put(toMerge, LAST);
        Handoff.join(threads);
        rethrowFailure();
    }

    @Override
    public Throwable failure() {
        return failure.get();
    }

    /** Keeps the first throwable of any thread and lets the shards waiting at the barrier go. */
    void fail(Throwable t) {
        failure.compareAndSet(null, t);
        barrier.breakAll();
    }

    /** Shard {@code shard} has handled every event of its connections before {@code position}. */
    void progress(int shard, long position) {
        progress.lazySet(shard, position);
    }

    /**
     * Returns once every shard but {@code shard} has handled every event before {@code position} (or something failed):
     * for a TLS session looked up in capture order ({@code SessionCache.ordered}). The others never wait for a later
     * position, so this ends.
     */
    void awaitBefore(int shard, long position) {
        for (int s = 0; s < shards; s++) {
            while (s != shard && progress.get(s) < position && failure.get() == null) {
                LockSupport.parkNanos(20_000);
            }
        }
    }

    /** The next batch for shard {@code shard}; null after the last. */
    ShardBatch nextFor(int shard) {
        ShardBatch b = Handoff.take(toShards[shard]);
        return b == LAST ? null : b;
    }

    private void handOver(ShardBatch batch) {
        rethrowFailure();
        batch.handedOver(recorded);
        recorded += batch.events.size();
        Handoff.put(toMerge, batch); // first: the merging thread takes the batches in the order recorded
        for (BlockingQueue<ShardBatch> q : toShards) {
            Handoff.put(q, batch);
        }
    }

    /** The merging thread: each batch, once every shard is done with it, merged (unless something failed), freed. */
    private void mergeAll() {
        for (ShardBatch b; (b = Handoff.take(toMerge)) != LAST; ) {
            b.awaitDone();
            if (failure.get() == null) {
                try {
                    b.merge();
                } catch (Throwable t) {
                    fail(t);
                }
            }
            b.clear();
            free.add(b);
        }
    }

    private void rethrowFailure() {
        Handoff.rethrow(failure.get());
    }


}
