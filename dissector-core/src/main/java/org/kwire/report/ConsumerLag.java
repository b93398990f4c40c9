package org.kwire.report;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;

import java.util.List;

/**
 * The report's {@code consumer_lag} section (issue 22, item 3): consumers' lag in records as the wire shows it, per
 * consumer client and partition at each Fetch response, and per group and partition from its committed offset at the
 * end of the capture. Built from {@link LagPart} by {@link ConsumerLagBuilder}. Immutable.
 *
 * @param fetch     per consumer client (client_id and client address), topic and partition, sorted by client_id,
 *                  address, topic, partition
 * @param committed per group, topic and partition that a commit was seen for, sorted likewise
 * @param omitted   updates past {@link LagAccumulator#MAX_ENTRIES} entries per list, not kept (a warning says so)
 * @param overTime  the same over time, for charts; null in reports of kwire versions before it
 */
public record ConsumerLag(List<FetchLag> fetch, List<CommittedLag> committed, long omitted, OverTime overTime) {

    /**
     * Lag over time on buckets of {@code bucketSeconds} from {@code start} (a {@link TimeGrid}: 1 s, or wider so that
     * the capture fits {@link TimeGrid#MAX_BUCKETS} buckets). Built by {@link LagSeriesBuilder}.
     *
     * @param start         start of the first bucket, ISO-8601 UTC; null if no sample
     * @param bucketSeconds bucket width, seconds
     * @param fetch         per consumer client, topic, partition and measure (as {@link ConsumerLag#fetch}), sorted
     *                      likewise; at most {@link LagSeriesAccumulator#MAX_SERIES}
     * @param committed     per group, topic and partition that a commit was seen for, sorted likewise
     * @param omitted       samples (and series of merged parts) past {@link LagSeriesAccumulator#MAX_SERIES} series
     *                      per list, not kept (a warning says so)
     */
    public record OverTime(String start, long bucketSeconds, List<FetchSeries> fetch, List<CommittedSeries> committed,
                           long omitted) {
    }

    /**
     * One consumer's fetch lag on one partition over time.
     *
     * @param group  tied as {@link FetchLag#group} is, null if none or several
     * @param maxLag per bucket the most records behind its Fetch responses in the bucket gave (the largest sample);
     *               null where none gave a sample (a report read back keeps these nulls)
     */
    public record FetchSeries(String clientId, String address, String group, String topic, int partition,
                              String against, @JsonSetter(contentNulls = Nulls.SET) List<Long> maxLag) {
    }

    /**
     * One group's committed lag on one partition over time.
     *
     * @param lag per bucket, at its end: the highest high watermark of the last bucket up to it in which a consumer's
     *            Fetch response gave one, minus the highest offset of the last bucket up to it in which the group
     *            committed; null before both are known
     */
    public record CommittedSeries(String group, String topic, int partition,
                                  @JsonSetter(contentNulls = Nulls.SET) List<Long> lag) {
    }

    /**
     * One consumer's lag on one partition: the end it reads to ({@code HighWatermark}, or {@code LastStableOffset}
     * for {@code read_committed}) minus its {@code FetchOffset}, from exchanges whose request named the partition and
     * whose response gave its end.
     *
     * @param clientId        the Fetch requests' client_id
     * @param address         the client's address (no port)
     * @param group           the group tied to the client ({@link ConsumerLagBuilder}'s rule), null if none or several
     * @param groups          every group whose group requests came from the same client_id and address, sorted
     * @param against         {@code high_watermark} or {@code last_stable_offset} ({@code IsolationLevel} 1)
     * @param samples         exchanges that gave both offsets
     * @param min             smallest sample, in records
     * @param max             largest sample
     * @param first           first sample in capture order
     * @param last            last sample in capture order
     * @param trend           {@code grew} (last &gt; first), {@code shrank} (last &lt; first) or {@code steady}
     * @param lastFetchOffset the last sample's {@code FetchOffset}
     * @param lastEnd         the last sample's high watermark (or last stable offset)
     * @param lastFrame       the last sample's response frame
     */
    public record FetchLag(String clientId, String address, String group, List<String> groups, String topic,
                           int partition, String against, long samples, long min, long max, long first, long last,
                           String trend, long lastFetchOffset, long lastEnd, long lastFrame) {
    }

    /**
     * A group's committed lag on one partition at the end of the capture.
     *
     * @param committedOffset    the last offset committed by an OffsetCommit answered without error
     * @param commits            such commits of the partition
     * @param commitFrame        the last one's response frame
     * @param highWatermark      the partition's high watermark in the last Fetch response (consumer's or follower's,
     *                           from the leader) in capture order; null if no Fetch response gave one
     * @param highWatermarkFrame its frame, null if none
     * @param lag                {@code highWatermark - committedOffset}, in records; null if no high watermark
     */
    public record CommittedLag(String group, String topic, int partition, long committedOffset, long commits,
                               long commitFrame, Long highWatermark, Long highWatermarkFrame, Long lag) {
    }
}
