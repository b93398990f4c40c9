package org.kwire.cli;

import org.kwire.pcap.ForwardingSource;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ends reading a capture at SIGINT or SIGTERM (Ctrl-C, {@code kill}) so that the command still writes what it found,
 * as {@code kwire analyze -} does for a capture piped from {@code tcpdump}: a shutdown hook closes the input (which
 * wakes a read blocked on a pipe, when the input is an interruptible channel such as {@link Kwire#stdin()}), makes the
 * {@link #wrap wrapped} source end there, then waits for the command to finish its output (at most {@value #WAIT_MS}
 * ms). The JVM then exits with 130 after SIGINT and 143 after SIGTERM (128 + the signal number, as shells report
 * it), whatever code the command returned.
 */
final class SignalStop implements AutoCloseable {

    /** How long the hook waits for the output, ms. */
    static final long WAIT_MS = 10_000;

    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean stopped;

    private SignalStop(Closeable input) {
        this.hook = new Thread(() -> {
            stopped = true;
            try {
                input.close();
            } catch (IOException e) {
                // the source ends at its next packet anyway
            }
            try {
                done.await(WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kwire-signal-stop");
    }

    /** Installs the hook until {@link #close()}; a signal closes {@code input}. */
    static SignalStop install(Closeable input) {
        SignalStop s = new SignalStop(input);
        Runtime.getRuntime().addShutdownHook(s.hook);
        return s;
    }

    /** The source, ending (with a warning) at the first packet after a signal. */
    PacketSource wrap(PacketSource source) {
        return new ForwardingSource(source) {
            private long read;
            private String warning;

            @Override
            public Packet next() throws IOException {
                if (stopped) {
                    if (warning == null) {
                        warning = "reading stopped by a signal (Ctrl-C or kill) after " + read
                                + " packets: the report covers what was read until then";
                    }
                    return null;
                }
                Packet p;
                try {
                    p = source.next();
                } catch (IOException e) {
                    if (stopped) {
                        return next(); // the input was closed by the signal: end here
                    }
                    throw e;
                }
                read += p == null ? 0 : 1;
                return p;
            }

            @Override
            public List<String> warnings() {
                List<String> w = new ArrayList<>(source.warnings());
                if (warning != null) {
                    w.add(warning);
                }
                return w;
            }
        };
    }

    /** The output is written: lets a running hook return, or removes the hook. */
    @Override
    public void close() {
        done.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down after a signal: the hook runs and returns now
        }
    }
}
