package org.kwire.cli;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.FetchRequestData;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.message.FindCoordinatorRequestData;
import org.apache.kafka.common.message.FindCoordinatorResponseData;
import org.apache.kafka.common.message.InitProducerIdRequestData;
import org.apache.kafka.common.message.InitProducerIdResponseData;
import org.apache.kafka.common.message.JoinGroupRequestData;
import org.apache.kafka.common.message.JoinGroupResponseData;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.message.RequestHeaderData;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.message.SaslHandshakeRequestData;
import org.apache.kafka.common.message.SaslHandshakeResponseData;
import org.apache.kafka.common.message.TxnOffsetCommitRequestData;
import org.apache.kafka.common.message.TxnOffsetCommitResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.MessageUtil;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Kafka traffic that carries given names in every string field that reaches kwire's outputs: requests and responses
 * built with kafka-clients' generated {@code *Data} classes and serialized by them, on four connections, written as a
 * classic pcap (Ethernet, IPv4, TCP to broker port 9092) or replayed over real loopback sockets.
 * <ul>
 *   <li>connection 1, client_id {@link Names#clientId}: ApiVersions v3 (client software name and version; finalized
 *       and supported feature names), Metadata v12 (topic, broker host and rack, cluster id), Fetch v13 by topic id,
 *       FindCoordinator v4 (group), JoinGroup v9 (group, member and instance ids; MEMBER_ID_REQUIRED), InitProducerId v5
 *       (transactional id), Produce v9 (transactional id, topic, one record), TxnOffsetCommit v3 (transactional id,
 *       group, member, topic);</li>
 *   <li>connection 2, client_id {@link Names#slowClientId}: Metadata v12, answered 500 ms later (the slowest
 *       exchange);</li>
 *   <li>connection 3, client_id {@link Names#oldClientId}: ApiVersions v3 and JoinGroup v1, a version Kafka 4.0
 *       refuses (the readiness section);</li>
 *   <li>connection 4: SaslHandshake v1 (mechanism; UNSUPPORTED_SASL_MECHANISM);</li>
 *   <li>connection 5: a TLS 1.3 ClientHello (RFC 8446 section 4.1.2) naming {@link Names#host} in its server_name
 *       extension (RFC 6066 section 3, ASCII) and {@link Names#mechanism} as ALPN protocol, unanswered.</li>
 * </ul>
 */
final class NamedTraffic {

    /**
     * The names the traffic carries.
     *
     * @param clientId     client_id of connection 1
     * @param slowClientId client_id of connection 2 (the slowest exchange)
     * @param oldClientId  client_id of connection 3 (readiness)
     * @param software     ClientSoftwareName of the ApiVersions requests
     * @param version      ClientSoftwareVersion
     * @param feature      a finalized and supported feature of the ApiVersions response
     * @param topic        the topic of Metadata, Fetch, Produce and TxnOffsetCommit
     * @param host         broker and coordinator host of Metadata and FindCoordinator responses
     * @param rack         broker rack
     * @param clusterId    cluster id of the Metadata response
     * @param group        group id of FindCoordinator, JoinGroup and TxnOffsetCommit
     * @param member       member id of JoinGroup and TxnOffsetCommit
     * @param instance     group instance id of JoinGroup
     * @param transaction  transactional id of InitProducerId, Produce and TxnOffsetCommit
     * @param mechanism    SASL mechanism of SaslHandshake
     */
    record Names(String clientId, String slowClientId, String oldClientId, String software, String version,
                 String feature, String topic, String host, String rack, String clusterId, String group, String member,
                 String instance, String transaction, String mechanism) {

        /** Every name, in the order of the record's components. */
        List<String> all() {
            return List.of(clientId, slowClientId, oldClientId, software, version, feature, topic, host, rack, clusterId,
                    group, member, instance, transaction, mechanism);
        }

        /** The names made from a list in the order of {@link #all()}. */
        static Names of(List<String> n) {
            return new Names(n.get(0), n.get(1), n.get(2), n.get(3), n.get(4), n.get(5), n.get(6), n.get(7), n.get(8),
                    n.get(9), n.get(10), n.get(11), n.get(12), n.get(13), n.get(14));
        }
    }

    /** One exchange: the request frame, the response frame and how long the broker took, µs. */
    record Exchange(byte[] request, byte[] response, long latencyMicros) {
    }

    private static final Uuid TOPIC_ID = Uuid.fromString("h2VZ5dXHTqCuvYhS0Kn9Mw");
    static final int BROKER_PORT = 9092;

    private NamedTraffic() {
    }

    /** The exchanges of each connection, in order. */
    static List<List<Exchange>> connections(Names n) {
        List<Exchange> one = new ArrayList<>();
        int c = 1;
        one.add(apiVersions(n, n.clientId(), c++));
        one.add(exchange(metadataRequest(n), 12, n.clientId(), c, metadataResponse(n), 1_000));
        c++;
        one.add(exchange(new FetchRequestData().setMaxWaitMs(0).setTopics(List.of(new FetchRequestData.FetchTopic()
                        .setTopicId(TOPIC_ID).setPartitions(List.of(new FetchRequestData.FetchPartition().setPartition(0)
                                .setFetchOffset(0).setPartitionMaxBytes(1024))))), 13, n.clientId(), c++,
                new FetchResponseData().setResponses(List.of(new FetchResponseData.FetchableTopicResponse()
                        .setTopicId(TOPIC_ID).setPartitions(List.of(new FetchResponseData.PartitionData()
                                .setPartitionIndex(0).setHighWatermark(1).setRecords(MemoryRecords.EMPTY))))), 2_000));
        one.add(exchange(new FindCoordinatorRequestData().setKeyType((byte) 0).setCoordinatorKeys(List.of(n.group())),
                4, n.clientId(), c++, new FindCoordinatorResponseData().setCoordinators(List.of(
                        new FindCoordinatorResponseData.Coordinator().setKey(n.group()).setNodeId(1).setHost(n.host())
                                .setPort(BROKER_PORT))), 1_000));
        one.add(exchange(joinGroup(n), 9, n.clientId(), c++, new JoinGroupResponseData()
                .setErrorCode((short) 79).setMemberId(n.member()).setProtocolName(null), 1_000));
        one.add(exchange(new InitProducerIdRequestData().setTransactionalId(n.transaction()).setTransactionTimeoutMs(60_000),
                5, n.clientId(), c++, new InitProducerIdResponseData().setProducerId(7).setProducerEpoch((short) 0), 1_000));
        one.add(exchange(produce(n), 9, n.clientId(), c++, new ProduceResponseData().setResponses(
                new ProduceResponseData.TopicProduceResponseCollection(List.of(new ProduceResponseData.TopicProduceResponse()
                        .setName(n.topic()).setPartitionResponses(List.of(new ProduceResponseData.PartitionProduceResponse()
                                .setIndex(0)))).iterator())), 3_000));
        one.add(exchange(new TxnOffsetCommitRequestData().setTransactionalId(n.transaction()).setGroupId(n.group())
                        .setProducerId(7).setProducerEpoch((short) 0).setGenerationIdOrMemberEpoch(1).setMemberId(n.member())
                        .setTopics(List.of(new TxnOffsetCommitRequestData.TxnOffsetCommitRequestTopic().setName(n.topic())
                                .setPartitions(List.of(new TxnOffsetCommitRequestData.TxnOffsetCommitRequestPartition()
                                        .setPartitionIndex(0).setCommittedOffset(1))))), 3, n.clientId(), c,
                new TxnOffsetCommitResponseData().setTopics(List.of(new TxnOffsetCommitResponseData.TxnOffsetCommitResponseTopic()
                        .setName(n.topic()).setPartitions(List.of(new TxnOffsetCommitResponseData.TxnOffsetCommitResponsePartition()
                                .setPartitionIndex(0))))), 2_000));
        List<Exchange> slow = List.of(exchange(metadataRequest(n), 12, n.slowClientId(), 1, metadataResponse(n), 500_000));
        List<Exchange> old = List.of(apiVersions(n, n.oldClientId(), 1),
                exchange(joinGroup(n).setGroupInstanceId(null), 1, n.oldClientId(), 2, new JoinGroupResponseData()
                        .setErrorCode((short) 79).setMemberId(n.member()), 1_000));
        List<Exchange> sasl = List.of(exchange(new SaslHandshakeRequestData().setMechanism(n.mechanism()), 1, "sasl", 1,
                new SaslHandshakeResponseData().setErrorCode((short) 33).setMechanisms(List.of(n.mechanism(), "PLAIN")), 1_000));
        List<Exchange> tls = List.of(new Exchange(clientHello(n.host(), n.mechanism()), new byte[0], 0));
        return List.of(one, slow, old, sasl, tls);
    }

    /** A TLS record holding a ClientHello with server_name, ALPN and supported_versions (TLS 1.3) extensions. */
    static byte[] clientHello(String serverName, String alpn) {
        byte[] sni = serverName.getBytes(StandardCharsets.US_ASCII);
        byte[] protocol = alpn.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer ext = ByteBuffer.allocate(64 + sni.length + protocol.length);
        ext.putShort((short) 0).putShort((short) (sni.length + 5)).putShort((short) (sni.length + 3)).put((byte) 0)
                .putShort((short) sni.length).put(sni);
        ext.putShort((short) 16).putShort((short) (protocol.length + 3)).putShort((short) (protocol.length + 1))
                .put((byte) protocol.length).put(protocol);
        ext.putShort((short) 43).putShort((short) 3).put((byte) 2).putShort((short) 0x0304);
        ext.flip();
        ByteBuffer body = ByteBuffer.allocate(2 + 32 + 1 + 4 + 2 + 2 + ext.remaining());
        body.putShort((short) 0x0303).put(new byte[32]).put((byte) 0).putShort((short) 2).putShort((short) 0x1301)
                .put((byte) 1).put((byte) 0).putShort((short) ext.remaining()).put(ext);
        int length = body.position();
        ByteBuffer record = ByteBuffer.allocate(5 + 4 + length);
        record.put((byte) 22).putShort((short) 0x0301).putShort((short) (4 + length)).put((byte) 1)
                .put((byte) (length >> 16)).putShort((short) length).put(body.array(), 0, length);
        return record.array();
    }

    private static Exchange apiVersions(Names n, String clientId, int correlationId) {
        ApiVersionsResponseData r = new ApiVersionsResponseData().setFinalizedFeaturesEpoch(3);
        for (ApiKeys k : List.of(ApiKeys.PRODUCE, ApiKeys.FETCH, ApiKeys.METADATA, ApiKeys.JOIN_GROUP, ApiKeys.API_VERSIONS)) {
            r.apiKeys().add(new ApiVersionsResponseData.ApiVersion().setApiKey(k.id).setMinVersion(k.oldestVersion())
                    .setMaxVersion(k.latestVersion()));
        }
        r.finalizedFeatures().add(new ApiVersionsResponseData.FinalizedFeatureKey().setName(n.feature())
                .setMinVersionLevel((short) 1).setMaxVersionLevel((short) 1));
        r.supportedFeatures().add(new ApiVersionsResponseData.SupportedFeatureKey().setName(n.feature())
                .setMinVersion((short) 0).setMaxVersion((short) 1));
        return exchange(new ApiVersionsRequestData().setClientSoftwareName(n.software())
                .setClientSoftwareVersion(n.version()), 3, clientId, correlationId, r, 1_000);
    }

    private static MetadataRequestData metadataRequest(Names n) {
        return new MetadataRequestData().setTopics(List.of(new MetadataRequestData.MetadataRequestTopic().setName(n.topic())));
    }

    private static MetadataResponseData metadataResponse(Names n) {
        MetadataResponseData r = new MetadataResponseData().setClusterId(n.clusterId()).setControllerId(1);
        r.brokers().add(new MetadataResponseData.MetadataResponseBroker().setNodeId(1).setHost(n.host()).setPort(BROKER_PORT)
                .setRack(n.rack()));
        r.topics().add(new MetadataResponseData.MetadataResponseTopic().setName(n.topic()).setTopicId(TOPIC_ID)
                .setPartitions(List.of(new MetadataResponseData.MetadataResponsePartition().setPartitionIndex(0)
                        .setLeaderId(1).setReplicaNodes(List.of(1)).setIsrNodes(List.of(1)))));
        return r;
    }

    private static JoinGroupRequestData joinGroup(Names n) {
        JoinGroupRequestData j = new JoinGroupRequestData().setGroupId(n.group()).setSessionTimeoutMs(45_000)
                .setRebalanceTimeoutMs(300_000).setMemberId(n.member()).setGroupInstanceId(n.instance())
                .setProtocolType("consumer");
        j.protocols().add(new JoinGroupRequestData.JoinGroupRequestProtocol().setName("range").setMetadata(new byte[0]));
        return j;
    }

    private static ProduceRequestData produce(Names n) {
        ProduceRequestData p = new ProduceRequestData().setTransactionalId(n.transaction()).setAcks((short) -1)
                .setTimeoutMs(30_000);
        p.topicData().add(new ProduceRequestData.TopicProduceData().setName(n.topic()).setPartitionData(List.of(
                new ProduceRequestData.PartitionProduceData().setIndex(0).setRecords(MemoryRecords.withRecords(
                        Compression.NONE, new SimpleRecord("value".getBytes(StandardCharsets.UTF_8)))))));
        return p;
    }

    private static Exchange exchange(ApiMessage request, int version, String clientId, int correlationId,
                                     ApiMessage response, long latencyMicros) {
        short v = (short) version;
        ApiKeys key = ApiKeys.forId(request.apiKey());
        RequestHeaderData h = new RequestHeaderData().setRequestApiKey(request.apiKey()).setRequestApiVersion(v)
                .setCorrelationId(correlationId).setClientId(clientId);
        ResponseHeaderData rh = new ResponseHeaderData().setCorrelationId(correlationId);
        return new Exchange(frame(h, key.requestHeaderVersion(v), request, v),
                frame(rh, key.responseHeaderVersion(v), response, v), latencyMicros);
    }

    /** Size prefix, header, body. */
    private static byte[] frame(Message header, short headerVersion, Message body, short version) {
        ByteBuffer h = MessageUtil.toByteBufferAccessor(header, headerVersion).buffer();
        ByteBuffer b = MessageUtil.toByteBufferAccessor(body, version).buffer();
        return ByteBuffer.allocate(4 + h.remaining() + b.remaining()).putInt(h.remaining() + b.remaining()).put(h).put(b).array();
    }

    /**
     * A classic pcap of the connections, one after the other (client ports 40001, 40002, ...): handshake, each request
     * then its response after its latency, FIN both ways; {@code truncatedTail} adds a packet record cut short at the
     * end of the file (a reader warning naming the file).
     */
    static byte[] pcap(List<List<Exchange>> connections, boolean truncatedTail) {
        LoopbackPcap p = new LoopbackPcap(BROKER_PORT);
        for (int i = 0; i < connections.size(); i++) {
            LoopbackPcap.Flow f = p.flow(40_001 + i);
            for (Exchange e : connections.get(i)) {
                f.send(true, e.request(), 200);
                if (e.response().length > 0) {
                    f.send(false, e.response(), e.latencyMicros());
                }
            }
            f.close();
        }
        if (truncatedTail) {
            p.out().writeBytes(ByteBuffer.allocate(16 + 10).order(ByteOrder.LITTLE_ENDIAN).putInt(1_700_000_100).putInt(0)
                    .putInt(100).putInt(100).array());
        }
        return p.out().toByteArray();
    }
}
