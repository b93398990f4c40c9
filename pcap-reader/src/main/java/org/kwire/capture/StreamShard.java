package org.kwire.capture;

import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.tls.SessionCache;

/**
 * One stream thread of a sharded hand-off ({@code kwire-stream-N}, {@link ShardedHandoff}): replays every batch, handing
 * on the events of its own connections to its own stream stage (decoders, TLS, framing, conversations), whose calls
 * to the listener and observers it records in the batch, tagged with the event's index, for the merging thread.
 * Its stage, decoders and conversations are used on this thread only; the key log and the TLS sessions are shared,
 * the sessions through a view in capture order ({@link SessionCache#ordered}, this shard's position the event it
 * handles).
 */
final class StreamShard implements HandoffBatch.ShardReplay, SessionCache.Order {

    private final int shard;
    private final ShardedHandoff handoff;
    private final StreamStage stage;
    private final ShardBarrier barrier;
    private ShardBatch.Outputs outputs;
    private long first;
    private int at;

    StreamShard(int shard, ShardedHandoff handoff, StreamStage whole, ShardBarrier barrier) {
        this.shard = shard;
        this.handoff = handoff;
        this.barrier = barrier;
        TlsKeys tls = new TlsKeys(whole.tls().keyLog(), whole.tls().sessions().ordered(this));
        this.stage = whole.deferred(task -> outputs.add(at, task), tls);
    }

    /** The thread's loop: each batch replayed (or, after a failure anywhere, only marked done) until the last. */
    void run() {
        for (ShardBatch b; (b = handoff.nextFor(shard)) != null; ) {
            try {
                if (handoff.failure() == null) {
                    outputs = b.outputs(shard);
                    first = b.first;
                    b.events.replay(shard, c -> TcpToStream.open(stage, c), this);
                }
            } catch (Throwable t) {
                handoff.fail(t);
            } finally {
                outputs = null;
                handoff.progress(shard, b.first + b.events.size());
                b.done();
            }
        }
    }

    @Override
    public void at(int index) {
        at = index;
        handoff.progress(shard, first + index);
    }

    @Override
    public void everyShard(int index, Runnable task) {
        // every event before it handled: a shard waiting for this one to get there must not wait for ever
        handoff.progress(shard, first + index);
        barrier.await(task);
    }

    @Override
    public long position() {
        return first + at;
    }

    @Override
    public void awaitBefore(long position) {
        handoff.awaitBefore(shard, position);
    }

    @Override
    public void inOrder(int index, Runnable task) {
        outputs.add(index, task);
    }
}
