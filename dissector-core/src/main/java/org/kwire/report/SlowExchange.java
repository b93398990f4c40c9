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
 * @param waitMs        the wait the request asked for or its protocol allows (Fetch/ShareFetch {@code MaxWaitMs}, a
 *                      group's rebalance timeout), ms; null if none
 * @param waitKind      {@code "long_poll"}, {@code "rebalance"}, or null
 * @param empty         for long-polls: whether the response carried no records; null otherwise
 * @param longPoll      a long-poll answered empty at its wait time (listed only with {@code --include-long-polls})
 * @param expectedWait  a JoinGroup, SyncGroup or group heartbeat answered within its group's rebalance timeout: a
 *                      wait the protocol expects
 */
public record SlowExchange(String api, int apiVersion, int correlationId, long latencyUs, long requestFrame,
                           long responseFrame, String timestamp, int stream, String client, String broker,
                           String clientId, Integer waitMs, String waitKind, Boolean empty, boolean longPoll,
                           boolean expectedWait) {
}
