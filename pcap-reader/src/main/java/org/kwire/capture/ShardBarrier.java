package org.kwire.capture;

/**
 * Where the stream threads of a sharded hand-off meet to change what every shard's stream stage reads (a pcapng key
 * log added, {@link HandoffBatch#TASK}): the task runs once, on the last thread to arrive, while the others wait, so no
 * shard has handled an event after it, nor will handle one before it, when it runs: each connection sees the key log
 * as one stream thread would. {@link #breakAll} (after a failure) lets every waiting thread go.
 */
final class ShardBarrier {

    private final int parties;
    private int arrived;
    private long generation;
    private boolean broken;

    ShardBarrier(int parties) {
        this.parties = parties;
    }

    /** Arrives; the last of the parties runs {@code task} and then lets the others go. */
    void await(Runnable task) {
        synchronized (this) {
            if (broken) {
                return;
            }
            if (++arrived < parties) {
                long g = generation;
                boolean interrupted = false;
                while (generation == g && !broken) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
        }
        try {
            task.run();
        } finally {
            synchronized (this) {
                arrived = 0;
                generation++;
                notifyAll();
            }
        }
    }

    /** Lets every thread waiting, or arriving later, go without running anything. */
    synchronized void breakAll() {
        broken = true;
        notifyAll();
    }
}
