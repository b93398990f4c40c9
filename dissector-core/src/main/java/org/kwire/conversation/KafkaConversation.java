package org.kwire.conversation;

import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.RequestFrame;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.ResponseFrame;
import org.kwire.protocol.KafkaResponseHeader;
import org.kwire.protocol.WireReader;
import org.kwire.schema.Direction;
import org.kwire.summary.FrameSummarizer;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One Kafka connection between a client and a broker: matches each response to the pending request with the same
 * correlation_id (Kafka protocol guide: the broker answers requests of a connection in order, echoing the
 * correlation_id). It takes frames whose headers the stream stage decoded once ({@link RequestFrame},
 * {@link ResponseFrame}) and holds the analysis's only pending table: {@link RequestRecord}s by correlation_id,
 * bounded by {@code maxPending} (the oldest is reported unmatched when full). Not thread-safe: one thread feeds it.
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
    private final SaslTokens saslTokens = new SaslTokens();
    /** (api key << 16 | version) of the requests seen, for inferring the API of responses without their request. */
    private final Set<Long> apisSeen = new LinkedHashSet<>();
    /**
     * The last acks=0 Produce requests ({@link #ACKS0_REMEMBERED} at most), by correlation_id: a broker should never
     * answer one, but if a response carries one's correlation_id, it is decoded as that request's response.
     */
    private final LinkedHashMap<Integer, RequestRecord> acks0 = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, RequestRecord> eldest) {
            return size() > ACKS0_REMEMBERED;
        }
    };
    /** acks=0 Produce requests remembered per connection, in case a broker answers one. */
    static final int ACKS0_REMEMBERED = 16;
    /**
     * A request other than the oldest pending one left the pending table (answered or replaced out of order): the
     * pending requests are not all the requests since the oldest one. Cleared when none is pending.
     */
    private boolean disordered;
    /** The last response that decoded cleanly as the answer to its pending request, while SASL tokens were due. */
    private ResponseInference.Trial answerTrial;

    /**
     * @param id         stream number of the TCP connection (0-based, in order of first packet)
     * @param client     client endpoint, e.g. {@code "127.0.0.1:51234"}
     * @param broker     broker endpoint, e.g. {@code "127.0.0.1:9092"}
     * @param summarizer decodes responses whose API must be inferred (its findings are kept: decoded once)
     * @param listener   receives requests, responses, unmatched requests and notes
     * @param maxPending most requests kept waiting for a response
     */
    public KafkaConversation(int id, String client, String broker, FrameSummarizer summarizer,
                             ConversationListener listener, int maxPending) {
        this.id = id;
        this.client = client;
        this.broker = broker;
        this.headers = new HeaderDecoder(summarizer.plans().schemas());
        this.inference = new ResponseInference(summarizer, headers);
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

    /**
     * True unless the complete frame carries the correlation_id of a pending request and does not decode as its
     * response (resynchronisation asks this of a candidate before taking it; the frame is decoded for it). A pending
     * request of a version no schema defines cannot tell: true.
     */
    public boolean fitsPendingRequest(KafkaFrame frame) {
        RequestRecord r = frame.length() >= 8 ? pending.get(frame.data().getInt(4)) : null;
        if (r == null || !headers.schemas().knowsApi(r.header().apiKey(), Direction.RESPONSE)
                || !headers.schemas().isKnownRequest(r.header().apiKey(), r.header().apiVersion())) {
            return true;
        }
        return inference.fits(frame, r.header().apiKey(), r.header().apiVersion());
    }

    /**
     * Stream offset (client to broker) of the frame of the oldest request waiting for its response, -1 if none; for a
     * partial's boundary, which keeps a connection's bytes from there ({@link #inOrder}).
     */
    public long oldestPendingStart() {
        return pending.isEmpty() ? -1 : pending.values().iterator().next().frame().streamOffset();
    }

    /**
     * True if a new conversation handed the client's frames from the oldest pending request's on would hold what this
     * one holds that later frames depend on: the requests pending are all those since the oldest one (none was
     * answered or replaced out of order) and no SASL token exchange is under way or owes an answer. What it does not
     * hold: the APIs seen before (for a response without its request) and the acks=0 requests before.
     */
    public boolean inOrder() {
        return !disordered && saslTokens.settled();
    }

    /** Removes a pending request, noting whether it was not the oldest. */
    private RequestRecord take(int correlationId) {
        RequestRecord r = pending.get(correlationId);
        if (r != null && !pending.isEmpty() && pending.values().iterator().next() != r) {
            disordered = true;
        }
        pending.remove(correlationId);
        if (pending.isEmpty()) {
            disordered = false;
        }
        return r;
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
    public void onRequestFrame(RequestFrame request) {
        KafkaFrame frame = request.frame();
        if (saslTokens.takeRequest(request)) {
            note(ExpertItem.SASL_TOKEN, frame.meta().lastPacket(), 0, "SASL token of " + frame.meta().length()
                    + " bytes from the client (raw, " + saslTokens.flow() + "; not shown)");
            return;
        }
        KafkaRequestHeader h = request.header();
        if (h == null) {
            if (frame.complete()) {
                note(ExpertItem.REQUEST_HEADER_MALFORMED, frame.meta().lastPacket(), request.truncatedAt(),
                        "request header does not fit in its " + frame.length() + "-byte frame");
            } else {
                note(ExpertItem.REQUEST_HEADER_LOST, frame.meta().lastPacket(), request.truncatedAt(), "request header "
                        + "lost: only " + frame.length() + " of the frame's " + frame.meta().length() + " bytes were captured");
            }
            return;
        }
        if (!headers.schemas().knowsApi(h.apiKey(), Direction.REQUEST)) {
            note(ExpertItem.REQUEST_API_KEY_UNKNOWN, frame.meta().lastPacket(), 4, "request with api_key " + h.apiKey()
                    + " (0x" + Integer.toHexString(h.apiKey() & 0xffff) + "), which no known Kafka release defines; not decoded");
            return;
        }
        if (h.apiVersion() < 0) {
            note(ExpertItem.REQUEST_VERSION_INVALID, frame.meta().lastPacket(), 6, apiName(h.apiKey()) + " request with "
                    + "api_version " + h.apiVersion() + " (0x" + Integer.toHexString(h.apiVersion() & 0xffff) + "): versions are "
                    + "never negative; not decoded");
            return;
        }
        if (!headers.schemas().isKnownRequest(h.apiKey(), h.apiVersion())) {
            note(ExpertItem.REQUEST_VERSION_UNKNOWN, frame.meta().lastPacket(), 6, apiName(h.apiKey()) + " v" + h.apiVersion()
                    + " request: no known Kafka release defines this version (header v1 assumed, body not decoded)");
        }
        RequestRecord previous = take(h.correlationId());
        if (previous != null) {
            note(ExpertItem.CORRELATION_ID_REUSED, frame.meta().lastPacket(), 8,
                    "correlation_id " + h.correlationId() + " reused while a request with it is pending");
            listener.onUnmatchedRequest(new Exchange(this, previous, null));
        }
        apisSeen.add(((long) h.apiKey() << 16) | (h.apiVersion() & 0xffff));
        boolean responseExpected = ProduceAcks.responseExpected(request);
        if (responseExpected && pending.size() >= maxPending) {
            Iterator<Map.Entry<Integer, RequestRecord>> oldest = pending.entrySet().iterator();
            RequestRecord evicted = oldest.next().getValue();
            oldest.remove();
            listener.onUnmatchedRequest(new Exchange(this, evicted, null));
        }
        RequestRecord record = new RequestRecord(h, frame.meta(), responseExpected);
        listener.onRequest(this, request, record);
        if (responseExpected) {
            pending.put(h.correlationId(), record);
        } else {
            acks0.remove(h.correlationId());
            acks0.put(h.correlationId(), record);
            listener.onUnmatchedRequest(new Exchange(this, record, null));
        }
    }

    /** A response frame from the broker, matched by correlation_id. */
    public void onResponseFrame(ResponseFrame response) {
        KafkaFrame frame = response.frame();
        answerTrial = null;
        if (saslTokens.takeResponse(response, this::answersPendingRequest)) {
            note(ExpertItem.SASL_TOKEN, frame.meta().lastPacket(), 0, "SASL token of " + frame.meta().length()
                    + " bytes from the broker (raw, " + saslTokens.flow() + "; not shown)");
            return;
        }
        if (!response.hasCorrelationId()) {
            if (frame.complete()) {
                note(ExpertItem.RESPONSE_TOO_SHORT, frame.meta().lastPacket(), 0, "a " + frame.length()
                        + "-byte response has no room for a correlation_id");
            } else {
                note(ExpertItem.RESPONSE_CORRELATION_ID_LOST, frame.meta().lastPacket(), 4, "response correlation_id lost: "
                        + "only " + frame.length() + " of the frame's " + frame.meta().length() + " bytes were captured");
            }
            return;
        }
        int correlationId = response.correlationId();
        RequestRecord request = take(correlationId);
        RequestRecord unanswerable = request == null ? acks0.remove(correlationId) : null;
        ResponseInference.Trial decoded = request == null && unanswerable == null ? inference.infer(frame, apisSeen) : answerTrial;
        RequestRecord api = request != null ? request : unanswerable;
        int apiKey = api != null ? api.header().apiKey() : decoded == null ? -1 : decoded.apiKey();
        int apiVersion = api != null ? api.header().apiVersion() : decoded == null ? -1 : decoded.apiVersion();
        KafkaResponseHeader h = decoded != null ? decoded.header() : responseHeader(frame, correlationId, apiKey, apiVersion);
        if (unanswerable != null) {
            note(ExpertItem.ACKS0_ANSWERED, frame.meta().lastPacket(), 4, "response with correlation_id " + correlationId
                    + " answers the " + apiName(apiKey) + " v" + apiVersion + " request of frame "
                    + unanswerable.frame().lastPacket() + ", sent with acks=0, which a broker never answers; decoded as "
                    + "its response");
        } else if (request == null) {
            note(ExpertItem.RESPONSE_WITHOUT_REQUEST, frame.meta().lastPacket(), 4, "response with correlation_id "
                    + correlationId + " has no captured request" + (apiKey < 0 ? "" : "; inferred " + apiName(apiKey) + " v"
                    + apiVersion + ", the only API of this connection it decodes as"));
        }
        saslTokens.afterResponse(apiKey, apiVersion, frame);
        int inferredKey = request == null ? apiKey : -1;
        int inferredVersion = request == null ? apiVersion : -1;
        listener.onResponse(new Exchange(this, request, new ResponseRecord(h, frame.meta(), inferredKey, inferredVersion)),
                frame, decoded == null ? null : decoded.findings());
    }

    /** The response header at the version the API implies; a header that does not fit is noted and taken as v0. */
    private KafkaResponseHeader responseHeader(KafkaFrame frame, int correlationId, int apiKey, int apiVersion) {
        try {
            return headers.response(frame.data(), apiKey, apiVersion);
        } catch (WireReader.Truncated e) {
            if (frame.complete()) {
                note(ExpertItem.RESPONSE_HEADER_MALFORMED, frame.meta().lastPacket(), e.offset,
                        "response header does not fit in its " + frame.length() + "-byte frame");
            }
            return new KafkaResponseHeader(correlationId, 0, 4);
        }
    }

    /**
     * True if the frame is the complete, cleanly decoding response to a pending request with its correlation_id; the
     * decoding is kept for the exchange.
     */
    private boolean answersPendingRequest(ResponseFrame response) {
        RequestRecord r = response.hasCorrelationId() ? pending.get(response.correlationId()) : null;
        answerTrial = r == null ? null : inference.trial(response.frame(), r.header().apiKey(), r.header().apiVersion());
        return answerTrial != null;
    }

    private String apiName(int apiKey) {
        return headers.schemas().apiName(apiKey);
    }

    /** The connection ended (or the capture did): pending requests are reported unmatched. */
    public void end() {
        for (RequestRecord r : pending.values()) {
            listener.onUnmatchedRequest(new Exchange(this, r, null));
        }
        pending.clear();
        disordered = false;
    }

    private void note(ExpertItem item, long packet, long offset, String message) {
        listener.onNote(this, new ExpertNote(item, packet, offset, "stream " + id, message));
    }

    /**
     * The (api key &lt;&lt; 16 | version) pairs of the requests seen on this connection, in the order first seen: what a
     * response whose request was not captured is tried as ({@link ResponseInference}).
     */
    public long[] apisSeen() {
        return apisSeen.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Adds pairs of requests seen on this connection before this conversation's bytes (in earlier files of a rotated
     * capture: a merge of partials joining the connection), as if seen first.
     */
    public void seedApis(long[] apis) {
        java.util.Set<Long> before = new LinkedHashSet<>();
        for (long a : apis) {
            before.add(a);
        }
        before.addAll(apisSeen);
        apisSeen.clear();
        apisSeen.addAll(before);
    }
}
