package org.kwire.pcap;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Saves packets as pcapng ({@link PcapngWriter}), in one file or, like dumpcap's {@code -b}, in a series of files:
 * a new file when the current one reaches {@link Rotation#maxBytes} or spans {@link Rotation#maxNanos} of capture
 * time, and with {@link Rotation#maxFiles} only that many kept (a ring buffer: the oldest is deleted). Files of a
 * series are named as dumpcap names them: {@code STEM_NNNNN_YYYYMMDDhhmmss.EXT}, the number counting from 1 and the
 * time the file's first packet's (UTC). Every file is a complete pcapng with its own section and interface headers,
 * so that any of them, or all in order, analyze on their own. One thread writes; another may {@link #flush()} (e.g.
 * every second, so that what was captured is on disk even if the process is killed).
 */
public final class RingWriter implements Closeable {

    /** dumpcap's time stamp in file names. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);

    /**
     * When to start a new file, and how many to keep.
     *
     * @param maxBytes a file ends once it holds at least this many bytes; 0 for no limit
     * @param maxNanos a file ends before a packet more than this much capture time after its first packet; 0 for none
     * @param maxFiles files kept at most, the oldest deleted; 0 to keep all
     */
    public record Rotation(long maxBytes, long maxNanos, int maxFiles) {

        /** No rotation: one file. */
        public static final Rotation NONE = new Rotation(0, 0, 0);

        /** True if files are ever rotated. */
        public boolean rotates() {
            return maxBytes > 0 || maxNanos > 0;
        }
    }

    private final Path file;
    private final Rotation rotation;
    private final String application;
    private final int linkType;
    private final int snaplen;
    private final String interfaceName;
    private final Deque<Path> kept = new ArrayDeque<>();
    private PcapngWriter out;
    private CountingOutputStream counted;
    private long fileStartNanos;
    private volatile int written;

    /**
     * Opens the first file (the only one without rotation: {@code file} itself).
     *
     * @param file          where to save; with rotation, the name the series' names are made from
     * @param rotation      when to start new files
     * @param application   the writing program, for the section header
     * @param linkType      LINKTYPE_ of the packets
     * @param snaplen       largest captured length
     * @param interfaceName the interface captured on
     * @throws IOException if the file cannot be created
     */
    public RingWriter(Path file, Rotation rotation, String application, int linkType, int snaplen, String interfaceName)
            throws IOException {
        this.file = file;
        this.rotation = rotation;
        this.application = application;
        this.linkType = linkType;
        this.snaplen = snaplen;
        this.interfaceName = interfaceName;
        if (!rotation.rotates()) {
            open(file);
        }
    }

    /**
     * Saves one packet, first starting a new file if the current one is full or old enough.
     *
     * @throws IOException if writing, or deleting the oldest file of the ring, fails
     */
    public synchronized void write(Packet p) throws IOException {
        if (rotation.rotates() && (out == null || full(p))) {
            rotate(p);
        }
        out.write(0, p);
    }

    private boolean full(Packet p) {
        return rotation.maxBytes() > 0 && counted.count() >= rotation.maxBytes()
                || rotation.maxNanos() > 0 && p.timestampNanos() - fileStartNanos >= rotation.maxNanos();
    }

    private void rotate(Packet p) throws IOException {
        if (out != null) {
            out.close();
        }
        fileStartNanos = p.timestampNanos();
        open(seriesName(file, written + 1, fileStartNanos));
        while (rotation.maxFiles() > 0 && kept.size() > rotation.maxFiles()) {
            Files.deleteIfExists(kept.removeFirst());
        }
    }

    /** The name of file {@code number} of a series: {@code STEM_NNNNN_YYYYMMDDhhmmss.EXT}, as dumpcap names them. */
    static Path seriesName(Path file, int number, long firstPacketNanos) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String ext = dot > 0 ? name.substring(dot) : "";
        String stamp = STAMP.format(Instant.ofEpochSecond(0, firstPacketNanos));
        return file.resolveSibling(String.format("%s_%05d_%s%s", stem, number, stamp, ext));
    }

    private void open(Path path) throws IOException {
        counted = new CountingOutputStream(new BufferedOutputStream(Files.newOutputStream(path), 1 << 20));
        out = new PcapngWriter(counted, application, null);
        out.addInterface(linkType, snaplen, interfaceName);
        kept.addLast(path);
        written++;
    }

    /** Files started so far (readable from any thread). */
    public int filesWritten() {
        return written;
    }

    /** The files that remain, oldest first (after {@link #close()}, or from the writing thread). */
    public List<Path> files() {
        return List.copyOf(kept);
    }

    /**
     * Writes what is buffered of the current file to disk (a complete pcapng up to the last packet written).
     *
     * @throws IOException if writing fails
     */
    public synchronized void flush() throws IOException {
        if (out != null) {
            out.flush();
        }
    }

    /** Closes the current file; with rotation and no packet at all, no file was made. */
    @Override
    public synchronized void close() throws IOException {
        if (out != null) {
            out.close();
            out = null;
        }
    }
}
