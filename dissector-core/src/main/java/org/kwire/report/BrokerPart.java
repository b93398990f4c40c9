package org.kwire.report;

/**
 * The mergeable state of one broker of the report's {@code brokers}: what its chosen ApiVersions response said (the
 * last one without an error, else the first one), whether that one was without error, and all its responses counted.
 *
 * @param stats the broker as one part saw it ({@code frame} provisional in a merged part)
 * @param good  true if the chosen response had no error and listed API ranges
 */
public record BrokerPart(BrokerStats stats, boolean good) {

    /** The same broker in a later part: the later good response wins, else the earlier one stays. */
    BrokerPart merge(BrokerPart o, FrameOrder order) {
        boolean takeLater = o.good && (!good || Sequences.later(stats.frame(), o.stats.frame(), order) == o.stats.frame());
        BrokerStats s = takeLater ? o.stats : stats;
        return new BrokerPart(with(s, stats.apiVersionsResponses() + o.stats.apiVersionsResponses(), s.frame()), good || o.good);
    }

    BrokerStats toStats(FrameNumbering n) {
        return with(stats, stats.apiVersionsResponses(), n.frame(stats.frame()));
    }

    private static BrokerStats with(BrokerStats s, long responses, long frame) {
        return new BrokerStats(s.broker(), responses, frame, s.timestamp(), s.responseVersion(), s.apis(),
                s.supportedFeatures(), s.finalizedFeatures(), s.finalizedFeaturesEpoch());
    }
}
