package org.kwire.api;

import org.kwire.dissect.FrameDissector;
import org.kwire.dissect.ValuesPass;
import org.kwire.expert.ExpertItem;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.KafkaResponseHeader;
import org.kwire.protocol.WireReader;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.records.RecordsTree;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decodes single Kafka frames and records fields, with the message schemas of every Kafka release kwire bundles:
 * a request frame ({@link #request}), a response frame given its request's API and version ({@link #response}), and
 * the bytes of a records field ({@link #records}). For one connection's byte streams, see {@link ConnectionDecoder}.
 * <pre>{@code
 * KafkaDecoder kafka = KafkaDecoder.create();
 * DecodedFrame request = kafka.request(buffer, Framing.SIZE_PREFIXED);
 * request.header().apiName();        // "Metadata"
 * request.values().get();            // the body as Kafka's MetadataRequestDataJsonConverter writes it
 * }</pre>
 * <p>
 * <b>Buffers.</b> A frame is the buffer's bytes from {@code position()} to {@code limit()}, as the JDK's and
 * kafka-clients' readers take them ({@code ByteBuffer.wrap(bytes, offset, length)}, slices and duplicates work as
 * expected); the buffer's position, limit and byte order are not changed. Whether the bytes start with the 4-byte size
 * prefix is the caller's {@link Framing}, never guessed.
 * <p>
 * <b>Errors.</b> Problems inside a frame (a body cut short, a length that overruns, an API version no schema defines)
 * are typed {@link Problem}s of the result, never strings in its values and never {@code null}; bytes that are not
 * one frame with a readable header throw {@link NotAFrameException}. Rules: Kafka's protocol guide and the schema
 * files ({@code clients/src/main/resources/common/message/*.json}, merged across releases).
 * <p>
 * <b>Thread safety.</b> Immutable and thread-safe: make one and share it (schemas are decoded on first use and
 * cached).
 */
public final class KafkaDecoder {

    private final SchemaRegistry schemas;
    private final HeaderDecoder headers;
    private final FrameDissector dissector;
    private final RecordsDecoder records;

    private KafkaDecoder(SchemaRegistry schemas, RecordsOptions recordsOptions) {
        this.schemas = schemas;
        this.headers = new HeaderDecoder(schemas);
        this.records = new RecordsDecoder(recordsOptions);
        this.dissector = new FrameDissector(new PlanCache(schemas),
                new org.kwire.telemetry.TelemetryTree(new RecordsTree(records), recordsOptions.maxDecompressedBytes()), true);
    }

    /** A decoder with the bundled schemas and the default records limits ({@link RecordsOptions#defaults()}). */
    public static KafkaDecoder create() {
        return new KafkaDecoder(SchemaRegistry.bundled(), RecordsOptions.defaults());
    }

    /**
     * A decoder with other schemas (e.g. {@code SchemaRegistry.bundled().withOverlay(dir)} for a newer release's) and
     * records limits.
     */
    public static KafkaDecoder create(SchemaRegistry schemas, RecordsOptions recordsOptions) {
        return new KafkaDecoder(schemas, recordsOptions);
    }

    /**
     * Decodes a request frame: header (RequestHeader.json v0-2) and body.
     *
     * @param frame   the frame, {@code position()} to {@code limit()}
     * @param framing whether it starts with the size prefix
     * @return the decoded frame; an unknown api key or version is a {@code kafka.request.api_key_unknown},
     *         {@code kafka.request.version_invalid} or {@code kafka.request.version_unknown} problem, with no values
     * @throws NotAFrameException if the bytes are not one frame whose request header fits
     */
    public DecodedFrame request(ByteBuffer frame, Framing framing) {
        ByteBuffer f = prefixed(frame, framing);
        List<Problem> problems = new ArrayList<>();
        checkSize(f, framing, problems);
        KafkaRequestHeader h;
        try {
            h = headers.request(f);
        } catch (WireReader.Truncated e) {
            throw new NotAFrameException(Problem.at(ExpertItem.REQUEST_HEADER_MALFORMED, e.offset, framing.prefixBytes(),
                    "request header does not fit in the " + f.limit() + "-byte frame"));
        }
        return request(f, h, framing.prefixBytes(), problems);
    }

    /**
     * Decodes a response frame: header (ResponseHeader.json v0-1, whose version follows the request's API and
     * version) and body.
     *
     * @param frame      the frame, {@code position()} to {@code limit()}
     * @param framing    whether it starts with the size prefix
     * @param apiKey     the api key of the request it answers (the response does not carry it)
     * @param apiVersion the version of that request
     * @return the decoded frame; an API version no bundled schema defines is a {@code kafka.body.undecoded} problem,
     *         with no values
     * @throws NotAFrameException if the bytes are not one frame whose response header fits
     */
    public DecodedFrame response(ByteBuffer frame, Framing framing, int apiKey, int apiVersion) {
        ByteBuffer f = prefixed(frame, framing);
        List<Problem> problems = new ArrayList<>();
        checkSize(f, framing, problems);
        KafkaResponseHeader h;
        try {
            h = headers.response(f, apiKey, apiVersion);
        } catch (WireReader.Truncated e) {
            throw new NotAFrameException(Problem.at(ExpertItem.RESPONSE_HEADER_MALFORMED, e.offset, framing.prefixBytes(),
                    "response header does not fit in the " + f.limit() + "-byte frame"));
        }
        return response(f, h, apiKey, apiVersion, framing.prefixBytes(), problems);
    }

    /**
     * Checks the bytes of a records field (Produce, Fetch, ShareFetch: the field's content, after its length
     * prefix): RecordBatch v2 (KIP-98) and legacy message sets, every CRC, every codec's payload decompressed within
     * {@link RecordsOptions#maxDecompressedBytes()}, every record walked.
     *
     * @param recordsField the field's bytes, {@code position()} to {@code limit()}; not changed
     * @return what was found, problems typed; never throws on bad bytes
     */
    public RecordsCheck records(ByteBuffer recordsField) {
        ByteBuffer b = recordsField.slice();
        return new RecordsCheck(records.decode(b, 0, b.limit(), 0, null));
    }

    /** The schemas this decoder uses. */
    public SchemaRegistry schemas() {
        return schemas;
    }

    /** A request whose header is decoded ({@code f}: size prefix at 0). */
    DecodedFrame request(ByteBuffer f, KafkaRequestHeader h, int prefixBytes, List<Problem> problems) {
        String name = schemas.apiName(h.apiKey());
        if (!schemas.knowsApi(h.apiKey(), Direction.REQUEST)) {
            problems.add(Problem.at(ExpertItem.REQUEST_API_KEY_UNKNOWN, 4, prefixBytes, "api_key " + h.apiKey()
                    + ": no known Kafka release defines it; body not decoded"));
        } else if (h.apiVersion() < 0) {
            problems.add(Problem.at(ExpertItem.REQUEST_VERSION_INVALID, 6, prefixBytes, name + " api_version "
                    + h.apiVersion() + ": versions are never negative; body not decoded"));
        } else if (!schemas.isKnownRequest(h.apiKey(), h.apiVersion())) {
            problems.add(Problem.at(ExpertItem.REQUEST_VERSION_UNKNOWN, 6, prefixBytes, name + " v" + h.apiVersion()
                    + ": no known Kafka release defines this version (header v1 assumed); body not decoded"));
        }
        FrameHeader header = new FrameHeader(true, h.apiKey(), name, h.apiVersion(), h.correlationId(),
                Optional.ofNullable(h.clientId()), h.headerVersion(), h.length());
        return body(f, header, h, h.bodyOffset(), Direction.REQUEST, prefixBytes, problems);
    }

    /** A response whose header is decoded ({@code f}: size prefix at 0). */
    DecodedFrame response(ByteBuffer f, KafkaResponseHeader h, int apiKey, int apiVersion, int prefixBytes,
                          List<Problem> problems) {
        if (schemas.spec(apiKey, Direction.RESPONSE, apiVersion).isEmpty()) {
            problems.add(Problem.at(ExpertItem.BODY_UNDECODED, h.bodyOffset(), prefixBytes, apiKey < 0
                    ? "the request of this response was not seen: its API is unknown; body not decoded"
                    : schemas.apiName(apiKey) + " v" + apiVersion + " response: no known Kafka release defines it; "
                    + "body not decoded"));
        }
        FrameHeader header = new FrameHeader(false, apiKey, schemas.apiName(apiKey), apiVersion, h.correlationId(),
                Optional.empty(), h.headerVersion(), h.length());
        return body(f, header, h, h.bodyOffset(), Direction.RESPONSE, prefixBytes, problems);
    }

    private DecodedFrame body(ByteBuffer f, FrameHeader header, Object wire, int bodyOffset, Direction direction,
                              int prefixBytes, List<Problem> problems) {
        ValuesPass pass = dissector.valuesPass(f, bodyOffset, header.apiKey(), direction, header.apiVersion());
        com.fasterxml.jackson.databind.JsonNode values = null;
        if (pass != null) {
            values = pass.valuesOnly();
            pass.problems().forEach(p -> problems.add(Problem.at(p.item(), p.offset(), prefixBytes, p.message())));
        }
        return new DecodedFrame(header, values, problems, dissector, f, wire, prefixBytes);
    }

    /** The frame with a size prefix at index 0, big-endian: a view of the given bytes, or a copy behind a prefix. */
    private static ByteBuffer prefixed(ByteBuffer given, Framing framing) {
        if (framing == Framing.SIZE_PREFIXED) {
            ByteBuffer f = given.slice();
            if (f.limit() < 4 || f.getInt(0) < 0 || f.getInt(0) < f.limit() - 4) {
                throw new NotAFrameException(Problem.at(ExpertItem.FRAME_SIZE_INVALID, 0, 4, f.limit() < 4
                        ? "only " + f.limit() + " bytes: no room for the 4-byte size prefix"
                        : "size prefix " + f.getInt(0) + " does not match the " + (f.limit() - 4)
                        + " bytes after it (more than one frame given, or the bytes have no size prefix?)"));
            }
            return f;
        }
        ByteBuffer f = ByteBuffer.allocate(4 + given.remaining()).putInt(given.remaining()).put(given.duplicate());
        return f.flip();
    }

    /** A frame given with its size prefix whose declared size runs past the bytes given: cut short. */
    private static void checkSize(ByteBuffer f, Framing framing, List<Problem> problems) {
        int declared = f.getInt(0);
        if (declared > f.limit() - 4) {
            problems.add(Problem.at(ExpertItem.FRAME_INCOMPLETE, f.limit(), framing.prefixBytes(), "the size prefix "
                    + "declares " + declared + " bytes, " + (f.limit() - 4) + " were given: decoded as far as given"));
        }
    }
}
