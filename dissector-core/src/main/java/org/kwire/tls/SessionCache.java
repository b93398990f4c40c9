package org.kwire.tls;

import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * TLS 1.2 master secrets learned on connections that were decrypted, by the session id the server gave and by the
 * tickets it issued (RFC 5246 section 7.4.1.2, RFC 5077), so that later connections resuming those sessions decrypt
 * too even when the key log has no line for them. At most {@link #MAX_SESSIONS} are kept, the least recently used go
 * first. Shared by the connections of one analysis; thread-safe.
 * <p>
 * When the connections are shared out over several stream threads, each thread uses an {@link #ordered} view: a
 * lookup then waits until every thread has handled the events before its own and sees only what was learned up to
 * its event in capture order, so a connection resumes exactly the sessions it would on one thread. (Beyond
 * {@link #MAX_SESSIONS}, which are forgotten first follows the threads' order of use.)
 */
public final class SessionCache {

    /** Sessions remembered at most. */
    public static final int MAX_SESSIONS = 10_000;
    /** Secrets kept per session id or ticket, the latest in capture order first (a view may look before them). */
    private static final int MAX_LEARNED = 4;
    private static final HexFormat HEX = HexFormat.of();

    /**
     * Where the thread using an {@link #ordered} view stands in capture order.
     */
    public interface Order {

        /** The position in capture order of the event this thread is handling (increasing). */
        long position();

        /** Returns once every other thread has handled every event before {@code position}. */
        void awaitBefore(long position);
    }

    /** A master secret learned at a position in capture order (0 without an order), and what it replaced. */
    private record Learned(long position, byte[] master, Learned earlier) {
    }

    private final Map<String, Learned> masters;
    private final Order order;

    /** An empty cache, used in the order of its callers. */
    public SessionCache() {
        this(new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Learned> eldest) {
                return size() > MAX_SESSIONS;
            }
        }, null);
    }

    private SessionCache(Map<String, Learned> masters, Order order) {
        this.masters = masters;
        this.order = order;
    }

    /** A view of the same sessions for one of several threads, each learning and looking up in capture order. */
    public SessionCache ordered(Order order) {
        return new SessionCache(masters, order);
    }

    void putSessionId(byte[] sessionId, byte[] master) {
        if (sessionId.length > 0) {
            put("id " + HEX.formatHex(sessionId), master);
        }
    }

    void putTicket(byte[] ticket, byte[] master) {
        if (ticket.length > 0) {
            put("ticket " + HEX.formatHex(ticket), master);
        }
    }

    byte[] bySessionId(byte[] sessionId) {
        return sessionId.length == 0 ? null : get("id " + HEX.formatHex(sessionId));
    }

    byte[] byTicket(byte[] ticket) {
        return ticket == null || ticket.length == 0 ? null : get("ticket " + HEX.formatHex(ticket));
    }

    private void put(String key, byte[] master) {
        long at = order == null ? 0 : order.position();
        synchronized (masters) {
            masters.put(key, insert(masters.get(key), at, master, order == null ? 1 : MAX_LEARNED));
        }
    }

    /** {@code learned} with the secret learned at {@code at} in its place (latest first), at most {@code keep} long. */
    private static Learned insert(Learned learned, long at, byte[] master, int keep) {
        if (keep == 1 || learned == null || learned.position <= at) {
            return new Learned(at, master, keep == 1 ? null : trim(learned, keep - 1));
        }
        return new Learned(learned.position, learned.master, insert(learned.earlier, at, master, keep - 1));
    }

    private static Learned trim(Learned learned, int keep) {
        if (learned == null || keep == 0) {
            return null;
        }
        return new Learned(learned.position, learned.master, trim(learned.earlier, keep - 1));
    }

    private byte[] get(String key) {
        long before = Long.MAX_VALUE;
        if (order != null) {
            before = order.position();
            order.awaitBefore(before); // never while holding the lock: the others learn under it
        }
        synchronized (masters) {
            for (Learned l = masters.get(key); l != null; l = l.earlier) {
                if (l.position <= before) { // the same position: learned by this event, on this thread
                    return l.master;
                }
            }
            return null;
        }
    }

    @Override
    public String toString() {
        synchronized (masters) {
            return "SessionCache[" + masters.size() + " sessions, redacted]";
        }
    }
}
