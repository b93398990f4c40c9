package org.kwire.protocol;

import org.kwire.frame.FrameBytes;
import org.kwire.frame.KafkaFrame;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;

/**
 * Decodes request and response headers of size-prefixed Kafka frames (frame offset 0 is the int32 size prefix, the
 * header starts at offset 4). Header versions follow {@link HeaderVersions}.
 */
public final class HeaderDecoder {

    /** Smallest request: size prefix + api_key, api_version, correlation_id. */
    public static final int MIN_REQUEST_FRAME = 4 + 8;
    /** Smallest response: size prefix + correlation_id. */
    public static final int MIN_RESPONSE_FRAME = 4 + 4;

    private final SchemaRegistry schemas;
    private final HeaderVersions versions;

    /** @param schemas where API versions and flexible ranges come from */
    public HeaderDecoder(SchemaRegistry schemas) {
        this.schemas = schemas;
        this.versions = new HeaderVersions(schemas);
    }

    /** The schemas this decoder uses. */
    public SchemaRegistry schemas() {
        return schemas;
    }

    /** The header version rules this decoder applies. */
    public HeaderVersions headerVersions() {
        return versions;
    }

    /**
     * Decodes the request header of a frame.
     *
     * @param frame the frame's bytes from {@code position()} (its size prefix) to {@code limit()}, as the JDK's and
     *              kafka-clients' readers take a buffer; its position, limit and byte order are not changed (offsets in
     *              the header count from the position)
     * @return the header; for an api key or version no known schema defines, header version 1 is assumed
     * @throws WireReader.Truncated if the header does not fit in the frame
     */
    public KafkaRequestHeader request(ByteBuffer frame) throws WireReader.Truncated {
        return request(FrameBytes.of(frame.slice()));
    }

    /** {@link #request(ByteBuffer)} of a frame's bytes as slices, read where they lie. */
    public KafkaRequestHeader request(FrameBytes frame) throws WireReader.Truncated {
        WireReader r = new WireReader(frame, 4, frame.length());
        short apiKey = r.int16();
        short apiVersion = r.int16();
        int correlationId = r.int32();
        int hv = schemas.isKnownRequest(apiKey, apiVersion) ? versions.requestHeaderVersion(apiKey, apiVersion) : 1;
        int clientIdLength = hv >= 1 && r.remaining() >= 2 ? frame.getShort(r.position()) : 0;
        String clientId = hv >= 1 ? r.nullableString() : null;
        int tagged = hv >= 2 ? r.skipTaggedFields() : 0;
        return new KafkaRequestHeader(apiKey, apiVersion, correlationId, clientId, hv, r.position() - 4, clientIdLength, tagged);
    }

    /**
     * A client's frame as the stream stage cuts it: its header decoded (once), and whether its first bytes read as a
     * request header at all ({@link #looksLikeRequest}, with no size limit: the frame was cut already).
     */
    public RequestFrame requestFrame(KafkaFrame frame) {
        FrameBytes data = frame.data();
        boolean like = requestLike(data.head(HEAD), 0, Integer.MAX_VALUE);
        try {
            return new RequestFrame(frame, request(data), -1, like);
        } catch (WireReader.Truncated e) {
            return new RequestFrame(frame, null, e.offset, like);
        }
    }

    /**
     * Decodes the response header of a frame answering a request of {@code apiKey} at {@code apiVersion}.
     *
     * @param frame the frame's bytes from {@code position()} (its size prefix) to {@code limit()}, as
     *              {@link #request(ByteBuffer)} takes them
     * @throws WireReader.Truncated if the header does not fit in the frame
     */
    public KafkaResponseHeader response(ByteBuffer frame, int apiKey, int apiVersion) throws WireReader.Truncated {
        return response(FrameBytes.of(frame.slice()), apiKey, apiVersion);
    }

    /** {@link #response(ByteBuffer, int, int)} of a frame's bytes as slices, read where they lie. */
    public KafkaResponseHeader response(FrameBytes frame, int apiKey, int apiVersion) throws WireReader.Truncated {
        WireReader r = new WireReader(frame, 4, frame.length());
        int correlationId = r.int32();
        int hv = versions.responseHeaderVersion(apiKey, apiVersion);
        int tagged = hv >= 1 ? r.skipTaggedFields() : 0;
        return new KafkaResponseHeader(correlationId, hv, r.position() - 4, tagged);
    }

    /**
     * Conservative test that the first bytes of a stream start a Kafka request: a size prefix within
     * [{@link #MIN_REQUEST_FRAME}-4, maxFrameSize], a known api key with a version some release defines, and a
     * client_id whose length fits in the frame. Used to recognise Kafka on ports not configured as Kafka's, and where
     * a request starts when resynchronising.
     *
     * @param start the first bytes of the client's stream (at least 14 bytes are needed for a positive answer)
     */
    public boolean looksLikeRequest(ByteBuffer start, int maxFrameSize) {
        return requestLike(start, start.position(), maxFrameSize);
    }

    /** Bytes {@link #requestLike} reads: size prefix, api_key, api_version, correlation_id, client_id length. */
    private static final int HEAD = 14;

    /** {@link #looksLikeRequest} at index {@code p} of {@code b} (up to its limit). */
    private boolean requestLike(ByteBuffer b, int p, int maxFrameSize) {
        if (b.limit() - p < 14) {
            return false;
        }
        int size = b.getInt(p);
        short apiKey = b.getShort(p + 4);
        short apiVersion = b.getShort(p + 6);
        if (size < MIN_REQUEST_FRAME - 4 || size > maxFrameSize || !schemas.isKnownRequest(apiKey, apiVersion)) {
            return false;
        }
        if (versions.requestHeaderVersion(apiKey, apiVersion) == 0) {
            return true;
        }
        short clientIdLength = b.getShort(p + 12);
        return clientIdLength >= -1 && clientIdLength <= size - 10;
    }
}
