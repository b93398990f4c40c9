package org.kwire.report;

import java.util.List;

/**
 * Upgrade readiness: which clients used API versions that a target Kafka release no longer accepts. What a release
 * accepts is derived from that release's own message schemas (the {@code validVersions} of its
 * {@code common/message/*Request.json}, bundled by kwire at build time), never from a hand-written table.
 *
 * @param target          the release asked for ({@code --target-kafka}, e.g. {@code "4.0"})
 * @param release         the bundled release whose schemas answered, e.g. {@code "4.0.0"}
 * @param clientsAffected clients listed below
 * @param requests        requests, of all clients, that the target would not accept
 * @param clients         every client that used such a version, in the order of {@code clients}
 */
public record Readiness(String target, String release, long clientsAffected, long requests,
                        List<ReadinessClient> clients) {

    /**
     * One affected client.
     *
     * @param clientId        its client_id
     * @param address         its address (as in {@code clients})
     * @param softwareName    ClientSoftwareName from its ApiVersions v3+ requests, or null
     * @param softwareVersion ClientSoftwareVersion, or null
     * @param apis            each API it used in a version the target refuses
     */
    public record ReadinessClient(String clientId, String address, String softwareName, String softwareVersion,
                                  List<RemovedVersions> apis) {
    }

    /**
     * Versions of one API a client used that the target refuses.
     *
     * @param api          API name
     * @param apiKey       ApiKey
     * @param versions     the refused versions it used, ascending
     * @param accepted     the versions the target accepts, e.g. {@code "3-12"}; null when the target has no such API
     * @param requests     its requests in those versions
     * @param frames       capture frame numbers of the first of them (up to 10 per version)
     * @param brokerAction what a broker of the target release does with such a request: {@code "reject"} (ApiVersions:
     *                     an error response) or {@code "close"} (it closes the connection without a response)
     * @param unknownVersions those of {@code versions} that no Kafka release kwire knows defines (a newer Kafka's, or
     *                        damage: {@code kafka.request.version_unknown}), ascending; usually empty
     */
    public record RemovedVersions(String api, int apiKey, List<Integer> versions, String accepted, long requests,
                                  List<Long> frames, String brokerAction, List<Integer> unknownVersions) {

        /** A report of a kwire before {@code unknown_versions} reads as naming none. */
        public RemovedVersions {
            unknownVersions = unknownVersions == null ? List.of() : unknownVersions;
        }
    }
}
