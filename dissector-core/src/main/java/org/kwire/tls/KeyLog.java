package org.kwire.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * TLS secrets from NSS key log lines (RFC 9850; the format {@code SSLKEYLOGFILE} writes), read from files or from pcapng
 * Decryption Secrets Blocks, kept for every connection of an analysis. Recognised lines, hex in either case:
 * <ul>
 *   <li>{@code CLIENT_RANDOM <client random> <master secret>} (TLS 1.2 and older: 32 and 48 bytes);</li>
 *   <li>{@code CLIENT_HANDSHAKE_TRAFFIC_SECRET}, {@code SERVER_HANDSHAKE_TRAFFIC_SECRET}, {@code CLIENT_TRAFFIC_SECRET_0},
 *       {@code SERVER_TRAFFIC_SECRET_0} {@code <client random> <secret>} (TLS 1.3, 32 or 48 bytes);</li>
 *   <li>{@code RSA <first 8 bytes of the encrypted pre-master secret> <pre-master secret>} (RSA key exchange);</li>
 *   <li>{@code PMS_CLIENT_RANDOM <client random> <pre-master secret>};</li>
 *   <li>Wireshark's {@code RSA Session-ID:<session id> Master-Key:<master secret>} (TLS 1.2 by session id).</li>
 * </ul>
 * Comments ({@code #}), blank lines and other labels (early and exporter secrets) are skipped; lines that do not parse
 * are counted by line number, never quoted (they hold secrets). Nothing here prints a secret. Thread-safe.
 */
public final class KeyLog {

    /** The TLS 1.3 secrets of one connection, any of them possibly null. */
    public record Tls13Secrets(byte[] clientHandshake, byte[] serverHandshake, byte[] clientTraffic0, byte[] serverTraffic0) {
        @Override
        public String toString() {
            return "Tls13Secrets[redacted]";
        }
    }

    /** Labels of the key log and the length of their first field (bytes; 0: not hex). */
    private static final Map<String, Integer> LABELS = Map.of(
            "CLIENT_RANDOM", 32, "CLIENT_HANDSHAKE_TRAFFIC_SECRET", 32, "SERVER_HANDSHAKE_TRAFFIC_SECRET", 32,
            "CLIENT_TRAFFIC_SECRET_0", 32, "SERVER_TRAFFIC_SECRET_0", 32, "RSA", 8, "PMS_CLIENT_RANDOM", 32);
    private static final List<String> SKIPPED = List.of("CLIENT_EARLY_TRAFFIC_SECRET", "EARLY_EXPORTER_SECRET",
            "EXPORTER_SECRET");
    private static final HexFormat HEX = HexFormat.of();

    /** Secret by {@code LABEL + " " + lower-case hex of the first field}. */
    private final Map<String, byte[]> secrets = new HashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final List<String> sources = new ArrayList<>();
    /** Files loaded: bytes and lines read so far, re-read as they grow ({@link #refresh()}). */
    private final Map<Path, long[]> files = new java.util.LinkedHashMap<>();
    private long lastRefresh;
    private int lines;
    /** Largest key log file or stream read, bytes (a line per TLS secret: millions of connections). */
    private static final long MAX_FILE = 256L << 20;
    /** Refreshes at most this often, ns. */
    private static final long REFRESH_NANOS = 10_000_000L;

    /** A key log with no secrets yet. */
    public KeyLog() {
    }

    /**
     * Adds the lines of a key log file.
     *
     * @throws IOException if the file cannot be read (the message names the file, never its contents)
     */
    public synchronized void load(Path file) throws IOException {
        sources.add(file.toString());
        files.put(file, new long[2]);
        readMore(file, files.get(file), false);
    }

    /**
     * Adds the lines of a key log that is not a regular file: a pipe, a FIFO, {@code /dev/stdin}, a shell's process
     * substitution ({@code <(cat keys)}, {@code /dev/fd/N}), read to its end now, as tshark reads one, and never again
     * ({@link #refresh()} re-reads files only: what a stream gave is gone). Bounded as a file is: at most 256 MiB.
     *
     * @param in     the stream, read to its end (the caller closes it)
     * @param source names it in {@link #sources()} and {@link #problems()}, e.g. the path given
     * @throws IOException if it cannot be read or holds more than 256 MiB (the message never quotes its contents)
     */
    public synchronized void load(java.io.InputStream in, String source) throws IOException {
        byte[] b = in.readNBytes((int) MAX_FILE + 1);
        if (b.length > MAX_FILE) {
            throw new IOException(tooLarge());
        }
        sources.add(source);
        lines += parse(new String(b, StandardCharsets.ISO_8859_1), source, 0);
    }

    private static String tooLarge() {
        return "more than " + (MAX_FILE >> 20) + " MiB: not a key log";
    }

    /**
     * Reads the lines appended to the loaded files since they were last read: a client writes its key log while a live
     * capture runs, each secret shortly after its handshake. Checks at most every 10 ms.
     *
     * @return true if new secrets were taken
     */
    public synchronized boolean refresh() {
        long now = System.nanoTime();
        if (files.isEmpty() || now - lastRefresh < REFRESH_NANOS && lastRefresh != 0) {
            return false;
        }
        lastRefresh = now;
        int before = lines;
        files.forEach((file, read) -> {
            try {
                readMore(file, read, true);
            } catch (IOException e) {
                // a key log that went away keeps the secrets already read
            }
        });
        return lines > before;
    }

    /**
     * The number of secrets taken so far: it grows with every refresh that found new lines, whichever caller's refresh
     * it was, so that each connection can tell whether the key log changed since it last looked.
     */
    public synchronized int generation() {
        return lines;
    }

    /**
     * Reads {@code file} after the {@code read[0]} bytes ({@code read[1]} lines) already read; with {@code wholeLines},
     * a last line without its newline is left for the next time (it may still be being written).
     */
    private void readMore(Path file, long[] read, boolean wholeLines) throws IOException {
        try (java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(file)) {
            long size = ch.size();
            if (size <= read[0]) {
                return;
            }
            if (size - read[0] > MAX_FILE) {
                throw new IOException(tooLarge());
            }
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate((int) (size - read[0]));
            ch.position(read[0]);
            while (b.hasRemaining() && ch.read(b) > 0) {
                // read what is there
            }
            int end = b.position();
            while (wholeLines && end > 0 && b.get(end - 1) != '\n') {
                end--; // a line still being written is read next time
            }
            String text = new String(b.array(), 0, end, StandardCharsets.ISO_8859_1);
            lines += parse(text, file.toString(), (int) read[1]);
            read[0] += end;
            read[1] += text.isEmpty() ? 0 : text.split("\r?\n", -1).length - 1;
        }
    }

    /**
     * Adds key log lines.
     *
     * @param text   the lines, {@code \n} or {@code \r\n} separated
     * @param source names them in {@link #problems()}, e.g. a file name or {@code "pcapng Decryption Secrets Block 1"}
     * @return the number of secrets taken
     */
    public synchronized int add(String text, String source) {
        sources.add(source);
        int taken = parse(text, source, 0);
        lines += taken;
        return taken;
    }

    /** Parses lines; problems are named by line number, counting from {@code firstLine} + 1. */
    private int parse(String text, String source, int firstLine) {
        int taken = 0;
        List<Integer> bad = new ArrayList<>();
        String[] all = text.split("\r?\n");
        for (int i = 0; i < all.length; i++) {
            String line = all[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int r = line(line);
            if (r < 0) {
                bad.add(firstLine + i + 1);
            }
            taken += Math.max(r, 0);
        }
        if (!bad.isEmpty()) {
            problems.add(source + ": " + bad.size() + " key log line(s) not understood (line" + (bad.size() > 1 ? "s " : " ")
                    + bad.subList(0, Math.min(bad.size(), 10)) .toString().replaceAll("[\\[\\]]", "")
                    + (bad.size() > 10 ? ", ..." : "") + ")");
        }
        return taken;
    }

    /** One line: 1 taken, 0 skipped, -1 not understood. */
    private int line(String line) {
        if (line.startsWith("RSA Session-ID:")) {
            String[] f = line.split("\\s+");
            if (f.length != 3 || !f[2].startsWith("Master-Key:")) {
                return -1;
            }
            byte[] id = hex(f[1].substring("Session-ID:".length()));
            byte[] master = hex(f[2].substring("Master-Key:".length()));
            if (id == null || id.length == 0 || id.length > 32 || master == null || master.length != 48) {
                return -1;
            }
            secrets.put("SESSION_ID " + HEX.formatHex(id), master);
            return 1;
        }
        String[] f = line.split("\\s+");
        if (f.length == 3 && SKIPPED.contains(f[0])) {
            return 0;
        }
        Integer idLength = LABELS.get(f[0]);
        if (idLength == null || f.length != 3) {
            return f.length == 3 && f[0].matches("[A-Z0-9_]+") ? 0 : -1; // a label of a newer format: skipped
        }
        byte[] id = hex(f[1]);
        byte[] secret = hex(f[2]);
        if (id == null || id.length != idLength || secret == null || !(secret.length == 48 || secret.length == 32)) {
            return -1;
        }
        secrets.put(f[0] + " " + HEX.formatHex(id), secret);
        return 1;
    }

    private static byte[] hex(String s) {
        try {
            return s.length() % 2 == 0 ? HEX.parseHex(s) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The TLS 1.2 master secret logged for a client random ({@code CLIENT_RANDOM}), or null. */
    public synchronized byte[] masterSecret(byte[] clientRandom) {
        return secrets.get("CLIENT_RANDOM " + HEX.formatHex(clientRandom));
    }

    /** The TLS 1.2 master secret logged for a session id ({@code RSA Session-ID:... Master-Key:...}), or null. */
    public synchronized byte[] masterSecretBySessionId(byte[] sessionId) {
        return sessionId.length == 0 ? null : secrets.get("SESSION_ID " + HEX.formatHex(sessionId));
    }

    /** The pre-master secret logged for a client random ({@code PMS_CLIENT_RANDOM}), or null. */
    public synchronized byte[] preMasterSecret(byte[] clientRandom) {
        return secrets.get("PMS_CLIENT_RANDOM " + HEX.formatHex(clientRandom));
    }

    /** The pre-master secret logged for an RSA-encrypted one by its first 8 bytes ({@code RSA}), or null. */
    public synchronized byte[] preMasterSecretByEncrypted(byte[] encryptedPreMaster) {
        if (encryptedPreMaster.length < 8) {
            return null;
        }
        return secrets.get("RSA " + HEX.formatHex(encryptedPreMaster, 0, 8));
    }

    /** The TLS 1.3 secrets logged for a client random (each null if not logged), or null if none is. */
    public synchronized Tls13Secrets tls13(byte[] clientRandom) {
        String cr = " " + HEX.formatHex(clientRandom);
        Tls13Secrets s = new Tls13Secrets(secrets.get("CLIENT_HANDSHAKE_TRAFFIC_SECRET" + cr),
                secrets.get("SERVER_HANDSHAKE_TRAFFIC_SECRET" + cr), secrets.get("CLIENT_TRAFFIC_SECRET_0" + cr),
                secrets.get("SERVER_TRAFFIC_SECRET_0" + cr));
        return s.clientHandshake() == null && s.serverHandshake() == null && s.clientTraffic0() == null
                && s.serverTraffic0() == null ? null : s;
    }

    /** True if no secret has been added (no key log given, no Decryption Secrets Block read). */
    public synchronized boolean isEmpty() {
        return secrets.isEmpty();
    }

    /** Secrets taken so far (lines understood, duplicates included). */
    public synchronized int lines() {
        return lines;
    }

    /** Where the secrets came from: file names and pcapng blocks, in order added. */
    public synchronized List<String> sources() {
        return List.copyOf(sources);
    }

    /** Lines that could not be understood, one sentence per source naming their line numbers (never their content). */
    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    @Override
    public String toString() {
        return "KeyLog[" + lines + " secrets, redacted]";
    }
}
