package org.kwire.capture;

import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;

/**
 * One stream thread of a sharded hand-off ({@code kwire-stream-N}, {@link ShardedHandoff}): replays every batch, handing
 * on the events of its own connections to its own stream stage (decoders, TLS, framing, conversations), whose calls
 * to the listener and observers it records in the batch, tagged with the event's index, for the merging thread.
 * Its stage, decoders and conversations are used on this thread only.
 */
final class StreamShard implements HandoffBatch.ShardReplay {

    private final int shard;
    private final ShardedHandoff handoff;
    private final StreamStage stage;
    private final ShardBarrier barrier;
    private ShardBatch.Outputs outputs;
    private int at;

    StreamShard(int shard, ShardedHandoff handoff, StreamStage whole, TlsKeys tls, ShardBarrier barrier) {
        this.shard = shard;
        this.handoff = handoff;
        this.barrier = barrier;
        this.stage = whole.deferred(task -> outputs.add(at, task), tls);
    }

    /** The thread's loop: each batch replayed (or, after a failure anywhere, only marked done) until the last. */
    void run() {
        for (ShardBatch b; (b = handoff.nextFor(shard)) != null; ) {
            try {
                if (handoff.failure() == null) {
                    outputs = b.outputs(shard);
                    b.events.replay(shard, c -> TcpToStream.open(stage, c), this);
                }
            } catch (Throwable t) {
                handoff.fail(t);
            } finally {
                outputs = null;
                b.done();
            }
        }
    }

    @Override
    public void at(int index) {
        at = index;
    }

    @Override
    public void everyShard(Runnable task) {
        barrier.await(task);
    }

    @Override
    public void inOrder(int index, Runnable task) {
        outputs.add(index, task);
    }
}
