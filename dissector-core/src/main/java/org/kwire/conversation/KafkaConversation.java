package org.kwire.conversation;

import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.RequestHeader;
import org.kwire.protocol.ResponseHeader;
import org.kwire.protocol.WireReader;
import org.kwire.schema.Direction;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One Kafka connection between a client and a broker: decodes the headers of its frames and matches each response to
 * the pending request with the same correlation_id (Kafka protocol guide: the broker answers requests of a connection
 * in order, echoing the correlation_id). Pending requests are bounded; the oldest is reported unmatched when full.
 */
public final class KafkaConversation {

    private final int id;
    private final String client;
    private final String broker;
    private final HeaderDecoder headers;
    private final ConversationListener listener;
    private final int maxPending;
    private final LinkedHashMap<Integer, RequestRecord> pending = new LinkedHashMap<>();
    private final ResponseInference inference;
    private final SaslTokens saslTokens;
    /** (api key << 16 | version) of the requests seen, for inferring the API of responses without their request. */
    private final Set<Long> apisSeen = new LinkedHashSet<>();

    /**
     * @param id         stream number of the TCP connection (0-based, in order of first packet)
     * @param client     client endpoint, e.g. {@code "127.0.0.1:51234"}
     * @param broker     broker endpoint, e.g. {@code "127.0.0.1:9092"}
     * @param plans      compiled schemas, to infer the API of responses whose request was not captured
     * @param listener   receives requests, responses, unmatched requests and notes
     * @param maxPending most requests kept waiting for a response
     */
    public KafkaConversation(int id, String client, String broker, PlanCache plans,
                             ConversationListener listener, int maxPending) {
        this.id = id;
        this.client = client;
        this.broker = broker;
        this.headers = new HeaderDecoder(plans.schemas());
        this.inference = new ResponseInference(plans, headers);
        this.saslTokens = new SaslTokens(headers, Integer.MAX_VALUE);
        this.listener = listener;
        this.maxPending = maxPending;
    }

    /** Stream number of the TCP connection. */
    public int id() {
        return id;
    }

    /** Client endpoint, {@code host:port}. */
    public String client() {
        return client;
    }

    /** Broker endpoint, {@code host:port}. */
    public String broker() {
        return broker;
    }

    /** True if a request with this correlation_id waits for its response. */
    public boolean isPending(int correlationId) {
        return pending.containsKey(correlationId);
    }

    /** True if any request waits for its response. */
    public boolean hasPending() {
        return !pending.isEmpty();
    }

    /**
     * True while SASL tokens may come from the client (after SaslHandshake v0, or in the legacy GSSAPI flow): then
     * frames as short as 0 bytes (an empty token) are legal.
     */
    public boolean expectsSaslTokens() {
        return saslTokens.active();
    }

    /**
     * A request frame from the client. Malformed headers and api keys no known release defines become notes; raw
     * SASL tokens ({@link SaslTokens}) too. Requests that expect no response (Produce with acks=0) are handed on at
     * once as requests without response and never kept pending.
     */
    public void onRequestFrame(KafkaFrame frame) {
        if (saslTokens.takeRequest(frame)) {
            note(Severity.NOTE, "protocol", frame.meta().lastPacket(), 0, "SASL token of " + frame.meta().length()
                    + " bytes from the client (raw, " + saslTokens.flow() + "; not shown)");
            return;
        }
        RequestHeader h;
        try {
            h = headers.request(frame.bytes());
        } catch (WireReader.Truncated e) {
            if (frame.complete()) {
                note(Severity.ERROR, "malformed", frame.meta().lastPacket(), e.offset,
                        "request header does not fit in its " + frame.length() + "-byte frame");
            } else {
                note(Severity.WARNING, "sequence", frame.meta().lastPacket(), e.offset,
                        "request header lost: only " + frame.length() + " of the frame's " + frame.meta().length() + " bytes were captured");
            }
            return;
        }
        if (headers.schemas().versions(h.apiKey(), Direction.REQUEST).isEmpty()) {
            note(Severity.ERROR, "malformed", frame.meta().lastPacket(), 4, "request with api_key " + h.apiKey()
                    + " (0x" + Integer.toHexString(h.apiKey() & 0xffff) + "), which no known Kafka release defines; not decoded");
            return;
        }
        if (!headers.schemas().isKnownRequest(h.apiKey(), h.apiVersion())) {
            note(Severity.NOTE, "undecoded", frame.meta().lastPacket(), 6, plansName(h.apiKey()) + " v" + h.apiVersion()
                    + " request: no known Kafka release defines this version (header v1 assumed, body not decoded)");
        }
        RequestRecord previous = pending.remove(h.correlationId());
        if (previous != null) {
            note(Severity.WARNING, "protocol", frame.meta().lastPacket(), 8,
                    "correlation_id " + h.correlationId() + " reused while a request with it is pending");
            listener.onUnmatchedRequest(new Exchange(this, previous, null));
        }
        apisSeen.add(((long) h.apiKey() << 16) | (h.apiVersion() & 0xffff));
        boolean responseExpected = ProduceAcks.responseExpected(frame, h);
        if (responseExpected && pending.size() >= maxPending) {
            Iterator<Map.Entry<Integer, RequestRecord>> oldest = pending.entrySet().iterator();
            RequestRecord evicted = oldest.next().getValue();
            oldest.remove();
            listener.onUnmatchedRequest(new Exchange(this, evicted, null));
        }
        RequestRecord request = new RequestRecord(h, frame.meta(), listener.onRequest(this, frame, h), responseExpected);
        if (responseExpected) {
            pending.put(h.correlationId(), request);
        } else {
            listener.onUnmatchedRequest(new Exchange(this, request, null));
        }
    }

