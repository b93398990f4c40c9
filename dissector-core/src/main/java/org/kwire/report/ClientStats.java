package org.kwire.report;

import java.util.Map;

/**
 * One client_id.
 *
 * @param clientId      the client_id of the requests (null for request header v0, which has none)
 * @param connections   connections that used it
 * @param requests      its requests
 * @param responses     responses to them
 * @param requestBytes  bytes of its requests, size prefixes included
 * @param responseBytes bytes of the responses
 * @param errors        non-zero error codes in the responses
 * @param apis          requests per API name
 */
public record ClientStats(String clientId, long connections, long requests, long responses, long requestBytes,
                          long responseBytes, long errors, Map<String, Long> apis) {
}
