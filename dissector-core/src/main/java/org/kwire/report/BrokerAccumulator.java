package org.kwire.report;

import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.MessageFacts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's {@code brokers}: what each broker endpoint said in its ApiVersions responses (supported request
 * versions, supported and finalized features). Responses with an error (e.g. UNSUPPORTED_VERSION, which carries
 * only the ApiVersions range) are counted but do not replace a good one.
 */
final class BrokerAccumulator implements ExchangeSink {

    private static final int API_VERSIONS = 18;

    private final SchemaRegistry schemas;
    private final Map<String, Broker> brokers = new TreeMap<>();

    private static final class Broker {
        long responses;
        FrameSummary last;
        int version;
        boolean good;
    }

    BrokerAccumulator(SchemaRegistry schemas) {
        this.schemas = schemas;
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        FrameSummary r = e.response();
        if (e.apiKey() != API_VERSIONS || r == null || !r.decoded()) {
            return;
        }
        Broker b = brokers.computeIfAbsent(e.conversation().broker(), k -> new Broker());
        b.responses++;
        boolean good = r.errors().isEmpty() && !r.message().apiRanges().isEmpty();
        if (good || b.last == null) {
            b.last = r;
            b.version = e.exchange().apiVersion();
            b.good |= good;
        }
    }

    /** The mergeable state of every broker, by endpoint. */
    List<BrokerPart> parts() {
        List<BrokerPart> out = new ArrayList<>();
        brokers.forEach((endpoint, b) -> {
            MessageFacts m = b.last.message();
            Map<Integer, BrokerStats.Range> byKey = new TreeMap<>();
            m.apiRanges().forEach(a -> byKey.put(a.apiKey(), new BrokerStats.Range(a.minVersion(), a.maxVersion())));
            Map<String, BrokerStats.Range> apis = new LinkedHashMap<>();
            byKey.forEach((key, range) -> apis.put(schemas.apiName(key), range));
            out.add(new BrokerPart(new BrokerStats(endpoint, b.responses, b.last.frame().lastPacket(),
                    SeenSpan.iso(b.last.frame().lastTimestampNanos()), b.version,
                    Collections.unmodifiableMap(apis), features(m.supportedFeatures()), features(m.finalizedFeatures()),
                    m.finalizedFeaturesEpoch()), b.good));
        });
        return out;
    }

    private static Map<String, BrokerStats.Range> features(List<MessageFacts.FeatureRange> features) {
        Map<String, BrokerStats.Range> out = new TreeMap<>();
        features.forEach(f -> out.put(f.name(), new BrokerStats.Range(f.min(), f.max())));
        return Collections.unmodifiableMap(out);
    }
}
