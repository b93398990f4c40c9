package org.kwire.cli;

import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.MergedSource;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The captures a command reads, as the user named them: files (plain or gzip'd pcap/pcapng) and {@code -} for
 * standard input ({@code tcpdump -w - | kwire analyze -}), several of them merged into one capture by timestamp as
 * {@code mergecap} merges ({@link MergedSource}). The same file named twice (under any path) is a usage error.
 */
final class CaptureInputs {

    /** The name of standard input on the command line. */
    static final String STDIN = "-";

    /**
     * One capture.
     *
     * @param name how the user named it (the report's {@code capture.files})
     * @param path the file, or null for standard input
     */
    record Input(String name, Path path) {
    }

    private final List<Input> inputs;
    private final InputStream stdin;
    /** {@code stdin}, counting the bytes read from it. */
    private final Counting stdinCounted;

    /** An input stream that counts the bytes read through it. */
    private static final class Counting extends java.io.FilterInputStream {
        long count;

        Counting(java.io.InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            count += Math.max(n, 0);
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long k = super.skip(n);
            count += Math.max(k, 0);
            return k;
        }
    }

    private CaptureInputs(List<Input> inputs, InputStream stdin) {
        this.inputs = List.copyOf(inputs);
        this.stdin = stdin;
        this.stdinCounted = new Counting(stdin == null ? java.io.InputStream.nullInputStream() : stdin);
    }

    /**
     * Checks the inputs: {@code -} at most once, no file twice.
     *
     * @param inputs the captures, in the order given
     * @param stdin  what {@code -} reads
     * @throws CliException (exit code 2) if an input is given twice
     */
    static CaptureInputs of(List<Input> inputs, InputStream stdin) throws CliException {
        for (int i = 0; i < inputs.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (same(inputs.get(i), inputs.get(j))) {
                    Input a = inputs.get(j);
                    Input b = inputs.get(i);
                    throw new CliException(ExitCodes.USAGE, a.path() == null ? "standard input (-) given twice"
                            : a.name().equals(b.name()) ? a.name() + " given twice"
                            : a.name() + " and " + b.name() + " are the same file, given twice");
                }
            }
        }
        return new CaptureInputs(inputs, stdin);
    }

    /** The files named on the command line; {@code -} is standard input, named {@code stdin} in the report. */
    static List<Input> named(List<String> names) {
        return names.stream().map(n -> n.equals(STDIN) ? new Input("stdin", null) : new Input(n, Path.of(n))).toList();
    }

    private static boolean same(Input a, Input b) {
        if (a.path() == null || b.path() == null) {
            return a.path() == null && b.path() == null;
        }
        try {
            return Files.isSameFile(a.path(), b.path());
        } catch (IOException e) {
            return a.path().toAbsolutePath().normalize().equals(b.path().toAbsolutePath().normalize());
        }
    }

    /** The names, for the report. */
    List<String> names() {
        return inputs.stream().map(Input::name).toList();
    }

    boolean readsStdin() {
        return inputs.stream().anyMatch(i -> i.path() == null);
    }

    /**
     * Total size of the files, bytes; -1 if standard input is one of them (its size is unknown).
     *
     * @throws IOException if a file is missing or unreadable
     */
    /**
     * Once the inputs are read: the files' sizes plus the bytes read from standard input as they came (before a gzip
     * capture is decompressed), so that a capture's {@code bytes} are the same whether it was named or piped.
     *
     * @throws IOException if a file is missing or unreadable
     */
    long bytesRead() throws IOException {
        long total = stdinCounted.count;
        for (Input i : inputs) {
            total += i.path() == null ? 0 : Files.size(i.path());
        }
        return total;
    }

    /**
     * Total size of the files, bytes; -1 if standard input is one of them (its size is unknown).
     *
     * @throws IOException if a file is missing or unreadable
     */
    long bytes() throws IOException {
        long total = 0;
        for (Input i : inputs) {
            if (i.path() == null) {
                return -1;
            }
            total += Files.size(i.path());
        }
        return total;
    }

    /**
     * Opens every input, merged by timestamp; closing the source closes them all.
     *
     * @throws IOException if one is missing, unreadable or not a capture (those opened are closed again)
     */
    PacketSource open() throws IOException {
        List<PacketSource> sources = new ArrayList<>();
        try {
            for (Input i : inputs) {
                sources.add(i.path() == null ? CaptureFiles.open(stdinCounted, "stdin") : CaptureFiles.open(i.path()));
            }
        } catch (IOException | RuntimeException e) {
            for (PacketSource s : sources) {
                try {
                    s.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
        return MergedSource.of(sources);
    }
}
