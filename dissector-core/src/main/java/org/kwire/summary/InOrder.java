package org.kwire.summary;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

/**
 * Work done on worker threads whose results are handed on in the order the work was submitted, on the submitting
 * thread: each step's follow-up runs only after the follow-ups of every step submitted before it. Without workers,
 * work and follow-up run at once. Memory stays bounded: when more than {@code maxSteps} steps, or steps weighing more
 * than {@code maxWeight} (as the submitter weighs them, e.g. frame bytes), wait, submitting waits for the oldest.
 * Work reaches the workers in batches ({@link #BATCH} steps or {@link #BATCH_WEIGHT}, or sooner when the submitter
 * must wait for it, delivers what is done, or finishes), each batch done in order by one worker: one hand-off, and at
 * most one wake-up of a worker, per batch instead of per step. Used from one thread.
 */
final class InOrder {

    /** One submitted step: its work (done, or running on a worker) and what to do with the result. */
    private static final class Step<T> {
        final FutureTask<T> work;
        final Consumer<T> then;
        final long weight;

        Step(FutureTask<T> work, Consumer<T> then, long weight) {
            this.work = work;
            this.then = then;
            this.weight = weight;
        }

        void deliver() {
            try {
                then.accept(work.get());
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a frame's summary", e);
            }
        }
    }

    /** Most steps handed to a worker at once. */
    static final int BATCH = 8;
    /** Weight after which the steps gathered are handed to a worker. */
    static final long BATCH_WEIGHT = 2L << 20;

    private final ExecutorService workers;
    /** Work submitted but not yet handed to a worker, in submission order. */
    private final ArrayList<FutureTask<?>> gathered = new ArrayList<>(BATCH);
    private long gatheredWeight;
    private final int maxSteps;
    private final long maxWeight;
    private final ArrayDeque<Step<?>> steps = new ArrayDeque<>();
    private long weight;

    /**
     * @param workers   worker threads (daemons); 0 does the work on the submitting thread, at once
     * @param maxSteps  most steps waiting at once
     * @param maxWeight most weight waiting at once (a heavier single step is still taken)
     */
    InOrder(int workers, int maxSteps, long maxWeight) {
        this.workers = workers == 0 ? null : Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "kwire-summarizer");
            t.setDaemon(true);
            return t;
        });
        this.maxSteps = maxSteps;
        this.maxWeight = maxWeight;
    }

    /** Does {@code work} (on a worker if there are any), then {@code then} with its result, in submission order. */
    <T> void submit(Callable<T> work, long weight, Consumer<T> then) {
        FutureTask<T> task = new FutureTask<>(work);
        if (workers == null) {
            task.run();
        } else {
            gathered.add(task);
            gatheredWeight += weight;
            if (gathered.size() >= BATCH || gatheredWeight >= BATCH_WEIGHT) {
                dispatch();
            }
        }
        add(new Step<>(task, then, weight));
    }

    /** Hands the work gathered to one worker, to be done in order. */
    private void dispatch() {
        if (gathered.isEmpty()) {
            return;
        }
        FutureTask<?>[] batch = gathered.toArray(new FutureTask<?>[0]);
        gathered.clear();
        gatheredWeight = 0;
        workers.execute(() -> {
            for (FutureTask<?> t : batch) {
                t.run();
            }
        });
    }

    /** Runs {@code then} in submission order: after the follow-ups of every step submitted before. */
    void then(Runnable then) {
        FutureTask<Void> done = new FutureTask<>(() -> null);
        done.run();
        add(new Step<>(done, x -> then.run(), 0));
    }

    /** Runs the follow-ups of the oldest steps whose work is done, in order, without waiting for running work. */
    void deliverDone() {
        if (workers != null) {
            dispatch();
        }
        while (!steps.isEmpty() && steps.peek().work.isDone()) {
            deliverOldest();
        }
    }

    /** Waits for every step and runs the follow-ups still due, then ends the workers. */
    void finish() {
        if (workers != null) {
            dispatch();
        }
        while (!steps.isEmpty()) {
            deliverOldest();
        }
        if (workers != null) {
            workers.shutdown();
        }
    }

    private void add(Step<?> step) {
        steps.add(step);
        weight += step.weight;
        while (!steps.isEmpty() && (steps.size() > maxSteps || weight > maxWeight || steps.peek().work.isDone())) {
            deliverOldest();
        }
    }

    private void deliverOldest() {
        if (workers != null && !steps.peek().work.isDone()) {
            dispatch(); // it may be among the work gathered: never wait for work no worker has
        }
        Step<?> oldest = steps.poll();
        weight -= oldest.weight;
        oldest.deliver();
    }
}
