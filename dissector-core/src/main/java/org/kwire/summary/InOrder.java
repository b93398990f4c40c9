package org.kwire.summary;

import java.util.ArrayDeque;
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
 * Used from one thread.
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

    private final ExecutorService workers;
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
            workers.execute(task);
        }
        add(new Step<>(task, then, weight));
    }

    /** Runs {@code then} in submission order: after the follow-ups of every step submitted before. */
    void then(Runnable then) {
        FutureTask<Void> done = new FutureTask<>(() -> null);
        done.run();
        add(new Step<>(done, x -> then.run(), 0));
    }

    /** Runs the follow-ups of the oldest steps whose work is done, in order, without waiting for running work. */
    void deliverDone() {
        while (!steps.isEmpty() && steps.peek().work.isDone()) {
            deliverOldest();
        }
    }

    /** Waits for every step and runs the follow-ups still due, then ends the workers. */
    void finish() {
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
        Step<?> oldest = steps.poll();
        weight -= oldest.weight;
        oldest.deliver();
    }
}
