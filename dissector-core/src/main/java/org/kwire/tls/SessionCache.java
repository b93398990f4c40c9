package org.kwire.tls;

import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * TLS 1.2 master secrets learned on connections that were decrypted, by the session id the server gave and by the
 * tickets it issued (RFC 5246 section 7.4.1.2, RFC 5077), so that later connections resuming those sessions decrypt
 * too even when the key log has no line for them. At most {@link #MAX_SESSIONS} are kept, the least recently used go
 * first. Shared by the connections of one analysis; thread-safe.
 */
public final class SessionCache {

    /** Sessions remembered at most. */
    public static final int MAX_SESSIONS = 10_000;
    private static final HexFormat HEX = HexFormat.of();

    private final Map<String, byte[]> masters = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
            return size() > MAX_SESSIONS;
        }
    };

    synchronized void putSessionId(byte[] sessionId, byte[] master) {
        if (sessionId.length > 0) {
            masters.put("id " + HEX.formatHex(sessionId), master);
        }
    }

    synchronized void putTicket(byte[] ticket, byte[] master) {
        if (ticket.length > 0) {
            masters.put("ticket " + HEX.formatHex(ticket), master);
        }
    }

    synchronized byte[] bySessionId(byte[] sessionId) {
        return sessionId.length == 0 ? null : masters.get("id " + HEX.formatHex(sessionId));
    }

    synchronized byte[] byTicket(byte[] ticket) {
        return ticket == null || ticket.length == 0 ? null : masters.get("ticket " + HEX.formatHex(ticket));
    }

    @Override
    public String toString() {
        return "SessionCache[" + masters.size() + " sessions, redacted]";
    }
}
