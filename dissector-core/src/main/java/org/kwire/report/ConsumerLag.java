package org.kwire.report;

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
 */
public record ConsumerLag(List<FetchLag> fetch, List<CommittedLag> committed, long omitted) {

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
