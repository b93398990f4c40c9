package org.kwire.report;

import org.kwire.conversation.KafkaConversation;
import org.kwire.protocol.ErrorCodes;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.MessageFacts;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The report's {@code clients}: exchanges grouped by client address and client_id, with the client software its
 * ApiVersions v3+ requests name (KIP-511), the API versions it used (and where: the first frames of each, for
 * {@link ReadinessCheck}), its errors, and when it was seen. Responses without a captured request belong to no client.
 * Memory grows with clients times API versions used, not with frames.
 */
final class ClientAccumulator implements ExchangeSink {

    /** Frame numbers kept per API version a client used. */
    static final int MAX_FRAMES = 10;
    private static final int API_VERSIONS = 18;

    private final SchemaRegistry schemas;
    private final Map<String, Client> clients = new TreeMap<>();

    /** The request frames of one API version a client used: how many, and the first {@link #MAX_FRAMES}. */
    static final class Usage {
        final int apiKey;
        final int version;
        long requests;
        final List<Long> frames = new ArrayList<>();

        Usage(int apiKey, int version) {
            this.apiKey = apiKey;
            this.version = version;
        }
    }

    /** One client's counters. */
    static final class Client {
        final String address;
        final String clientId;
        final Set<Integer> streams = new LinkedHashSet<>();
        final Map<String, Long> apis = new TreeMap<>();
        final Map<String, Long> errorCodes = new TreeMap<>();
        /** Keyed by apiKey << 16 | version: API key order, then version order. */
        final Map<Integer, Usage> usage = new TreeMap<>();
        String softwareName;
        String softwareVersion;
        long softwareFrame;
        long requests;
        long responses;
        long requestBytes;
        long responseBytes;
        long errors;
        long errorResponses;
        final SeenSpan seen = new SeenSpan();

        Client(String address, String clientId) {
            this.address = address;
            this.clientId = clientId;
        }
    }

    ClientAccumulator(SchemaRegistry schemas) {
        this.schemas = schemas;
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        KafkaRequestHeader h = e.requestHeader();
        if (h == null) {
            return;
        }
        KafkaConversation conversation = e.conversation();
        String address = address(conversation.client());
        Client c = clients.computeIfAbsent(address + '\0' + h.clientId(), k -> new Client(address, h.clientId()));
        int bytes = e.request().frame().length();
        c.streams.add(conversation.id());
        c.requests++;
        c.requestBytes += bytes;
        c.apis.merge(schemas.apiName(h.apiKey()), 1L, Long::sum);
        c.seen.add(e.request().frame().lastTimestampNanos());
        Usage u = c.usage.computeIfAbsent(h.apiKey() << 16 | h.apiVersion(), k -> new Usage(h.apiKey(), h.apiVersion()));
        u.requests++;
        if (u.frames.size() < MAX_FRAMES) {
            u.frames.add(e.request().frame().lastPacket());
        }
        MessageFacts m = e.request().message();
        if (h.apiKey() == API_VERSIONS && m.clientSoftwareName() != null) {
            c.softwareName = m.clientSoftwareName();
            c.softwareVersion = m.clientSoftwareVersion();
            c.softwareFrame = e.request().frame().lastPacket();
        }
        FrameSummary r = e.response();
        if (r == null) {
            return;
        }
        c.responses++;
        c.responseBytes += r.frame().length();
        c.seen.add(r.frame().lastTimestampNanos());
        c.errors += r.errors().size();
        c.errorResponses += r.errors().isEmpty() ? 0 : 1;
        for (FrameSummary.ErrorRef err : r.errors()) {
            c.errorCodes.merge(ErrorCodes.name(err.code()), 1L, Long::sum);
        }
    }

    /** The mergeable state of every client, in order of address, then client_id. */
    List<ClientPart> parts() {
        List<ClientPart> out = new ArrayList<>();
        for (Client c : clients.values()) {
            List<ClientPart.Usage> usage = new ArrayList<>();
            c.usage.values().forEach(u -> usage.add(new ClientPart.Usage(u.apiKey, u.version, u.requests, List.copyOf(u.frames))));
            out.add(new ClientPart(c.address, c.clientId, List.copyOf(c.streams), c.requests, c.responses, c.requestBytes,
                    c.responseBytes, c.errors, c.errorResponses, new TreeMap<>(c.apis), new TreeMap<>(c.errorCodes),
                    List.copyOf(usage), c.softwareName, c.softwareVersion, c.softwareFrame, c.seen.firstNanos(),
                    c.seen.lastNanos()));
        }
        return out;
    }

    /** The host of an endpoint {@code host:port} or {@code [v6]:port}. */
    static String address(String endpoint) {
        int colon = endpoint.lastIndexOf(':');
        String host = colon < 0 ? endpoint : endpoint.substring(0, colon);
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
