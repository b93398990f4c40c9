package org.kwire.expert;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.kwire.expert.ExpertGroup.CAPTURE;
import static org.kwire.expert.ExpertGroup.CHECKSUM;
import static org.kwire.expert.ExpertGroup.DECRYPTION;
import static org.kwire.expert.ExpertGroup.LIMIT;
import static org.kwire.expert.ExpertGroup.MALFORMED;
import static org.kwire.expert.ExpertGroup.PROTOCOL;
import static org.kwire.expert.ExpertGroup.SEQUENCE;
import static org.kwire.expert.ExpertGroup.TRUNCATED;
import static org.kwire.expert.ExpertGroup.UNDECODED;
import static org.kwire.expert.Severity.CHAT;
import static org.kwire.expert.Severity.ERROR;
import static org.kwire.expert.Severity.NOTE;
import static org.kwire.expert.Severity.WARNING;

/**
 * Every expert item kwire can report, registered once (as Wireshark registers its {@code ei_register_info} array in
 * epan/expert.h): a stable id, a severity, a group and a one-line summary. A note ({@link ExpertNote}) is an occurrence
 * of an item with the details of that occurrence in its message. The ids are what the report counts (its
 * {@code expert} object) and what tests assert; they never change meaning. Ids are {@code layer.subject.what}, the
 * layer being {@code capture}, {@code ip}, {@code tcp}, {@code tls}, {@code kafka} or {@code dissect}.
 */
