package org.kwire.report;

import org.kwire.schema.SchemaRegistry;
import org.kwire.schema.VersionRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Finds the requests a target Kafka release would refuse. A version is refused when the target's schemas do not
 * define the API, or define it from a higher version on (KIP-896 removed the versions older than Kafka 2.1's from
 * 4.0). A version above the target's highest is not listed: clients negotiate down to the broker's maximum through
 * ApiVersions first; but one that no release kwire knows defines (a newer Kafka's, or a damaged header) is, as
 * refused by the target too, and named unknown ({@code unknownVersions}).
 * <p>
 * What the broker does, from Kafka 4.x's request handling: the network processor parses each request header and,
 * unless {@code ApiKeys.isVersionEnabled} holds, throws {@code UnsupportedVersionException}, which closes the
 * connection without a response ({@code Processor.parseRequestHeader}, {@code processChannelException}). ApiVersions
 * is the exception: every version of it is enabled, and a version the broker does not know is answered with error
 * {@code UNSUPPORTED_VERSION} in a v0 response that lists the versions it does support, so that the client can retry
 * (KIP-511, {@code RequestContext.parseRequest}). KIP-896 describes the removals as "UNSUPPORTED_VERSION errors";
 * on the wire, for every API but ApiVersions, the client sees its connection closed.
 */
final class ReadinessCheck {

    /** ApiKey of ApiVersions, the one API a broker answers in any version. */
    private static final int API_VERSIONS = 18;

    private ReadinessCheck() {
    }

    /**
     * @param release the bundled release to check against (resolved from {@code target} by
     *                {@link SchemaRegistry#release})
     */
    static Readiness of(String target, String release, SchemaRegistry schemas, Iterable<ClientPart> clients) {
        List<Readiness.ReadinessClient> affected = new ArrayList<>();
        long refused = 0;
        for (ClientPart c : clients) {
            Map<Integer, List<ClientPart.Usage>> byApi = new TreeMap<>();
            for (ClientPart.Usage u : c.usage()) {
                VersionRange accepted = schemas.requestVersions(release, u.apiKey());
                if (accepted == null || accepted.isEmpty() || u.version() < accepted.lowest()
                        || !schemas.isKnownRequest(u.apiKey(), u.version())) {
                    byApi.computeIfAbsent(u.apiKey(), k -> new ArrayList<>()).add(u);
                }
            }
            List<Readiness.RemovedVersions> apis = new ArrayList<>();
            for (Map.Entry<Integer, List<ClientPart.Usage>> e : byApi.entrySet()) {
                int apiKey = e.getKey();
                VersionRange accepted = schemas.requestVersions(release, apiKey);
                List<Integer> versions = new ArrayList<>();
                List<Integer> unknown = new ArrayList<>();
                List<Long> frames = new ArrayList<>();
                long requests = 0;
                for (ClientPart.Usage u : e.getValue()) {
                    versions.add(u.version());
                    if (!schemas.isKnownRequest(apiKey, u.version())) {
                        unknown.add(u.version());
                    }
                    frames.addAll(u.frames());
                    requests += u.requests();
                }
                refused += requests;
                apis.add(new Readiness.RemovedVersions(schemas.apiName(apiKey), apiKey, List.copyOf(versions),
                        accepted == null || accepted.isEmpty() ? null : accepted.toString(), requests,
                        List.copyOf(frames), apiKey == API_VERSIONS ? "reject" : "close", List.copyOf(unknown)));
            }
            if (!apis.isEmpty()) {
                affected.add(new Readiness.ReadinessClient(c.clientId(), c.address(), c.softwareName(), c.softwareVersion(),
                        List.copyOf(apis)));
            }
        }
        return new Readiness(target, release, affected.size(), refused, List.copyOf(affected));
    }
}
