package org.kwire.api;

import com.fasterxml.jackson.databind.JsonNode;
import org.kwire.dissect.FrameDissector;
import org.kwire.expert.Severity;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.KafkaResponseHeader;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * One decoded Kafka request or response frame: its header as values ({@link FrameHeader}), its body in Kafka's own
 * JSON shape ({@link #values()}) or as a dissection tree ({@link #tree()}), and every problem met, typed
 * ({@link #problems()}). Made by {@link KafkaDecoder} and by {@link ConnectionDecoder}.
 * <p>
 * <b>Values.</b> Exactly what kafka-clients' generated {@code <Api><Request|Response>DataJsonConverter.write(data,
 * version, false)} writes for the same message (field names from the schema files, in schema order; bytes in base64;
 * uuids in Kafka's URL-safe base64; a records field as {@code <name>SizeInBytes}; tagged fields only when not at
 * their default), plus beside each error code its Kafka name under a snake_case key ({@code "error_name"}). SASL
 * passwords and proofs are redacted.
 * <p>
 * <b>Thread safety.</b> Immutable: any number of threads may read one. {@link #values()} returns a new copy on every
 * call; {@link #tree()} decodes the body again on every call, from the frame's bytes, which are kept by reference:
 * leave them unchanged for as long as you call {@code tree()}.
 */
public final class DecodedFrame {

    private final FrameHeader header;
    private final JsonNode values;
    private final List<Problem> problems;
    private final FrameDissector dissector;
    private final ByteBuffer frame;
    private final Object wireHeader;
    private final int prefixBytes;

    DecodedFrame(FrameHeader header, JsonNode values, List<Problem> problems, FrameDissector dissector,
                 ByteBuffer frame, Object wireHeader, int prefixBytes) {
        this.header = header;
        this.values = values;
        this.problems = List.copyOf(problems);
        this.dissector = dissector;
        this.frame = frame;
        this.wireHeader = wireHeader;
        this.prefixBytes = prefixBytes;
    }

    /** The header, as values. */
    public FrameHeader header() {
        return header;
    }

    /**
     * The body in Kafka's JSON shape (see the class comment), a new copy on each call: as far as it could be decoded
     * when there are problems; empty when no bundled schema defines the API version (see {@link #problems()}) or
     * not even the body's first field could be read.
     */
    public Optional<JsonNode> values() {
        return values == null ? Optional.empty() : Optional.of(values.deepCopy());
    }

    /**
     * The whole frame as a dissection tree (size prefix, header, body; records fields as batches and records), built
     * anew by each call. Node offsets count from the size prefix even when the frame was given
     * {@link Framing#WITHOUT_SIZE_PREFIX} (then its size node is made from the length given, and the first byte given
     * is at offset 4); problems are also attached to the nodes concerned as expert notes.
     */
    public FieldNode tree() {
        return wireHeader instanceof KafkaRequestHeader h ? dissector.requestTree(frame, h, 0)
                : dissector.responseTree(frame, (KafkaResponseHeader) wireHeader, header.apiKey(), header.apiVersion(), 0);
    }

    /** Every problem met in the frame and its body, in the order met; empty for a well-formed frame. */
    public List<Problem> problems() {
        return problems;
    }

    /** True if the body was decoded by a schema and no problem of severity error was met. */
    public boolean decoded() {
        return values != null && problems.stream().noneMatch(p -> p.severity() == Severity.ERROR);
    }

    /** Bytes of the frame as given (with or without its size prefix, as given). */
    public int length() {
        return frame.limit() - 4 + prefixBytes;
    }

    @Override
    public String toString() {
        return (header.request() ? "request " : "response ") + header.apiName() + " v" + header.apiVersion() + " #"
                + header.correlationId() + (problems.isEmpty() ? "" : " " + problems);
    }
}
