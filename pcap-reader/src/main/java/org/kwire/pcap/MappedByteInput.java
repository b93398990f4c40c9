package org.kwire.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file read through memory-mapped windows of up to {@link #WINDOW} bytes, so files over 2 GiB work and slices are
 * handed out without copying. A read that would cross the window's end maps a new window starting at the read.
 */
final class MappedByteInput implements ByteInput {

    /** Size of one mapped window in bytes. */
    static final long WINDOW = 256L << 20;

    private final FileChannel channel;
    private final long size;
    private MappedByteBuffer window;
    /** A view of the window for {@link #readTransient}, its position and limit set at each call. */
    private ByteBuffer view;
    private long windowStart;
    private long pos;

    MappedByteInput(Path file) throws IOException {
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.size = channel.size();
    }

    @Override
    public ByteBuffer read(int n) throws IOException {
        int len = (int) Math.min(n, size - pos);
        if (len <= 0) {
            return ByteBuffer.allocate(0);
        }
        int at = windowed(len);
        pos += len;
        return window.slice(at, len); // one call, not the view's limit, position and slice
    }

    /** The next bytes in a view of the window (one view per window, reused): no slice per call. */
    @Override
    public ByteBuffer readTransient(int n) throws IOException {
        int len = (int) Math.min(n, size - pos);
        if (len <= 0) {
            return ByteBuffer.allocate(0);
        }
        int at = windowed(len);
        pos += len;
        return view.limit(at + len).position(at);
    }

    /** Maps a window holding the {@code len} bytes at {@link #pos} if the current one does not; their index in it. */
    private int windowed(int len) throws IOException {
        if (window == null || pos < windowStart || pos + len > windowStart + window.capacity()) {
            windowStart = pos;
            window = channel.map(FileChannel.MapMode.READ_ONLY, pos, Math.min(Math.max(WINDOW, len), size - pos));
            view = window.duplicate();
        }
        return (int) (pos - windowStart);
    }

    @Override
    public long skip(long n) {
        long k = Math.max(0, Math.min(n, size - pos));
        pos += k;
        return k;
    }

    @Override
    public long position() {
        return pos;
    }

    @Override
    public void close() throws IOException {
        window = null;
        view = null;
        channel.close();
    }
}
