package org.kwire.report;

import java.util.List;
import java.util.Map;

/**
 * One client: a client address (the host its connections came from) and a client_id. A process opens several
 * connections from one address with one client_id (bootstrap, each broker, the group coordinator); they are one
 * client here.
 *
 * @param clientId        the client_id of the requests (null for request header v0, which has none)
 * @param connections     connections that used it
 * @param requests        its requests
 * @param responses       responses to them
 * @param requestBytes    bytes of its requests, size prefixes included
 * @param responseBytes   bytes of the responses
 * @param errors          non-zero error codes in the responses, each occurrence (top level, topic, partition)
 * @param apis            requests per API name
 * @param address         the client's address: its connections' client host, without port (IPv6 without brackets)
 * @param softwareName    {@code ClientSoftwareName} of its ApiVersions v3+ requests (KIP-511), or null
 * @param softwareVersion {@code ClientSoftwareVersion} of those requests, or null
 * @param errorResponses  responses carrying at least one non-zero error code
 * @param errorCodes      occurrences per error name (Kafka's, e.g. {@code NOT_COORDINATOR})
 * @param apiVersions     the request versions it used, per API name, ascending
 * @param firstSeen       capture time of its first request, ISO-8601 UTC
 * @param lastSeen        capture time of its last request or response, ISO-8601 UTC
 */
public record ClientStats(String clientId, long connections, long requests, long responses, long requestBytes,
                          long responseBytes, long errors, Map<String, Long> apis, String address,
                          String softwareName, String softwareVersion, long errorResponses,
                          Map<String, Long> errorCodes, Map<String, List<Integer>> apiVersions, String firstSeen,
                          String lastSeen) {
}
