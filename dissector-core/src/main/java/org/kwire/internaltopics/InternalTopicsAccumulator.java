package org.kwire.internaltopics;

import org.kwire.frame.KafkaFrame;
import org.kwire.records.InternalRecords;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.TopicNames;

/**
 * Feeds the report's {@code internal_records} sections from the exchanges, in capture order: the transaction markers
 * of every response's record sets ({@link MarkerAccumulator}), the internal topics' records of every response frame
 * ({@link InternalLogReader}); its state is {@link #part()}. Not thread-safe.
 */
public final class InternalTopicsAccumulator implements ExchangeSink {

    private final MarkerAccumulator markers = new MarkerAccumulator();
    private final InternalLogReader log;

    /**
     * @param schemas the record schemas ({@link SchemaRegistry#records()})
     * @param names   the capture's topic names (shared: ids the metadata log names are learned into it)
     * @param options the records bounds (a batch decompresses to at most its maxDecompressedBytes)
     * @param notes   where expert notes go: records their schema does not decode, batches not read whole
     */
    public InternalTopicsAccumulator(SchemaRegistry schemas, TopicNames names, RecordsOptions options,
                                     java.util.function.Consumer<org.kwire.expert.ExpertNote> notes) {
        this.log = new InternalLogReader(new InternalRecords(schemas, options), names, options, notes);
    }

    @Override
    public void onResponseFrame(ExchangeSummary e, KafkaFrame frame) {
        if (e.response() != null && !e.response().records().isEmpty()) {
            log.frame(e.response(), frame);
        }
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        if (e.response() != null) {
            markers.response(e.response());
        }
    }

    /** The mergeable state so far. */
    public InternalTopicsPart part() {
        return new InternalTopicsPart(markers.part(), new CommitsPart(log.commits.part()),
                new GroupChangesPart(log.groups.part()), new TxnLogPart(log.transactions.part()),
                new MetadataPart(log.metadata.part()), log.unreadBatches);
    }
}
