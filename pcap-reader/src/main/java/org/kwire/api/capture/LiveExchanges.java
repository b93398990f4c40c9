package org.kwire.api.capture;

import org.kwire.live.LiveCapture;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * A live capture of Kafka exchanges, started by {@link KafkaCapture#live}: libpcap captures the broker ports' packets
 * on a thread of its own, and another thread analyzes them as {@code kwire live} does, giving the consumer each
 * exchange as it completes (its response came, or its connection ended). {@link #close()} stops the capture, analyzes
 * what was captured before, completes the exchanges still open (a request whose response has not come is given
 * without one) and returns once the consumer had the last one.
 * <pre>{@code
 * try (LiveExchanges live = KafkaCapture.create().live("eth0", e -> log.info(e.toString()))) {
 *     Thread.sleep(60_000);                       // a minute of traffic
 * }
 * }</pre>
 * <p>
 * <b>Threads.</b> The consumer is called on the analysis thread, one exchange at a time, in capture order. Close from
 * any thread; closing twice is harmless. <b>Errors.</b> An exception of the consumer, or one the analysis met, stops
 * the analysis and comes out of {@link #close()} (as it was for an unchecked one, as an {@link IOException} else).
 */
public final class LiveExchanges implements AutoCloseable {

    /** What the analysis thread runs on the capture (KafkaCapture's pipeline). */
    interface Analysis {
        void run(PacketSource source) throws IOException;
    }

    private final LiveCapture capture;
    private final Thread thread;
    private volatile Throwable failure;
    private boolean closed; // guarded by this

    private LiveExchanges(LiveCapture capture, Analysis analysis) {
        this.capture = capture;
        this.thread = new Thread(() -> {
            try {
                analysis.run(capture);
            } catch (Throwable t) {
                failure = t;
                capture.stop();
            }
        }, "kwire-live-analysis");
        thread.setDaemon(true);
    }

    /** Starts capturing and analyzing. */
    static LiveExchanges start(LiveCapture capture, Analysis analysis) {
        LiveExchanges live = new LiveExchanges(capture, analysis);
        capture.start();
        live.thread.start();
        return live;
    }

    /** The interface captured on. */
    public String device() {
        return capture.device();
    }

    /**
     * Packets the kernel dropped so far (libpcap's count): exchanges lost to them come incomplete or not at all.
     */
    public long kernelDrops() {
        return capture.stats().kernelDropped();
    }

    /**
     * Stops the capture and returns once every packet captured before is analyzed and the consumer had every exchange.
     *
     * @throws IOException if the analysis failed or was interrupted; an unchecked exception of the consumer as it was
     */
    @Override
    public void close() throws IOException {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        capture.stop();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the live analysis ended");
        } finally {
            capture.close();
        }
        Throwable t = failure;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t instanceof IOException io) {
            throw io;
        }
        if (t != null) {
            throw new IOException(t);
        }
    }
}
