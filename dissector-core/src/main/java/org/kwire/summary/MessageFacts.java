package org.kwire.summary;

import java.util.List;

/**
 * Named top-level fields of one message body that the report's sections read (waits, groups, transactions, client
 * software, a broker's ApiVersions), gathered in the same interpreter pass as errors and topics. The field names are
 * Kafka's schema names ({@code common/message/*.json}); a field the message does not have keeps its "none" value.
 *
 * @param maxWaitMs              {@code MaxWaitMs} of the body (Fetch, ShareFetch: how long the broker may hold the
 *                               request for data), ms; -1 if none
 * @param rebalanceTimeoutMs     {@code RebalanceTimeoutMs} (JoinGroup v1+, ConsumerGroupHeartbeat,
 *                               StreamsGroupHeartbeat), ms; -1 if none
 * @param sessionTimeoutMs       {@code SessionTimeoutMs} (JoinGroup: v0 uses it as its rebalance timeout), ms; -1
 * @param groupId                the body's {@code GroupId} (entityType groupId), or null
 * @param transactionalId        the body's transactional.id (entityType transactionalId: {@code TransactionalId},
 *                               AddPartitionsToTxn v0-3's {@code V3AndBelowTransactionalId}, or v4+'s one
 *                               {@code Transactions[].TransactionalId} when all its transactions name the same), or null
 * @param producerId             the body's producer id (entityType producerId), -1 if none
 * @param producerEpoch          the body's {@code ProducerEpoch} (or {@code V3AndBelowProducerEpoch}), -1 if none
 * @param committed              EndTxn's {@code Committed}: true commit, false abort; null if none
 * @param clientSoftwareName     ApiVersions v3+ request's {@code ClientSoftwareName} (KIP-511), or null
 * @param clientSoftwareVersion  ApiVersions v3+ request's {@code ClientSoftwareVersion}, or null
 * @param apiRanges              ApiVersions response's {@code ApiKeys}: what the broker accepts
 * @param supportedFeatures      ApiVersions v3+ response's {@code SupportedFeatures} (KIP-584)
 * @param finalizedFeatures      ApiVersions v3+ response's {@code FinalizedFeatures} (levels as min/max)
 * @param finalizedFeaturesEpoch ApiVersions v3+ response's {@code FinalizedFeaturesEpoch}, -1 if none
 * @param verifyOnly             AddPartitionsToTxn v4+'s {@code VerifyOnly} (KIP-890: a broker only checks that the
 *                               partitions are in the transaction); null if none
 * @param group                  the body's group fields (group APIs only: {@link org.kwire.groups.GroupFacts}), or null
 * @param cluster                replica id, throttle time, offsets, leaders and brokers ({@link ClusterFacts});
 *                               {@link ClusterFacts#NONE} if none (null is read as none)
 * @param telemetry              a GetTelemetrySubscriptions response's subscription or a PushTelemetry request's push
 *                               (KIP-714: {@link org.kwire.telemetry.TelemetryFacts}), or null
 */
public record MessageFacts(int maxWaitMs, int rebalanceTimeoutMs, int sessionTimeoutMs, String groupId,
                           String transactionalId, long producerId, int producerEpoch, Boolean committed,
                           String clientSoftwareName, String clientSoftwareVersion, List<ApiRange> apiRanges,
                           List<FeatureRange> supportedFeatures, List<FeatureRange> finalizedFeatures,
                           long finalizedFeaturesEpoch, Boolean verifyOnly, org.kwire.groups.GroupFacts group,
                           ClusterFacts cluster, org.kwire.telemetry.TelemetryFacts telemetry) {

    /** A body without any of these fields (or one that was not decoded). */
    public static final MessageFacts NONE = new MessageFacts(-1, -1, -1, null, null, -1, -1, null, null, null, List.of(),
            List.of(), List.of(), -1, null, null, null, null);

    /** Keeps unmodifiable copies of the lists. */
    public MessageFacts {
        apiRanges = List.copyOf(apiRanges);
        supportedFeatures = List.copyOf(supportedFeatures);
        finalizedFeatures = List.copyOf(finalizedFeatures);
        cluster = cluster == null ? ClusterFacts.NONE : cluster;
    }

    /** These facts with {@code c} as their {@link #cluster}. */
    public MessageFacts withCluster(ClusterFacts c) {
        return c == ClusterFacts.NONE ? this : new MessageFacts(maxWaitMs, rebalanceTimeoutMs, sessionTimeoutMs, groupId,
                transactionalId, producerId, producerEpoch, committed, clientSoftwareName, clientSoftwareVersion, apiRanges,
                supportedFeatures, finalizedFeatures, finalizedFeaturesEpoch, verifyOnly, group, c, telemetry);
    }

    /** These facts without group fields. */
    public MessageFacts(int maxWaitMs, int rebalanceTimeoutMs, int sessionTimeoutMs, String groupId,
                        String transactionalId, long producerId, int producerEpoch, Boolean committed,
                        String clientSoftwareName, String clientSoftwareVersion, List<ApiRange> apiRanges,
                        List<FeatureRange> supportedFeatures, List<FeatureRange> finalizedFeatures,
                        long finalizedFeaturesEpoch, Boolean verifyOnly) {
        this(maxWaitMs, rebalanceTimeoutMs, sessionTimeoutMs, groupId, transactionalId, producerId, producerEpoch,
                committed, clientSoftwareName, clientSoftwareVersion, apiRanges, supportedFeatures, finalizedFeatures,
                finalizedFeaturesEpoch, verifyOnly, null, null, null);
    }

    /** These facts with {@code g} as their group fields. */
    public MessageFacts withGroup(org.kwire.groups.GroupFacts g) {
        return new MessageFacts(maxWaitMs, rebalanceTimeoutMs, sessionTimeoutMs, groupId, transactionalId, producerId,
                producerEpoch, committed, clientSoftwareName, clientSoftwareVersion, apiRanges, supportedFeatures,
                finalizedFeatures, finalizedFeaturesEpoch, verifyOnly, g, cluster, telemetry);
    }

    /** These facts with {@code t} as their telemetry fields. */
    public MessageFacts withTelemetry(org.kwire.telemetry.TelemetryFacts t) {
        return new MessageFacts(maxWaitMs, rebalanceTimeoutMs, sessionTimeoutMs, groupId, transactionalId, producerId,
                producerEpoch, committed, clientSoftwareName, clientSoftwareVersion, apiRanges, supportedFeatures,
                finalizedFeatures, finalizedFeaturesEpoch, verifyOnly, group, cluster, t);
    }

    /** One API's accepted request versions, as an ApiVersions response gives them. */
    public record ApiRange(int apiKey, int minVersion, int maxVersion) {
    }

    /** A feature's version range (supported) or level range (finalized), as an ApiVersions response gives it. */
    public record FeatureRange(String name, int min, int max) {
    }
}
