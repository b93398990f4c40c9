package org.kwire.report;

import org.kwire.delivery.DeliveryPart;
import org.kwire.delivery.DeliveryTracker;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.TopicNames;

import java.util.List;

/**
 * The report sections built beside {@link ReportBuilder}'s own counters, each by its accumulator, fed the same
 * exchanges: {@code clients} ({@link ClientAccumulator}), {@code brokers} ({@link BrokerAccumulator}),
 * {@code transactions} ({@link TransactionAccumulator}), {@code end_to_end} ({@link DeliveryTracker}), {@code internal_records}
 * ({@link org.kwire.internaltopics.InternalTopicsAccumulator}), {@code client_telemetry}
 * ({@link TelemetryAccumulator}), {@code schema_registry} ({@link SchemaIdAccumulator}), each as its
 * mergeable part; {@code readiness} is derived from the clients when the report is built ({@link ReadinessCheck}).
 */
final class ReportSections implements ExchangeSink {

    private final ClientAccumulator clients;
    private final BrokerAccumulator brokers;
    private final TransactionAccumulator transactions;
    private final DeliveryTracker deliveries;
    private org.kwire.internaltopics.InternalTopicsAccumulator internalRecords;
    private final SchemaRegistry schemas;
    private final TopicNames names;
    private final java.util.function.Consumer<org.kwire.expert.ExpertNote> notes;
    private final TelemetryAccumulator telemetry = new TelemetryAccumulator();
    private final SchemaIdAccumulator schemaIds = new SchemaIdAccumulator();

    /**
     * @param notes where the sections' expert notes go (the report's counts and warnings)
     * @throws IllegalArgumentException if kwire bundles no schemas of the target release
     */
    ReportSections(SchemaRegistry schemas, TopicNames names, String target,
                   java.util.function.Consumer<org.kwire.expert.ExpertNote> notes) {
        if (schemas.release(target) == null) {
            throw new IllegalArgumentException("no bundled schemas of Kafka " + target + " (bundled: "
                    + String.join(", ", schemas.targetReleases()) + ")");
        }
        this.clients = new ClientAccumulator(schemas);
        this.brokers = new BrokerAccumulator(schemas);
        this.transactions = new TransactionAccumulator(names);
        this.deliveries = new DeliveryTracker(names, null);
        this.schemas = schemas;
        this.names = names;
        this.notes = notes;
        records(org.kwire.records.RecordsOptions.defaults());
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        clients.onExchange(e);
        brokers.onExchange(e);
        transactions.onExchange(e);
        deliveries.onExchange(e);
        internalRecords.onExchange(e);
        telemetry.onExchange(e);
        if (e.requestHeader() != null) {
            schemaIds.add(e.request(), e.requestHeader().clientId());
        }
        if (e.response() != null && e.apiKey() >= 0) {
            schemaIds.add(e.response(), null);
        }
    }

    @Override
    public void onResponseFrame(ExchangeSummary e, org.kwire.frame.KafkaFrame frame) {
        internalRecords.onResponseFrame(e, frame);
    }

    /** An exchange a slice's boundary left out: end-to-end pairings it may precede wait for the merge. */
    @Override
    public void onLeftOut(ExchangeSummary e) {
        deliveries.onLeftOut(e);
    }

    List<ClientPart> clients() {
        return clients.parts();
    }

    List<BrokerPart> brokers() {
        return brokers.parts();
    }

    List<TxnPart> transactions() {
        return transactions.parts();
    }

    DeliveryPart deliveries() {
        return deliveries.part();
    }

    /** The internal records' reader bounded by {@code o} (before the first frame). */
    void records(org.kwire.records.RecordsOptions o) {
        internalRecords = new org.kwire.internaltopics.InternalTopicsAccumulator(schemas, names, o, notes);
    }

    org.kwire.internaltopics.InternalTopicsPart internalRecords() {
        return internalRecords.part();
    }

    ClientTelemetryPart telemetry() {
        return telemetry.part();
    }

    SchemaIdPart schemaIds() {
        return schemaIds.part();
    }
}
