package org.kwire.report;

import org.kwire.schema.SchemaRegistry;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The mergeable state of one client of the report's {@code clients} ({@link ClientStats}) and of its API versions for
 * {@code readiness}: counters that add up, the streams it used (provisional numbers), the first frames of each API
 * version, the client software of its last ApiVersions v3+ request with the frame of that request, and when it was
 * first and last seen (epoch ns).
 */
public record ClientPart(String address, String clientId, List<Integer> streams, long requests, long responses,
                         long requestBytes, long responseBytes, long errors, long errorResponses, Map<String, Long> apis,
                         Map<String, Long> errorCodes, List<Usage> usage, String softwareName, String softwareVersion,
                         long softwareFrame, long firstSeenNanos, long lastSeenNanos) {

    /**
     * The requests of one API version.
     *
     * @param frames the first {@link ClientAccumulator#MAX_FRAMES} request frames, in capture order
     */
    public record Usage(int apiKey, int version, long requests, List<Long> frames) {
    }

    /** The key clients are listed by: address, then client_id. */
    String key() {
        return address + '\0' + clientId;
    }

    /** The same client in a later part, added. */
    ClientPart merge(ClientPart o, FrameOrder order) {
        Set<Integer> s = new LinkedHashSet<>(streams);
        s.addAll(o.streams);
        Map<String, Long> a = new TreeMap<>(apis);
        o.apis.forEach((k, v) -> a.merge(k, v, Long::sum));
        Map<String, Long> e = new TreeMap<>(errorCodes);
        o.errorCodes.forEach((k, v) -> e.merge(k, v, Long::sum));
        Map<Integer, Usage> u = new TreeMap<>();
        for (Usage x : usage) {
            u.put(x.apiKey << 16 | x.version, x);
        }
        for (Usage y : o.usage) {
            u.merge(y.apiKey << 16 | y.version, y, (x, z) -> new Usage(x.apiKey, x.version, x.requests + z.requests,
                    Sequences.merge(x.frames, z.frames, f -> f, order, ClientAccumulator.MAX_FRAMES)));
        }
        boolean later = o.softwareName != null && (softwareName == null || Sequences.later(softwareFrame, o.softwareFrame, order) == o.softwareFrame);
        return new ClientPart(address, clientId, List.copyOf(new ArrayList<>(s)), requests + o.requests,
                responses + o.responses, requestBytes + o.requestBytes, responseBytes + o.responseBytes, errors + o.errors,
                errorResponses + o.errorResponses, a, e, List.copyOf(u.values()), later ? o.softwareName : softwareName,
                later ? o.softwareVersion : softwareVersion, later ? o.softwareFrame : softwareFrame,
                Math.min(firstSeenNanos, o.firstSeenNanos), Math.max(lastSeenNanos, o.lastSeenNanos));
    }

    ClientStats toStats(SchemaRegistry schemas) {
        Map<String, Set<Integer>> versions = new TreeMap<>();
        usage.forEach(x -> versions.computeIfAbsent(schemas.apiName(x.apiKey), k -> new TreeSet<>()).add(x.version));
        Map<String, List<Integer>> apiVersions = new TreeMap<>();
        versions.forEach((api, v) -> apiVersions.put(api, List.copyOf(v)));
        return new ClientStats(clientId, streams.size(), requests, responses, requestBytes, responseBytes, errors,
                new TreeMap<>(apis), address, softwareName, softwareVersion, errorResponses, new TreeMap<>(errorCodes),
                apiVersions, SeenSpan.iso(firstSeenNanos), SeenSpan.iso(lastSeenNanos));
    }
}
