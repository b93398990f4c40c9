package org.kwire.cli;

import org.apache.kafka.common.message.ApiMessageType;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.MessageUtil;
import org.kwire.encode.InstanceEncoder;
import org.kwire.encode.MinimalValues;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderVersions;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;

/**
 * A capture of one request and its response of every (api key, version) kwire knows, each exchange on a connection of
 * its own (a SaslHandshake v0 turns the rest of its connection into raw SASL tokens) to broker port 9092: the smallest
 * legal instance ({@link MinimalValues}: one element per array, nullable structs present, one empty RecordBatch v2),
 * parsed and written again by kafka-clients' generated {@code *Data} classes for every version kafka-clients 4.4.0
 * has (the older ones, removed by KIP-896, as kwire encodes them). Produce requests ask for acks=-1, so that they
 * are answered.
 */
final class EveryApiPcap {

    int exchanges;
    int writtenByKafka;

    /** The capture's bytes. */
    byte[] build() {
        SchemaRegistry schemas = SchemaRegistry.bundled();
        PlanCache plans = new PlanCache(schemas);
        HeaderVersions headers = new HeaderVersions(schemas);
        InstanceEncoder encoder = new InstanceEncoder(new MinimalValues());
        LoopbackPcap pcap = new LoopbackPcap(9092);
        int port = 20_000;
        for (int key : schemas.apiKeys()) {
            for (int version : schemas.versions(key, Direction.REQUEST)) {
                MessagePlan request = plans.plan(key, Direction.REQUEST, version).orElseThrow();
                MessagePlan response = plans.plan(key, Direction.RESPONSE, version).orElse(null);
                if (response == null) {
                    continue;
                }
                LoopbackPcap.Flow flow = pcap.flow(port++);
                int corr = 1000 + exchanges;
                flow.send(true, frame(encoder, request, headers.requestHeaderVersion(key, version), corr), 100);
                flow.send(false, frame(encoder, response, headers.responseHeaderVersion(key, version), corr), 250 + exchanges);
                flow.close();
                exchanges++;
            }
        }
        return pcap.out().toByteArray();
    }

    /** A size-prefixed frame: kwire's header, then the body as kafka-clients writes it where it has the version. */
    private byte[] frame(InstanceEncoder encoder, MessagePlan plan, int headerVersion, int corr) {
        ByteBuffer ours = encoder.frame(plan, headerVersion, corr, "kwire-oracle");
        byte[] body = encoder.body(plan);
        int header = ours.limit() - 4 - body.length;
        ApiMessageType type = ApiMessageType.fromApiKey((short) plan.spec().apiKey());
        if (plan.version() >= type.lowestSupportedVersion() && plan.version() <= type.highestSupportedVersion(true)) {
            ApiMessage m = plan.direction() == Direction.REQUEST ? type.newRequest() : type.newResponse();
            m.read(new ByteBufferAccessor(ByteBuffer.wrap(body)), (short) plan.version());
            if (m instanceof ProduceRequestData produce) {
                produce.setAcks((short) -1); // acks=0 is never answered: kwire would not link the response
            }
            ByteBuffer kafka = MessageUtil.toByteBufferAccessor(m, (short) plan.version()).buffer();
            body = new byte[kafka.remaining()];
            kafka.get(body);
            writtenByKafka++;
        } else if (plan.spec().apiKey() == 0 && plan.direction() == Direction.REQUEST) {
            body[0] = body[1] = (byte) 0xff; // acks -1, the first field of Produce v0-v2
        }
        ByteBuffer out = ByteBuffer.allocate(4 + header + body.length);
        out.putInt(header + body.length).put(ours.array(), 4, header).put(body);
        return out.array();
    }
}