    /** A response frame from the broker, matched by correlation_id. */
    public void onResponseFrame(KafkaFrame frame) {
        if (saslTokens.takeResponse(frame, this::answersPendingRequest)) {
            note(Severity.NOTE, "protocol", frame.meta().lastPacket(), 0, "SASL token of " + frame.meta().length()
                    + " bytes from the broker (raw, " + saslTokens.flow() + "; not shown)");
            return;
        }
        if (frame.length() < 8) {
            if (frame.complete()) {
                note(Severity.ERROR, "malformed", frame.meta().lastPacket(), 0, "a " + frame.length()
                        + "-byte response has no room for a correlation_id");
            } else {
                note(Severity.WARNING, "sequence", frame.meta().lastPacket(), 4, "response correlation_id lost: only "
                        + frame.length() + " of the frame's " + frame.meta().length() + " bytes were captured");
            }
            return;
        }
        int correlationId = frame.bytes().getInt(4);
        RequestRecord request = pending.remove(correlationId);
        long inferred = request == null ? inference.infer(frame, apisSeen) : -1;
        int apiKey = request != null ? request.header().apiKey() : inferred < 0 ? -1 : (int) (inferred >>> 16);
        int apiVersion = request != null ? request.header().apiVersion() : inferred < 0 ? -1 : (int) (inferred & 0xffff);
        ResponseHeader h;
        try {
            h = headers.response(frame.bytes(), apiKey, apiVersion);
        } catch (WireReader.Truncated e) {
            if (frame.complete()) {
                note(Severity.ERROR, "malformed", frame.meta().lastPacket(), e.offset,
                        "response header does not fit in its " + frame.length() + "-byte frame");
            }
            h = new ResponseHeader(correlationId, 0, 4);
        }
        if (request == null) {
            note(Severity.NOTE, "sequence", frame.meta().lastPacket(), 4, "response with correlation_id " + correlationId
                    + " has no captured request" + (apiKey < 0 ? "" : "; inferred " + plansName(apiKey) + " v" + apiVersion
                    + ", the only API of this connection it decodes as"));
        }
        saslTokens.afterResponse(apiKey, apiVersion, frame);
        int inferredKey = request == null ? apiKey : -1;
        int inferredVersion = request == null ? apiVersion : -1;
        listener.onResponse(new Exchange(this, request, new ResponseRecord(h, frame.meta(), inferredKey, inferredVersion)), frame);
    }

    /** True if the frame is the complete, cleanly decoding response to a pending request with its correlation_id. */
    private boolean answersPendingRequest(KafkaFrame frame) {
        RequestRecord r = frame.length() >= 8 ? pending.get(frame.bytes().getInt(4)) : null;
        return r != null && inference.decodes(frame, r.header().apiKey(), r.header().apiVersion());
    }

    private String plansName(int apiKey) {
        return headers.schemas().apiName(apiKey);
    }

    /** The connection ended (or the capture did): pending requests are reported unmatched. */
    public void end() {
        for (RequestRecord r : pending.values()) {
            listener.onUnmatchedRequest(new Exchange(this, r, null));
        }
        pending.clear();
    }

    private void note(Severity s, String group, long packet, long offset, String message) {
        listener.onNote(this, new ExpertNote(s, group, packet, offset, "stream " + id, message));
    }
}
