package org.kwire.capture;

import org.kwire.expert.ExpertItem;
import org.kwire.stream.GapCause;

import org.kwire.stream.StreamConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Function;

/**
 * A run of TCP reassembly's events, recorded on the reading thread and replayed in the same order on the stream thread
 * ({@link StreamHandoff}). Events are kept in parallel arrays (no object per event): which connection
 * ({@link QueuedHandler}), what kind, its direction, its numbers, and its one reference (the buffer of a data event,
 * the description of a new connection, a gap's reason, a note's text, a task). A data event is a range of its buffer
 * (offset and length), sliced only on the stream thread when replayed, so that recording it allocates nothing on the
 * reading thread. A batch is full at {@link #capacity()}
 * events or once its data events carry {@code maxBytes} bytes. Batches are reused: {@link #replay} clears the
 * references it held, so a batch in the free ring pins no packet.
 */
final class HandoffBatch {

    static final byte OPEN = 0;
    static final byte DATA = 1;
    static final byte GAP = 2;
    static final byte END_GAP = 3;
    static final byte NOTE = 4;

    /** A TCP note's item and sentence, as one reference. */
    record Note(ExpertItem item, String text) {
    }
    static final byte END = 5;
    static final byte SHED = 6;
    static final byte TASK = 7;
    static final byte FIN = 8;
    /** A task whose calls are outputs (observers told): run in capture order with the other outputs. */
    static final byte IN_ORDER = 9;

    /** What a stream thread that takes one shard of the connections does besides handing events on. */
    interface ShardReplay {

        /** The events from the {@code index}-th on (until the next call) are this shard's. */
        void at(int index);

        /** A task at {@code index} on every shard ({@link #TASK}): run once, when every shard has reached it. */
        void everyShard(int index, Runnable task);

        /** An {@link #IN_ORDER} task at {@code index} (told to one shard only). */
        void inOrder(int index, Runnable task);
    }

    private final QueuedHandler[] target;
    private final byte[] kind;
    private final boolean[] fromA;
    private final long[] number;
    private final long[] packet;
    private final Object[] ref;
    /** A data event's first byte in its buffer, or -1 for a buffer handed on as it is (position to limit). */
    private final int[] offset;
    /** A data event's length in bytes. */
    private final int[] length;
    private final long maxBytes;
    private int size;
    private long bytes;

    /**
     * @param events   most events per batch
     * @param maxBytes data bytes after which the batch is full (one data event may carry it past)
     */
    HandoffBatch(int events, long maxBytes) {
        target = new QueuedHandler[events];
        kind = new byte[events];
        fromA = new boolean[events];
        number = new long[events];
        packet = new long[events];
        ref = new Object[events];
        offset = new int[events];
        length = new int[events];
        this.maxBytes = maxBytes;
    }

    /** Most events it holds. */
    int capacity() {
        return kind.length;
    }

    /** Events recorded. */
    int size() {
        return size;
    }

    /** True if no further event may be recorded. */
    boolean full() {
        return size == kind.length || bytes >= maxBytes;
    }

    /**
     * Records one event (the batch must not be {@link #full()}).
     *
     * @param number  the bytes of a gap, the timestamp of a data event, else 0
     * @param ref     the data, connection, reason, text or task; null for the others
     */
    void add(QueuedHandler to, byte what, boolean a, long number, long packet, Object ref) {
        int i = size++;
        target[i] = to;
        kind[i] = what;
        fromA[i] = a;
        this.number[i] = number;
        this.packet[i] = packet;
        this.ref[i] = ref;
        if (what == DATA) {
            ByteBuffer data = (ByteBuffer) ref;
            offset[i] = -1;
            length[i] = data.remaining();
            bytes += length[i];
        }
    }

    /**
     * Records a data event of {@code bytes} bytes of {@code buffer} from {@code at} (the batch must not be
     * {@link #full()}); {@code buffer}'s bytes must not change, nor its limit shrink below the range's end.
     */
    void addData(QueuedHandler to, boolean a, long timestampNanos, long packet, ByteBuffer buffer, int at, int bytes) {
        int i = size++;
        target[i] = to;
        kind[i] = DATA;
        fromA[i] = a;
        number[i] = timestampNanos;
        this.packet[i] = packet;
        ref[i] = buffer;
        offset[i] = at;
        length[i] = bytes;
        this.bytes += bytes;
    }

    /**
     * Hands every event on, in order, to its connection's handler (made by {@code open} on a connection's first
     * event), then empties the batch.
     */
    void replay(Function<StreamConnection, TcpStreamHandler> open) {
        try {
            for (int i = 0; i < size; i++) {
                if (kind[i] == TASK || kind[i] == IN_ORDER) {
                    ((Runnable) ref[i]).run();
                } else {
                    dispatch(i, open);
                }
            }
        } finally {
            clear();
        }
    }

    /**
     * Hands on, in order, the events of the connections of shard {@code shard} ({@link QueuedHandler#shard}), every
     * {@link #TASK} to {@code replay} and, if {@code shard} is 0, every {@link #IN_ORDER} task; keeps the events (the
     * other shards replay the same batch; {@link #clear} once all have).
     */
    void replay(int shard, Function<StreamConnection, TcpStreamHandler> open, ShardReplay replay) {
        for (int i = 0; i < size; i++) {
            switch (kind[i]) {
                case TASK -> replay.everyShard(i, (Runnable) ref[i]);
                case IN_ORDER -> {
                    if (shard == 0) {
                        replay.inOrder(i, (Runnable) ref[i]);
                    }
                }
                default -> {
                    if (target[i].shard == shard) {
                        replay.at(i);
                        dispatch(i, open);
                    }
                }
            }
        }
    }

    private void dispatch(int i, Function<StreamConnection, TcpStreamHandler> open) {
        QueuedHandler q = target[i];
        switch (kind[i]) {
            case OPEN -> q.target = open.apply((StreamConnection) ref[i]);
            case DATA -> {
                ByteBuffer data = (ByteBuffer) ref[i];
                q.target.onData(fromA[i], offset[i] < 0 ? data : data.slice(offset[i], length[i]), number[i], packet[i]);
            }
            case GAP -> q.target.onGap(fromA[i], number[i], (GapCause) ref[i], packet[i]);
            case END_GAP -> q.target.onEndGap(fromA[i], number[i], packet[i]);
            case NOTE -> q.target.onNote(fromA[i], packet[i], ((Note) ref[i]).item(), ((Note) ref[i]).text());
            case END -> q.target.onEnd(packet[i]);
            case SHED -> q.target.onShed(packet[i]);
            case FIN -> q.target.onFin(fromA[i], packet[i]);
            default -> throw new IllegalStateException("unknown hand-off event " + kind[i]);
        }
    }

    /** Forgets every event (and the references they held). */
    void clear() {
        Arrays.fill(target, 0, size, null);
        Arrays.fill(ref, 0, size, null);
        size = 0;
        bytes = 0;
    }
}
