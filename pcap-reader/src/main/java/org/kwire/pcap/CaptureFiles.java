package org.kwire.pcap;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opens capture files, choosing the reader by the file's magic number: pcap or pcapng, read through memory mapping,
 * or either of them compressed with gzip (magic 1f 8b, RFC 1952; several members are read as one stream),
 * decompressed while reading ({@link GzipInput}: damaged gzip data ends the capture with every packet before the
 * damage, and a warning naming the damage's byte offset in the compressed file). A capture can also be read from a stream such as standard input
 * ({@code tcpdump -w - | kwire analyze -}), plain or gzip'd, sequentially.
 */
public final class CaptureFiles {

    private static final int BUFFER = 1 << 16;

    private CaptureFiles() {
    }

    /**
     * Opens a capture file for reading.
     *
     * @throws NoSuchFileException     if the file does not exist
     * @throws CaptureFormatException  if it is neither pcap nor pcapng, plain or gzip-compressed
     * @throws IOException             if it cannot be read
     */
    public static PacketSource open(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new IOException(file + ": not a readable file");
        }
        byte[] head;
        try (InputStream s = Files.newInputStream(file)) {
            head = s.readNBytes(4);
        }
        if (head.length < 4) {
            throw new CaptureFormatException(file + ": not a capture file (only " + head.length + " bytes)");
        }
        if ((head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return gzip(file);
        }
        return reader(new MappedByteInput(file), head, file.toString());
    }

    /**
     * Opens a capture read sequentially from a stream (e.g. standard input), plain or gzip-compressed; closing the
     * source closes the stream.
     *
     * @param name how messages name the input, e.g. {@code "-"} or {@code "stdin"}
     * @throws CaptureFormatException if the stream holds neither pcap nor pcapng, plain or gzip-compressed
     * @throws IOException            if it cannot be read
     */
    public static PacketSource open(InputStream stream, String name) throws IOException {
        BufferedInputStream raw = new BufferedInputStream(stream, BUFFER);
        try {
            byte[] head = peek(raw);
            if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
                return gzip(raw, null, -1, name);
            }
            if (head.length < 4) {
                throw new CaptureFormatException(name + ": not a capture (only " + head.length + " bytes)");
            }
            return reader(new StreamByteInput(raw, null), head, name);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    private static PacketSource gzip(Path file) throws IOException {
        InputStream raw = Files.newInputStream(file);
        try {
            return gzip(new BufferedInputStream(raw, BUFFER), () -> Files.newInputStream(file), Files.size(file), file.toString());
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /**
     * A capture inside gzip'd bytes ({@link GzipInput}); the caller closes {@code raw} if this throws.
     *
     * @param reopen reads the compressed bytes again from their start (a file), or null (a stream)
     * @param size   their size, -1 if not known
     */
    private static PacketSource gzip(InputStream raw, GzipInput.Reopen reopen, long size, String name) throws IOException {
        GzipInput gzip = new GzipInput(raw, reopen, size);
        BufferedInputStream in = new BufferedInputStream(gzip, BUFFER);
        byte[] head = peek(in);
        if (head.length < 4) {
            throw new CaptureFormatException(name + ": " + (gzip.damage() != null
                    ? gzip.damage() + ": not even the capture's first 4 bytes came before it"
                    : "gzip-compressed, but not a capture inside (only " + head.length + " bytes)"));
        }
        return reader(new StreamByteInput(in, gzip), head, name);
    }

    /** The first 4 bytes (fewer at the end of the stream), left unread. */
    private static byte[] peek(BufferedInputStream in) throws IOException {
        in.mark(4);
        byte[] head = in.readNBytes(4);
        in.reset();
        return head;
    }

    private static PacketSource reader(ByteInput in, byte[] head, String name) throws IOException {
        try {
            if (ByteBuffer.wrap(head).getInt() == PcapngReader.SHB) {
                return new PcapngReader(in, name);
            }
            return new PcapReader(in, name);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }
}
