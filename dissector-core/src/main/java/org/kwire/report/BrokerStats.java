package org.kwire.report;

import java.util.Map;

/**
 * One broker (or KRaft controller) endpoint as its ApiVersions responses describe it: the request versions it
 * accepts per API and its features (KIP-584). From the last ApiVersions response without an error on a connection to
 * it (brokers do not change these without a restart or a feature upgrade).
 *
 * @param broker                 endpoint {@code host:port} (as in {@code connections})
 * @param apiVersionsResponses   ApiVersions responses it sent
 * @param frame                  capture frame number of the response the ranges come from
 * @param timestamp              its capture time, ISO-8601 UTC
 * @param responseVersion        its ApiVersions version
 * @param apis                   accepted request versions per API name, in ApiKey order
 * @param supportedFeatures      feature versions it supports (v3+), by feature name
 * @param finalizedFeatures      feature levels finalized in its cluster (v3+), by feature name
 * @param finalizedFeaturesEpoch epoch of the finalized features, -1 if not given
 */
public record BrokerStats(String broker, long apiVersionsResponses, long frame, String timestamp, int responseVersion,
                          Map<String, Range> apis, Map<String, Range> supportedFeatures,
                          Map<String, Range> finalizedFeatures, long finalizedFeaturesEpoch) {

    /** An inclusive range of versions or feature levels. */
    public record Range(int min, int max) {
    }
}
