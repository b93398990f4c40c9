package org.kwire.summary;

import org.kwire.plan.FieldPlan;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers {@link MessageFacts} for {@link FactsCollector}, which forwards it the callbacks of the same interpreter
 * pass. Only the body's own fields count (level 1), the elements of ApiVersions responses' body-level arrays
 * {@code ApiKeys}, {@code SupportedFeatures}, {@code FinalizedFeatures}, and those of AddPartitionsToTxn v4+'s
 * {@code Transactions} (level 3); everything deeper costs one comparison. Strings are decoded only for the few fields
 * it keeps.
 */
final class MessageFactsCollector {

    /** Levels: 1 the body's fields, 2 inside one of its arrays, 3 the fields of that array's struct elements. */
    private int level;
    private boolean apiVersionsResponse;
    private String array;
    private int key;
    private int min;
    private int max;
    private String name;

    private int maxWaitMs;
    private int rebalanceTimeoutMs;
    private int sessionTimeoutMs;
    private String groupId;
    private String transactionalId;
    private long producerId;
    private int producerEpoch;
    private Boolean committed;
    private String softwareName;
    private String softwareVersion;
    private long featuresEpoch;
    private Boolean verifyOnly;
    private String nestedTransactionalId;
    private boolean severalTransactions;
    private final List<MessageFacts.ApiRange> ranges = new ArrayList<>();
    private final List<MessageFacts.FeatureRange> supported = new ArrayList<>();
    private final List<MessageFacts.FeatureRange> finalized = new ArrayList<>();

    /** Prepares for one body; {@code apiVersionsResponse} when it is an ApiVersions response (api key 18). */
    void start(boolean apiVersionsResponse) {
        this.apiVersionsResponse = apiVersionsResponse;
        level = 0;
        array = null;
        maxWaitMs = rebalanceTimeoutMs = sessionTimeoutMs = producerEpoch = -1;
        producerId = featuresEpoch = -1;
        groupId = transactionalId = softwareName = softwareVersion = null;
        committed = verifyOnly = null;
        nestedTransactionalId = null;
        severalTransactions = false;
        ranges.clear();
        supported.clear();
        finalized.clear();
    }

    /** What the body held; {@link MessageFacts#NONE} when it held none of these fields. */
    MessageFacts facts() {
        if (maxWaitMs < 0 && rebalanceTimeoutMs < 0 && sessionTimeoutMs < 0 && groupId == null && transactionalId == null
                && producerId < 0 && producerEpoch < 0 && committed == null && softwareName == null
                && softwareVersion == null && ranges.isEmpty() && supported.isEmpty() && finalized.isEmpty()
                && featuresEpoch < 0 && verifyOnly == null && nestedTransactionalId == null) {
            return MessageFacts.NONE;
        }
        String txn = transactionalId != null || severalTransactions ? transactionalId : nestedTransactionalId;
        return new MessageFacts(maxWaitMs, rebalanceTimeoutMs, sessionTimeoutMs, groupId, txn, producerId,
                producerEpoch, committed, softwareName, softwareVersion, ranges, supported, finalized, featuresEpoch,
                verifyOnly, null, null, null);
    }

    void beginStruct() {
        level++;
        if (level == 3 && array != null) {
            key = min = max = -1;
            name = null;
        }
    }

    void endStruct() {
        if (level == 3 && array != null && !array.equals("Transactions")) {
            switch (array) {
                case "ApiKeys" -> ranges.add(new MessageFacts.ApiRange(key, min, max));
                case "SupportedFeatures" -> supported.add(new MessageFacts.FeatureRange(name, min, max));
                default -> finalized.add(new MessageFacts.FeatureRange(name, min, max));
            }
        }
        level--;
    }

    void beginArray(FieldPlan field) {
        level++;
        if (level == 2) {
            String n = field.name();
            array = apiVersionsResponse && (n.equals("ApiKeys") || n.equals("SupportedFeatures")
                    || n.equals("FinalizedFeatures")) || n.equals("Transactions") ? n : null;
        }
    }

    void endArray() {
        if (level == 2) {
            array = null;
        }
        level--;
    }

    void number(FieldPlan field, long value) {
        if (level == 1) {
            switch (field.name()) {
                case "MaxWaitMs" -> maxWaitMs = (int) value;
                case "RebalanceTimeoutMs" -> rebalanceTimeoutMs = (int) value;
                case "SessionTimeoutMs" -> sessionTimeoutMs = (int) value;
                case "ProducerEpoch", "V3AndBelowProducerEpoch" -> producerEpoch = (int) value;
                case "FinalizedFeaturesEpoch" -> featuresEpoch = value;
                default -> {
                    if ("producerId".equals(field.entityType()) && producerId < 0) {
                        producerId = value;
                    }
                }
            }
        } else if (level == 3 && "Transactions".equals(array)) {
            if ("producerId".equals(field.entityType()) && producerId < 0) {
                producerId = value;
            } else if (field.name().equals("ProducerEpoch") && producerEpoch < 0) {
                producerEpoch = (int) value;
            }
        } else if (level == 3 && array != null) {
            switch (field.name()) {
                case "ApiKey" -> key = (int) value;
                case "MinVersion", "MinVersionLevel" -> min = (int) value;
                case "MaxVersion", "MaxVersionLevel" -> max = (int) value;
                default -> {
                }
            }
        }
    }

    void bool(FieldPlan field, boolean value) {
        if (level == 1 && field.name().equals("Committed")) {
            committed = value;
        } else if (level == 3 && "Transactions".equals(array) && field.name().equals("VerifyOnly")) {
            verifyOnly = verifyOnly == null ? value : verifyOnly && value;
        }
    }

    /** True if this string field's value is wanted: then {@link #string} follows with it. */
    boolean wants(FieldPlan field) {
        if (level == 1) {
            String e = field.entityType();
            return "transactionalId".equals(e) || "groupId".equals(e) || field.name().startsWith("ClientSoftware");
        }
        return level == 3 && array != null && (array.equals("Transactions")
                ? "transactionalId".equals(field.entityType()) : field.name().equals("Name"));
    }

    void string(FieldPlan field, String value) {
        if (level == 3 && array.equals("Transactions")) {
            severalTransactions |= nestedTransactionalId != null && !nestedTransactionalId.equals(value);
            nestedTransactionalId = value;
            return;
        }
        if (level == 3) {
            name = value;
            return;
        }
        String e = field.entityType();
        if ("transactionalId".equals(e)) {
            transactionalId = value;
        } else if ("groupId".equals(e)) {
            groupId = value;
        } else if (field.name().equals("ClientSoftwareName")) {
            softwareName = value;
        } else {
            softwareVersion = value;
        }
    }
}