public enum ExpertItem {
    // the capture file and its packets (pcap-reader, the packet pipeline)
    CAPTURE_READER("capture.reader", WARNING, CAPTURE, "the capture file is damaged or holds something kwire skips"),
    CAPTURE_PACKETS_MALFORMED("capture.packets_malformed", WARNING, CAPTURE, "packets whose link, IP or TCP header is cut short or invalid"),
    CAPTURE_SECRETS_UNSUPPORTED("capture.secrets_unsupported", WARNING, CAPTURE, "a pcapng Decryption Secrets Block that is not a TLS key log"),
    CAPTURE_CONNECTION_DROPPED("capture.connection_dropped", WARNING, CAPTURE, "a connection whose analysis was dropped because it fell behind the capture"),
    CAPTURE_CONNECTIONS_DROPPED("capture.connections_dropped", WARNING, CAPTURE, "connections dropped because the analysis fell behind (the total)"),
    CAPTURE_NO_KAFKA("capture.no_kafka", WARNING, CAPTURE, "the capture holds no Kafka traffic; what it held instead"),
    IP_FRAGMENTS_INCOMPLETE("ip.fragments_incomplete", WARNING, CAPTURE, "fragmented IP datagrams that could not be reassembled"),
    // merging partial results of several files (analyzer-cli's org.kwire.partial)
    CAPTURE_CROSSING_NOT_JOINED("capture.crossing_not_joined", WARNING, CAPTURE, "TCP connections that continue into the next file whose TCP and Kafka state a merge could not carry across"),
    CAPTURE_CAPTURED_TWICE("capture.captured_twice", WARNING, CAPTURE, "TCP connections captured at two capture points, counted in both by a merged report"),
    CAPTURE_BOUNDARY_OVER_LIMIT("capture.boundary_over_limit", WARNING, LIMIT, "TCP connections whose state at a file's edge was over --boundary-bytes, not carried into the next file"),
    // TCP streams
    TCP_GAP("tcp.gap", WARNING, SEQUENCE, "stream bytes the capture missed (lost segments or snaplen), outside a frame"),
    TCP_DATA_AFTER_CLOSE("tcp.data_after_close", WARNING, SEQUENCE, "TCP payload that came after its connection had ended, beyond its FIN or RST or before its first byte: not analyzed (counted, the first named)"),
    TCP_RETRANSMISSION_DIFFERS("tcp.retransmission_differs", WARNING, SEQUENCE, "a retransmission whose bytes differ from the first copy"),
    // Kafka framing (the size prefix)
    FRAME_SIZE_INVALID("kafka.frame.size_invalid", ERROR, MALFORMED, "a size prefix below the smallest frame, or negative; framing resynchronises"),
    FRAME_TOO_LARGE("kafka.frame.too_large", WARNING, LIMIT, "a frame declared larger than --max-frame-size; skipped by its size, framing stays in sync"),
    FRAME_RESYNC_SKIPPED("kafka.frame.resync_skipped", WARNING, SEQUENCE, "bytes skipped to find a frame boundary"),
    FRAME_CUT_BY_GAP("kafka.frame.cut_by_gap", WARNING, SEQUENCE, "a frame the capture lost bytes of; its rest is skipped by its size"),
    FRAME_SIZE_UNCONFIRMED("kafka.frame.size_unconfirmed", WARNING, MALFORMED, "a size prefix the bytes after it contradict: a frame starts inside its declared span, none at its end"),
    FRAME_SIZE_CONTRADICTED("kafka.frame.size_contradicted", WARNING, MALFORMED, "a size prefix the connection contradicts (its response came, or the connection ended cleanly, before its declared end): the frame ends where the bytes say"),
    FRAME_SIZE_CUT_BY_GAP("kafka.frame.size_cut_by_gap", WARNING, SEQUENCE, "a size prefix cut by a gap; framing resynchronises"),
    FRAME_INCOMPLETE_AT_END("kafka.frame.incomplete_at_end", WARNING, TRUNCATED, "a frame still incomplete when its stream ended"),
    FRAME_SIZE_CUT_AT_END("kafka.frame.size_cut_at_end", WARNING, TRUNCATED, "a stream that ends inside a size prefix"),
    FRAME_INCOMPLETE("kafka.frame.incomplete", WARNING, SEQUENCE, "a dissected frame whose body is shown only as far as it was captured"),
    // Kafka headers and matching
    CLIENT_GUESSED("kafka.connection.client_guessed", WARNING, PROTOCOL, "a connection between two broker ports whose bytes did not tell the client: the side that spoke first is taken for it"),
    REQUEST_HEADER_MALFORMED("kafka.request.header_malformed", ERROR, MALFORMED, "a request header that does not fit in its frame"),
    REQUEST_HEADER_LOST("kafka.request.header_lost", WARNING, SEQUENCE, "a request header the capture lost"),
    REQUEST_API_KEY_UNKNOWN("kafka.request.api_key_unknown", ERROR, MALFORMED, "a request with an api_key no known Kafka release defines"),
    REQUEST_VERSION_INVALID("kafka.request.version_invalid", ERROR, MALFORMED, "a request with a negative api_version, which no Kafka release can define"),
    REQUEST_VERSION_UNKNOWN("kafka.request.version_unknown", WARNING, UNDECODED, "a request version no known Kafka release defines; body not decoded"),
    CORRELATION_ID_REUSED("kafka.request.correlation_id_reused", WARNING, PROTOCOL, "a correlation_id reused while a request with it is pending"),
    RESPONSE_TOO_SHORT("kafka.response.too_short", ERROR, MALFORMED, "a response with no room for a correlation_id"),
    RESPONSE_CORRELATION_ID_LOST("kafka.response.correlation_id_lost", WARNING, SEQUENCE, "a response whose correlation_id the capture lost"),
    RESPONSE_HEADER_MALFORMED("kafka.response.header_malformed", ERROR, MALFORMED, "a response header that does not fit in its frame"),
    ACKS0_ANSWERED("kafka.response.acks0_answered", WARNING, PROTOCOL, "a response to a Produce request sent with acks=0, which a broker never answers; decoded as its response"),
    RESPONSE_WITHOUT_REQUEST("kafka.response.no_request", NOTE, SEQUENCE, "a response whose request was not captured"),
    SASL_TOKEN("kafka.sasl.token", NOTE, PROTOCOL, "a raw SASL token without a Kafka header (KIP-43, KIP-12); not shown"),
    // Kafka message bodies (the schema interpreter)
    BODY_TRUNCATED("kafka.body.truncated", ERROR, TRUNCATED, "a frame that ends inside a field"),
    BODY_LENGTH_INVALID("kafka.body.length_invalid", ERROR, MALFORMED, "a negative string, bytes or array length other than -1 (null)"),
    BODY_LENGTH_OVERRUN("kafka.body.length_overrun", ERROR, MALFORMED, "a length, count or tagged size beyond the bytes left in the frame"),
    BODY_TAGGED_FIELD_OVERRUN("kafka.body.tagged_field_overrun", ERROR, MALFORMED, "a tagged field whose value overruns its declared size"),
    BODY_TRAILING_BYTES("kafka.body.trailing_bytes", WARNING, PROTOCOL, "bytes after the end of the body"),
    BODY_NULL_NOT_ALLOWED("kafka.body.null_not_allowed", WARNING, PROTOCOL, "a null where the schema does not allow one in this version"),
    BODY_TAGGED_FIELD_UNREAD("kafka.body.tagged_field_unread", WARNING, PROTOCOL, "a known tagged field with bytes of its declared size left unread"),
    BODY_UNKNOWN_TAG("kafka.body.unknown_tag", NOTE, UNDECODED, "a tagged field this schema version does not define"),
    BODY_UNDECODED("kafka.body.undecoded", NOTE, UNDECODED, "a body no known schema describes (unknown API, version or request)"),
    DISSECT_NODES_LEFT_OUT("dissect.nodes_left_out", WARNING, LIMIT, "tree nodes left out by --max-nodes"),
    // record sets (the records fields of Produce and Fetch)
    RECORDS_OUTSIDE_FRAME("kafka.records.outside_frame", ERROR, MALFORMED, "a records field that does not lie within its frame"),
    RECORDS_PARTIAL_BATCH("kafka.records.partial_batch", NOTE, TRUNCATED, "a batch cut short at the end of the records (a fetch size limit)"),
    RECORDS_ENTRY_SIZE_INVALID("kafka.records.entry_size_invalid", ERROR, MALFORMED, "a batch or message size below the minimum of any entry"),
    RECORDS_ENTRY_OVERRUN("kafka.records.entry_overrun", ERROR, MALFORMED, "bytes at the end of a records field that run past it and cannot start a batch (unknown magic): not a partial batch"),
    RECORDS_MAGIC_UNKNOWN("kafka.records.magic_unknown", WARNING, UNDECODED, "an entry with a magic byte no Kafka release defines"),
    RECORDS_BATCH_IN_WRAPPER("kafka.records.batch_in_wrapper", ERROR, MALFORMED, "a RecordBatch v2 inside a legacy wrapper's message set"),
    RECORDS_ENTRY_TOO_SHORT("kafka.records.entry_too_short", ERROR, MALFORMED, "an entry shorter than its own header"),
    RECORDS_INNER_SET_CUT("kafka.records.inner_set_cut", ERROR, MALFORMED, "a legacy wrapper's inner message set that ends inside a message"),
    RECORDS_FIELD_MALFORMED("kafka.records.field_malformed", ERROR, MALFORMED, "a batch, record or message field that runs past its entry or cannot be right (inside a v2 batch's records: --deep only)"),
    RECORDS_COUNT_MISMATCH("kafka.records.count_mismatch", ERROR, MALFORMED, "a RecordBatch v2 that holds another number of records than it declares (--deep only)"),
    RECORDS_TRAILING_BYTES("kafka.records.trailing_bytes", ERROR, MALFORMED, "bytes after the last record of a RecordBatch v2 (--deep only)"),
    RECORDS_CRC_INVALID("kafka.records.crc_invalid", ERROR, CHECKSUM, "a batch or message whose CRC does not match its bytes"),
    RECORDS_NESTED_TOO_DEEP("kafka.records.nested_too_deep", WARNING, UNDECODED, "a compressed payload nested deeper than maxDepth"),
    RECORDS_DECOMPRESSION_LIMIT("kafka.records.decompression_limit", WARNING, UNDECODED, "a payload that decompresses past --max-decompressed; not decoded (v2 batches: --deep only)"),
    RECORDS_COMPRESSION_MALFORMED("kafka.records.compression_malformed", ERROR, MALFORMED, "a compressed payload that does not decompress (v2 batches: --deep only)"),
    RECORDS_SCHEMA_UNKNOWN("kafka.records.schema_unknown", WARNING, UNDECODED, "a key or value of Kafka's own records (control records, the metadata log, the coordinators' logs) of a record type or version no bundled schema defines; shown raw (dissect --records only)"),
    RECORDS_SCHEMA_MALFORMED("kafka.records.schema_malformed", ERROR, MALFORMED, "a key or value of Kafka's own records that its schema does not decode: its framing or a field cut short, an invalid length or count, bytes left over (dissect --records only)"),
    RECORDS_CODEC_UNAVAILABLE("kafka.records.codec_unavailable", WARNING, UNDECODED, "a compressed payload whose codec's library (an optional dependency: snappy-java, lz4-java, zstd-jni) is not on the class path; not decoded (v2 batches: --deep only); the kwire launchers carry all three"),
    // client telemetry (KIP-714: PushTelemetry's Metrics, org.kwire.telemetry)
    TELEMETRY_MALFORMED("kafka.telemetry.malformed", ERROR, MALFORMED, "a PushTelemetry Metrics payload (KIP-714) that decompressed but is not OTLP MetricsData protobuf; not decoded"),
    TELEMETRY_LIBRARY_UNAVAILABLE("kafka.telemetry.library_unavailable", WARNING, UNDECODED, "a PushTelemetry Metrics payload not decoded: opentelemetry-proto or protobuf-java (optional dependencies) is not on the class path; the kwire launchers carry both"),
    TELEMETRY_POINTS_LEFT_OUT("kafka.telemetry.points_left_out", NOTE, LIMIT, "data points of one PushTelemetry payload past the "
            + org.kwire.telemetry.TelemetryPayload.DEFAULT_MAX_POINTS + " kept"),
    // TLS (the TLS stage)
    TLS_RECORD_HEADER_INVALID("tls.record_header_invalid", ERROR, MALFORMED, "bytes that are not a TLS record header, or one declaring a length its content type and connection cannot "
            + "have (a ChangeCipherSpec that is not 1 byte; over 2^14 bytes before encryption; over TLS 1.3's 2^14 + 256 or the "
            + "TLS 1.2 suite's 2^14 + nonce + tag once encrypted); the next record is searched"),
    TLS_RECORD_INCOMPLETE_AT_END("tls.record_incomplete_at_end", WARNING, TRUNCATED, "a TLS record still incomplete when its connection ended (a wrong length, or the capture stopped inside it); the bytes after its header are searched for records"),
    TLS_HANDSHAKE_MALFORMED("tls.handshake_malformed", ERROR, MALFORMED, "a handshake message that does not fit its lengths"),
    TLS_CONTENT_TYPE_INVALID("tls.content_type_invalid", ERROR, MALFORMED, "a protected record of a content type TLS does not define"),
    TLS_ALERT_MALFORMED("tls.alert_malformed", ERROR, MALFORMED, "an alert record that is not two bytes long, or of a level TLS does not define (not warning or fatal)"),
    TLS_ALERT_FATAL("tls.alert_fatal", WARNING, PROTOCOL, "a fatal alert (the connection is over)"),
    TLS_ALERT("tls.alert", NOTE, PROTOCOL, "a warning-level alert other than close_notify"),
    TLS_KEY_UPDATE("tls.key_update", CHAT, DECRYPTION, "a TLS 1.3 KeyUpdate: new traffic keys"),
    TLS_KEY_UPDATE_LOST("tls.key_update_lost", WARNING, DECRYPTION, "a KeyUpdate lost in a gap, recovered"),
    TLS_RESYNC_FAILED("tls.resync_failed", WARNING, DECRYPTION, "no record authenticates after a gap: the rest of the direction is not decrypted"),
    TLS_RESUMED_AFTER_GAP("tls.resumed_after_gap", WARNING, SEQUENCE, "a TLS stream that resumes after bytes lost"),
    TLS_RECORD_DAMAGED("tls.record_damaged", WARNING, DECRYPTION, "a record that fails authentication after others passed; skipped"),
    TLS_AUTH_FAILED("tls.auth_failed", ERROR, DECRYPTION, "records that do not authenticate with the key log's secret: not decrypted");

