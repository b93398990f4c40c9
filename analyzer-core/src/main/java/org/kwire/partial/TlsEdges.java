package org.kwire.partial;

import org.kwire.stream.ConnectionObserver;
import org.kwire.stream.ConnectionTraffic;
import org.kwire.conversation.KafkaConversation;
import org.kwire.tls.KeyLog;
import org.kwire.tls.TlsFacts;
import org.kwire.tls.TlsSniff;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The TLS connections of a slice, for its {@link BoundaryRecorder}: a TLS connection is never at rest (its record
 * layer and keys carry state from its first byte), and a later file alone cannot decrypt it (its handshake, its
 * randoms and record sequence numbers were in the earlier file), so its edges are kept whole: its tail from its start
 * in the slice, its head to its end or the slice's end ({@code through}), both bounded by {@code --boundary-bytes}; the
 * merge replays the tail (followed) and the heads (counted) through one TLS stage, which decrypts the later files'
 * bytes with the state the earlier file's handshake set up ({@link Stitcher}).
 * <p>
 * A connection is TLS once the stream stage says so (its facts, or {@code tls} as what it carried) or its bytes do: the
 * first bytes of a direction start with a TLS record header, or, from a connection's middle, hold records in a row
 * ({@link TlsSniff}). Its facts ({@link TlsFacts}, the report's {@code tls} section keeps each connection's last) are
 * held while its edges may be replayed and handed on when it ends within the slice: those of a tail or head come from
 * the merge's replay, whole.
 */
final class TlsEdges {

    /** Facts of a connection as the stage gave them last. */
    record Held(String client, String broker, TlsFacts facts) {
    }

    private final Set<Integer> tls = new HashSet<>();
    /** Per stream, the data pieces of each direction looked at (bits 0-3: A's, 4-7: B's). */
    private final Map<Integer, Integer> sniffed = new HashMap<>();
    private final Map<Integer, Held> held = new HashMap<>();
    /** The slice's key log, null if not told. */
    private KeyLog keyLog;

    /** The slice's key log: secrets it took from the capture itself are not carried to the merge. */
    void keyLog(KeyLog k) {
        keyLog = k;
    }

    /**
     * True if the slice read secrets from a pcapng Decryption Secrets Block: the merge, which has only the key logs given
     * with {@code --tls-keylog}, could not decrypt the slice's TLS edges, so they are let go (as before TLS was joined)
     * and the crossing named in a warning; give the key log with {@code --tls-keylog} to have them joined.
     */
    boolean secretsFromCapture() {
        return keyLog != null && keyLog.sources().stream().anyMatch(s -> s.startsWith(CAPTURE_SECRETS));
    }

    /** How {@code org.kwire.capture.PacketPipeline} names the key log sources it takes from a capture. */
    private static final String CAPTURE_SECRETS = "pcapng Decryption Secrets Block";

    /** True if the connection is known to carry TLS. */
    boolean isTls(int stream) {
        return tls.contains(stream);
    }

    /** The stream stage found the connection to be TLS. */
    void mark(int stream) {
        tls.add(stream);
    }

    /** Data pieces looked at per direction of a head (its first may be the rest of a record cut by the boundary). */
    private static final int SNIFFED_PIECES = 3;

    /**
     * The first bytes of each direction of a connection tell TLS: its first data piece, from its start ({@code synSeen});
     * else each of its first {@value #SNIFFED_PIECES} pieces, from the middle of the connection.
     */
    void sniff(int stream, boolean fromA, boolean synSeen, java.nio.ByteBuffer buffer, int offset, int length) {
        int seen = sniffed.getOrDefault(stream, 0);
        int pieces = seen >> (fromA ? 0 : 4) & 15;
        if (pieces >= (synSeen ? 1 : SNIFFED_PIECES) || tls.contains(stream)) {
            return;
        }
        sniffed.put(stream, seen + (fromA ? 1 : 16));
        byte[] data = new byte[length];
        buffer.get(offset, data);
        if (TlsSniff.startsWithRecord(data, 0, data.length) || !synSeen && TlsSniff.chainOfRecords(data, 0, data.length)) {
            tls.add(stream);
        }
    }

    /** Per stream, the registration of a Kafka conversation the stage found in a TLS head's undecrypted bytes. */
    private final Map<Integer, java.util.List<Runnable>> heldKafka = new HashMap<>();

    /**
     * A head found to be Kafka: its registration with the slice's report is held until it leaves the head (comes to
     * rest after an exchange of its own, ends, or is let go: {@link #letGo}), since its bytes may be TLS taken for Kafka
     * (a later file that begins inside a record is not seen as TLS by the stage, which frames the records' bytes): then
     * it is never made, and the merge's replay says what the connection carried.
     */
    void holdKafka(int stream, Runnable register) {
        heldKafka.computeIfAbsent(stream, x -> new java.util.ArrayList<>()).add(register);
    }

    /** The connection's events pass from here on (it left its head, ended not TLS, or was let go): a registration held is made now. */
    void letGo(int stream) {
        java.util.List<Runnable> held = heldKafka.remove(stream);
        if (held != null) {
            held.forEach(Runnable::run);
        }
    }

    /** Runs {@code step} (which may end a head); a head it ended has its Kafka registration, held, made now. */
    void leftHead(ConnectionWatch w, Runnable step) {
        ConnectionWatch.Mode before = w.mode;
        step.run();
        if (before == ConnectionWatch.Mode.HEAD && w.mode != ConnectionWatch.Mode.HEAD) {
            letGo(w.tcp.stream());
        }
    }

    /** Holds the latest facts of a TLS connection whose edges may be replayed. */
    void hold(int stream, String client, String broker, TlsFacts facts) {
        tls.add(stream);
        held.put(stream, new Held(client, broker, facts));
    }

    /** The facts held for a connection (forgotten), or null. */
    Held take(int stream) {
        return held.remove(stream);
    }

    /**
     * The slice's traffic census ({@link org.kwire.stream.TrafficCensus}) behind the boundary: a TLS connection whose
     * edges the merge replays is counted there, once, with all its bytes ({@link Replay.Session#census()}), not in
     * each slice it crosses; so is an edge without payload (the SYN before a rotation, the last ACK after one).
     */
    static ConnectionObserver census(BoundaryRecorder r, ConnectionObserver census) {
        return new ConnectionObserver() {
            @Override
            public void kafka(KafkaConversation conversation) {
                ConnectionWatch w = r.watch(conversation.id());
                if (w != null && w.mode == ConnectionWatch.Mode.HEAD && !r.tls.secretsFromCapture()) {
                    r.tls.holdKafka(conversation.id(), () -> census.kafka(conversation)); // as the report's (BoundaryGate)
                } else {
                    census.kafka(conversation);
                }
            }

            @Override
            public void ended(ConnectionTraffic traffic) {
                int stream = traffic.connection().stream();
                if (!(r.tls.isTls(stream) || traffic.payloadBytes() == 0) || !r.leftOut(stream)) {
                    census.ended(traffic);
                }
            }
        };
    }
}
