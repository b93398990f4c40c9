package org.kwire.report;

/**
 * One of the slowest exchanges.
 *
 * @param api           API name
 * @param apiVersion    API version
 * @param correlationId correlation_id
 * @param latencyUs     latency, microseconds
 * @param requestFrame  capture frame number of the request's last packet
 * @param responseFrame capture frame number of the response's last packet
 * @param timestamp     capture time of the request, ISO-8601 UTC
 * @param stream        TCP stream number
 * @param client        client endpoint
 * @param broker        broker endpoint
 * @param clientId      the request's client_id
 */
public record SlowExchange(String api, int apiVersion, int correlationId, long latencyUs, long requestFrame,
                           long responseFrame, String timestamp, int stream, String client, String broker,
                           String clientId) {
}
