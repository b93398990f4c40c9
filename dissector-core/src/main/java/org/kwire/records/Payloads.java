package org.kwire.records;

import org.kwire.expert.ExpertItem;
import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Decompression of a payload that is not a record batch but is compressed with the same codecs and ids (PushTelemetry's
 * {@code Metrics}, KIP-714: its {@code CompressionType} uses the ids of a batch's attributes, 0 none .. 4 zstd). The
 * same {@link Decompressor} as record batches, bounded by the same limit ({@code --max-decompressed}); the optional codec
 * libraries are looked for the same way ({@link CodecLibraries}). Thread-safe.
 */
public final class Payloads {

    private Payloads() {
    }

    /**
     * The decompressed bytes, or why there are none.
     *
     * @param bytes   the bytes (a fresh array, owned by the caller), or null if {@link #problem} is set
     * @param problem the note's item ({@code kafka.records.decompression_limit}, {@code compression_malformed},
     *                {@code codec_unavailable}), or null
     * @param message what went wrong, for the note (null if nothing did)
     */
    public record Decompressed(byte[] bytes, ExpertItem problem, String message) {
    }

    /**
     * @param codec   the payload's codec ({@link Codec#NONE}: the bytes are copied as they are)
     * @param payload the compressed bytes, from its position to its limit (not changed)
     * @param limit   most bytes the output may have
     */
    public static Decompressed decompress(Codec codec, ByteBuffer payload, int limit) {
        ByteBuffer in = payload.slice();
        if (codec == Codec.NONE) {
            if (in.remaining() > limit) {
                DecompressionException e = DecompressionException.overLimit(limit);
                return new Decompressed(null, e.item, e.getMessage());
            }
            byte[] out = new byte[in.remaining()];
            in.get(out);
            return new Decompressed(out, null, null);
        }
        try {
            ByteBuffer out = Decompressor.decompress(codec, FrameBytes.of(in), 0, in.remaining(), limit, 0);
            return new Decompressed(Arrays.copyOfRange(out.array(), out.arrayOffset() + out.position(),
                    out.arrayOffset() + out.limit()), null, null);
        } catch (DecompressionException e) {
            return new Decompressed(null, e.item, codec.label() + " payload of " + in.remaining() + " bytes " + e.getMessage());
        }
    }
}
