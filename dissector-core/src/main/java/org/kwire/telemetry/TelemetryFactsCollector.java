package org.kwire.telemetry;

import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.WireValues;
import org.kwire.frame.FrameBytes;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.StructPlan;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers the {@link TelemetryFacts} of one GetTelemetrySubscriptions response or PushTelemetry request, fed by the
 * report's interpreter pass ({@code org.kwire.summary.FrameSummarizer}): only the body's own fields and the elements
 * of its two arrays count. The push's payload is decoded when its bytes field is met ({@link TelemetryPayload#decode}).
 * One body at a time; not thread-safe.
 */
public final class TelemetryFactsCollector implements DissectionVisitor {

    /** ApiKey of GetTelemetrySubscriptions, whose responses carry the subscription. */
    public static final int GET_TELEMETRY_SUBSCRIPTIONS = 71;
    /** ApiKey of PushTelemetry, whose requests carry the metrics. */
    public static final int PUSH_TELEMETRY = 72;

    private final FrameBytes frame;
    private final int maxDecompressed;
    private int level;
    private String array;
    private String clientInstanceId;
    private int subscriptionId = -1;
    private int errorCode;
    private int pushIntervalMs = -1;
    private int maxBytes = -1;
    private boolean delta;
    private boolean terminating;
    private int compressionType = -1;
    private TelemetryPayload payload;
    private int payloadOffset;
    private final List<Integer> accepted = new ArrayList<>();
    private final List<String> requested = new ArrayList<>();

    /**
     * @param frame           the frame the body is in
     * @param maxDecompressed most bytes a payload may decompress to ({@code --max-decompressed})
     */
    public TelemetryFactsCollector(FrameBytes frame, int maxDecompressed) {
        this.frame = frame;
        this.maxDecompressed = maxDecompressed;
    }

    /**
     * True if bodies of this API and direction carry telemetry facts: GetTelemetrySubscriptions requests (the client's
     * instance id) and responses, PushTelemetry requests.
     */
    public static boolean wanted(int apiKey, boolean response) {
        return apiKey == GET_TELEMETRY_SUBSCRIPTIONS || !response && apiKey == PUSH_TELEMETRY;
    }

    /**
     * The body's facts: a push if it had a {@code Metrics} field, else a subscription (a GetTelemetrySubscriptions
     * request's is all "none": only its instance id counts).
     */
    public TelemetryFacts facts() {
        if (payload != null) {
            return new TelemetryFacts(clientInstanceId, subscriptionId, null,
                    new TelemetryFacts.Push(terminating, compressionType, payload, payloadOffset));
        }
        return new TelemetryFacts(clientInstanceId, subscriptionId, new TelemetryFacts.Subscription(errorCode, accepted,
                pushIntervalMs, maxBytes, delta, requested), null);
    }

    @Override
    public void beginStruct(FieldPlan field, StructPlan struct, int offset, int markerLength) {
        level++;
    }

    @Override
    public void endStruct(StructPlan struct, int end) {
        level--;
    }

    @Override
    public void beginArray(FieldPlan field, int offset, int prefixLength, int count) {
        level++;
        array = level == 2 ? field.name() : null;
    }

    @Override
    public void endArray(FieldPlan field, int end) {
        level--;
        array = null;
    }

    @Override
    public void number(FieldPlan field, int offset, long value) {
        if (level == 2 && "AcceptedCompressionTypes".equals(array)) {
            accepted.add((int) value);
        } else if (level == 1) {
            switch (field.name()) {
                case "SubscriptionId" -> subscriptionId = (int) value;
                case "ErrorCode" -> errorCode = (int) value;
                case "PushIntervalMs" -> pushIntervalMs = (int) value;
                case "TelemetryMaxBytes" -> maxBytes = (int) value;
                case "CompressionType" -> compressionType = (int) value;
                default -> {
                }
            }
        }
    }

    @Override
    public void bool(FieldPlan field, int offset, boolean value) {
        if (level == 1 && field.name().equals("DeltaTemporality")) {
            delta = value;
        } else if (level == 1 && field.name().equals("Terminating")) {
            terminating = value;
        }
    }

    @Override
    public void uuid(FieldPlan field, int offset, long mostSignificant, long leastSignificant) {
        if (level == 1 && field.name().equals("ClientInstanceId")) {
            clientInstanceId = WireValues.kafkaUuid(mostSignificant, leastSignificant);
        }
    }

    @Override
    public void string(FieldPlan field, int offset, int prefixLength, int length) {
        if (level == 2 && "RequestedMetrics".equals(array) && length >= 0) {
            requested.add(WireValues.utf8(frame, offset + prefixLength, length));
        }
    }

    @Override
    public void bytes(FieldPlan field, int offset, int prefixLength, int length) {
        if (level == 1 && field.name().equals("Metrics") && length >= 0) {
            payloadOffset = offset + prefixLength;
            payload = TelemetryPayload.decode(compressionType, frame.within(payloadOffset, length), maxDecompressed,
                    TelemetryPayload.DEFAULT_MAX_POINTS);
        }
    }
}
