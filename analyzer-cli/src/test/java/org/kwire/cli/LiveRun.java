package org.kwire.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire live ARGS} run in this JVM on a thread of its own, as the live tests drive it: started and waited for
 * until it captures, read while it runs, stopped as Ctrl-C would stop it. Its stdout and stderr are kept in memory
 * (readable from any thread while it writes).
 */
final class LiveRun {

    private final LiveCommand live = new LiveCommand();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final AtomicInteger exit = new AtomicInteger(-1);
    private final Thread thread;

    private LiveRun(String[] args) {
        thread = new Thread(() -> {
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
            try {
                exit.set(live.run(args, new PrintStream(out, false, StandardCharsets.UTF_8), e));
            } catch (CliException x) {
                Cli.say(e, x.getMessage());
                exit.set(x.exitCode());
            }
        }, "kwire-live");
    }

    /** Starts {@code kwire live ARGS} and waits until it captures (at most 30 s: else the test fails with its stderr). */
    static LiveRun start(String... args) throws InterruptedException {
        LiveRun r = new LiveRun(args);
        r.thread.start();
        assertTrue(r.live.awaitCapturing(30, TimeUnit.SECONDS), r.err());
        return r;
    }

    /** What it wrote on stdout so far. */
    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What it wrote on stderr so far. */
    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** The port its metrics are served on (with --metrics). */
    int metricsPort() {
        return live.metricsPort();
    }

    /** Stops the capture as Ctrl-C would and waits (at most 30 s) for the command's end: exit code, stdout, stderr. */
    CliRun stop() throws InterruptedException {
        live.stop();
        thread.join(30_000);
        return new CliRun(exit.get(), out(), err());
    }
}