    private static final Map<String, ExpertItem> BY_ID =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(ExpertItem::id, Function.identity()));

    private final String id;
    private final Severity severity;
    private final ExpertGroup group;
    private final String summary;

    ExpertItem(String id, Severity severity, ExpertGroup group, String summary) {
        this.id = id;
        this.severity = severity;
        this.group = group;
        this.summary = summary;
    }

    /** Stable id, e.g. {@code kafka.frame.size_invalid}: the report's key, never reused for another meaning. */
    public String id() {
        return id;
    }

    /** How bad every note of this item is. */
    public Severity severity() {
        return severity;
    }

    /** What kind of thing it is about. */
    public ExpertGroup group() {
        return group;
    }

    /** One line saying what the item means (the note's message gives the occurrence's details). */
    public String summary() {
        return summary;
    }

    /** The item with this id, or null if kwire registers none (e.g. a key of a report from another kwire version). */
    public static ExpertItem byId(String id) {
        return BY_ID.get(id);
    }

    /**
     * The severity a key of a report's {@code expert} object stands for: its item's; for a key of a report written
     * before items had ids ({@code "warning/sequence"}), the part before the slash; null if neither.
     */
    public static Severity severityOfKey(String key) {
        ExpertItem item = byId(key);
        if (item != null) {
            return item.severity;
        }
        int slash = key.indexOf('/');
        for (Severity s : Severity.values()) {
            if (slash > 0 && s.label().equals(key.substring(0, slash))) {
                return s;
            }
        }
        return null;
    }
}
