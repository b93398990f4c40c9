package org.kwire.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs library code that prints to {@code System.out} by itself (Kafka's storage {@code Formatter}, which the test kit's
 * {@code format()} runs, prints its bootstrap metadata there) with that output kept off the build's console. If the
 * call fails, what it printed is attached to the failure. Tests run one class at a time in one JVM, so swapping
 * {@code System.out} for the call is safe.
 */
public final class QuietStdout {

    /** A call that may throw anything. */
    @FunctionalInterface
    public interface Call {
        void run() throws Exception;
    }

    private QuietStdout() {
    }

    /** Runs {@code call} with {@code System.out} captured; rethrows what it throws, with what it printed attached. */
    public static void run(Call call) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            call.run();
        } catch (Exception | Error e) {
            e.addSuppressed(new Exception("printed to stdout meanwhile:\n" + printed.toString(StandardCharsets.UTF_8)));
            throw e;
        } finally {
            System.setOut(original);
        }
    }
}
