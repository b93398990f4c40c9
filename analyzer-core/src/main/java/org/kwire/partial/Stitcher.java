package org.kwire.partial;

import org.kwire.net.Endpoint;
import org.kwire.report.PartMerge;
import org.kwire.report.ReportPart;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Joins the connections that cross a file boundary, when the report of merged partials is built: for each capture
 * point, each connection open at the end of a slice ({@link Boundary#tail()}) is handed to a new stream stage with the
 * pieces it received from where its stage could last be resumed (their events were counted by the slice: only
 * followed here), then with what the next slice kept at its start for the same 4-tuple ({@link Boundary#head()};
 * counted here, once, joined: a frame cut by the rotation is decoded whole, a request answered in the next file
 * matched), on through the slices where the head never ended, until one does (the later slice's own analysis is exact
 * from there on; the requests it has pending there are its own, {@link Replay.Session#unanswered}) or it ends (closed, or at the end of all input when no later slice goes on with it). A head that continues nothing is
 * replayed as its slice analyzed it. The later slice's stream of a joined connection takes the earlier one's number.
 * <p>
 * TLS connections are joined the same way, their edges kept whole ({@link TlsEdges}): the replay decrypts a later
 * slice's bytes with the state the earlier slice's handshake set up.
 * <p>
 * Not joined (named in {@link Crossings}' warning instead): connections let go by {@link BoundaryRecorder} (not Kafka,
 * over {@code --boundary-bytes}, TLS of a slice whose secrets came from the capture). A connection open at the end of a slice that does not go on is ended at the
 * last packet of all input (one analysis ends it there too, unless a later packet passes its idle timeout).
 */
public final class Stitcher {

    /**
     * The stitched partial and what numbering needs of it.
     *
     * @param partial   the partial with the joined connections' events added and their later streams renumbered
     * @param continued per slice, its streams that continue a connection of an earlier slice
     * @param joined    those streams as {@code slice:stream}, for {@link Crossings}
     */
    public record Result(Partial partial, List<Set<Integer>> continued, Set<String> joined) {

        /** Connections counted twice before joining. */
        public long continuedCount() {
            return continued.stream().mapToLong(Set::size).sum();
        }
    }

    private final Partial merged;
    private final Replay replay;
    private final CaptureNumbering times;
    private final long[] frameOffset;
    private final int[] streamOffset;
    private final long endPacket;
    private final List<Set<Integer>> continued = new ArrayList<>();
    private final Set<String> joined = new TreeSet<>();
    private final Map<Integer, Integer> streamMap = new HashMap<>();
    private final List<Set<Integer>> consumed = new ArrayList<>();
    /**
     * Per later slice's stream of a joined connection (as numbered in the merged partial): where its slice's stream
     * offsets start in the connection, client to broker and broker to client.
     */
    private final Map<Integer, long[]> bases = new HashMap<>();
    /**
     * Per joined connection (its first stream in the merged partial), the API pairs its requests used in the slices
     * stitched so far ({@link Boundary.Edge#apis()}): what one analysis tries a response without its request as.
     */
    private final Map<Integer, java.util.LinkedHashSet<Long>> apis = new HashMap<>();
    private ReportPart report;
    private org.kwire.stream.TrafficCensus.Counts census;

    private Stitcher(Partial merged, Replay replay, CaptureNumbering times, long[] maxima) {
        this.merged = merged;
        this.replay = replay;
        this.times = times;
        this.report = merged.report();
        this.census = merged.census();
        int n = merged.slices().size();
        frameOffset = new long[n];
        streamOffset = new int[n];
        long last = 0;
        long lastMax = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            SliceFacts s = merged.slices().get(i);
            if (i > 0) {
                frameOffset[i] = frameOffset[i - 1] + merged.slices().get(i - 1).packets();
                streamOffset[i] = streamOffset[i - 1] + (int) merged.slices().get(i - 1).tcpConnections();
            }
            if (s.packets() > 0 && maxima[i] > lastMax) { // on equal times the later slice's packets come first
                lastMax = maxima[i];
                last = frameOffset[i] + s.packets();
            }
            continued.add(new TreeSet<>());
            consumed.add(new HashSet<>());
        }
        endPacket = last;
    }

    /**
     * @param merged the merged partial, its slices in order
     * @param replay the stream stage to replay boundary pieces through
     * @param times  the slices' numbering (for the running maximum timestamp of each frame)
     * @param lastMaxima per slice, the running maximum timestamp of its last packet
     */
    public static Result stitch(Partial merged, Replay replay, CaptureNumbering times, long[] lastMaxima) {
        Stitcher s = new Stitcher(merged, replay, times, lastMaxima);
        for (List<Integer> point : CapturePoints.of(merged.slices())) {
            for (int pos = 0; pos < point.size(); pos++) {
                s.slice(point, pos);
            }
        }
        ReportPart shifted = s.report.shiftStreamOffsets((stream, toBroker) -> {
            long[] base = s.bases.get((int) stream);
            return base == null ? 0 : base[toBroker ? 0 : 1];
        });
        ReportPart joinedPart = PartMerge.joinStreams(shifted, x -> s.streamMap.getOrDefault(x, x));
        Partial p = new Partial(merged.kwirePartial(), merged.analysis(), merged.slices(), s.census, joinedPart);
        return new Result(p, s.continued, s.joined);
    }

    private void slice(List<Integer> point, int pos) {
        int i = point.get(pos);
        Boundary b = merged.slices().get(i).boundary();
        for (Boundary.Edge h : b.head()) {
            Integer closed = closedBefore(point, pos, h);
            if (closed != null && !consumed.get(i).contains(h.stream())) {
                join(i, h, closed); // the last packets of a connection closed in an earlier file: one analysis drops them
            } else if (!consumed.get(i).contains(h.stream())) {
                int stream = streamOffset[i] + h.stream();
                Replay.Session session = replay.session(merged.report().topicNames());
                TcpStreamHandler handler = session.handler(TcpConnection.of(stream, endpoint(h.a()), endpoint(h.b()),
                        h.synSeen()));
                session.keep(true);
                JoinedConnection joined = new JoinedConnection(h.a(), client(h), new long[2]);
                joined.feed(handler, h, frameOffset[i]);
                if (h.through()) {
                    follow(point, pos, h.fourTuple(), session, handler, joined, stream);
                }
                done(session, stream, joined);
            }
        }
        for (Boundary.Edge t : b.tail()) {
            int local = streamOffset[i] + t.stream();
            int origin = streamMap.getOrDefault(local, local);
            Replay.Session session = replay.session(merged.report().topicNames());
            boolean resumed = !t.fromStart() && t.clientIsA() != null;
            String client = resumed ? (t.clientIsA() ? t.a() : t.b()) : t.a();
            String broker = resumed ? (t.clientIsA() ? t.b() : t.a()) : t.b();
            TcpStreamHandler handler = session.handler(resumed ? TcpConnection.resumed(origin, endpoint(client), endpoint(broker))
                    : TcpConnection.of(origin, endpoint(t.a()), endpoint(t.b()), t.synSeen()));
            session.keep(false);
            java.util.LinkedHashSet<Long> seen = apis.computeIfAbsent(origin, k -> new java.util.LinkedHashSet<>());
            if (t.apis() != null) {
                seen.addAll(t.apis());
            }
            handler.seedApis(seen.stream().mapToLong(Long::longValue).toArray());
            JoinedConnection joined = new JoinedConnection(client, client(t), tailStart(t, local, client));
            joined.feed(handler, t, frameOffset[i]);
            boolean flip = !t.a().equals(client);
            joined.next[0] = t.nextSeq().get(flip ? 1 : 0);
            joined.next[1] = t.nextSeq().get(flip ? 0 : 1);
            joined.resume(handler, t, frameOffset[i]);
            session.keep(true);
            follow(point, pos, t.fourTuple(), session, handler, joined, origin);
            done(session, origin, joined);
        }
    }

    /**
     * Goes on with the heads of the same 4-tuple in the following slices of the point (the first that has it: an idle
     * connection may skip files), or ends the connection.
     */
    private void follow(List<Integer> point, int pos, String tuple, Replay.Session session, TcpStreamHandler handler,
                        JoinedConnection joined, int origin) {
        for (int p = pos + 1; p < point.size(); p++) {
            int j = point.get(p);
            Boundary.Edge h = null;
            for (Boundary.Edge e : merged.slices().get(j).boundary().head()) {
                if (e.fourTuple().equals(tuple) && !consumed.get(j).contains(e.stream())) {
                    h = e;
                    break;
                }
            }
            if (h == null && has(j, tuple)) {
                break; // the 4-tuple again, but with its SYN: a new connection
            }
            if (h == null) {
                continue; // nothing of it in this file (idle meanwhile)
            }
            join(j, h, origin);
            long[] base = joined.base(h);
            bases.put(streamOffset[j] + h.stream(), base);
            joined.feed(handler, h, frameOffset[j]);
            if (!h.through()) {
                if (!handler.atRest() && !h.pieces().isEmpty()) {
                    session.unanswered(handler, frameOffset[j] + h.pieces().get(h.pieces().size() - 1).packet(),
                            joined.local(base[0], true));
                }
                return; // the head ended (the slice's own analysis goes on from here) or the connection did
            }
        }
        joined.end(handler, endPacket);
    }

    /**
     * Where the tail's pieces start in the connection, per direction of a handler whose endpoint A is {@code a}: the
     * slice's offset at its end less the pieces' bytes, plus where the slice's offsets start (if it continues one).
     */
    private long[] tailStart(Boundary.Edge t, int stream, String a) {
        boolean flip = !t.a().equals(a);
        long[] base = bases.getOrDefault(stream, new long[2]);
        String client = client(t);
        long[] start = new long[2];
        for (int side = 0; side < 2; side++) {
            int edgeSide = flip ? 1 - side : side;
            long held = 0;
            for (Piece p : t.pieces()) {
                if (p.fromA() == (edgeSide == 0)) {
                    held += p.kind().equals("data") ? p.data().length : p.kind().equals("gap") ? p.bytes() : 0;
                }
            }
            long end = t.offsets() == null ? held : t.offsets().get(edgeSide);
            boolean toBroker = client != null && (edgeSide == 0) == client.equals(t.a());
            start[side] = Math.max(0, end - held) + (client == null ? 0 : base[toBroker ? 0 : 1]);
        }
        return start;
    }

    /** The client endpoint of an edge, null if not decided. */
    static String client(Boundary.Edge e) {
        return e.clientIsA() == null ? null : e.clientIsA() ? e.a() : e.b();
    }

    /** The session's events into the report, the stream offsets of its notes of {@code stream} counted from its start. */
    private void done(Replay.Session session, int stream, JoinedConnection joined) {
        ReportPart part = session.part().shiftStreamOffsets((s, toBroker) -> s == stream ? joined.shift(toBroker) : 0);
        report = PartMerge.overlay(report, part, times::time);
        if (session.census() != null) {
            census = census.merge(session.census());
        }
    }

    /** The later slice's stream of a connection counts as the earlier one's ({@code origin}). */
    private void join(int slice, Boundary.Edge h, int origin) {
        consumed.get(slice).add(h.stream());
        continued.get(slice).add(h.stream());
        joined.add(slice + ":" + h.stream());
        streamMap.put(streamOffset[slice] + h.stream(), origin);
    }

    /**
     * If a head carries no byte and its 4-tuple was last seen in an earlier slice of the point as a connection that
     * ended there (its FINs, then a last ACK after the rotation), that connection's stream; else null.
     */
    private Integer closedBefore(List<Integer> point, int pos, Boundary.Edge h) {
        if (h.pieces().stream().anyMatch(p -> p.kind().equals("data") || p.kind().equals("gap"))) {
            return null;
        }
        for (int p = pos - 1; p >= 0; p--) {
            int i = point.get(p);
            for (BoundaryConnection c : merged.slices().get(i).boundary().connections()) {
                if (c.fourTuple().equals(h.fourTuple())) {
                    int s = streamOffset[i] + c.stream();
                    return c.openAtEnd() ? null : streamMap.getOrDefault(s, s);
                }
            }
        }
        return null;
    }

    private boolean has(int slice, String tuple) {
        return merged.slices().get(slice).boundary().connections().stream().anyMatch(c -> c.fourTuple().equals(tuple));
    }

    /** An endpoint from its text ({@code host:port}, {@code [v6]:port}); an IP literal, never looked up. */
    static Endpoint endpoint(String text) {
        int colon = text.lastIndexOf(':');
        try {
            byte[] address = InetAddress.getByName(ConnectionLedger.host(text)).getAddress();
            return new Endpoint(address, Integer.parseInt(text.substring(colon + 1)));
        } catch (UnknownHostException | NumberFormatException e) {
            throw new IllegalArgumentException("not an endpoint: " + text, e);
        }
    }
}
