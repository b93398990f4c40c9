package org.kwire.partial;

import org.kwire.json.JsonInput;
import org.kwire.json.JsonInputException;
import org.kwire.json.JsonSchemas;
import tools.jackson.databind.JsonNode;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;

/**
 * Reads a partial that may be damaged or hostile (a file another machine wrote) the way kwire reads a capture: within
 * limits ({@link JsonInput}: bytes, JSON tokens, nesting), validated field by field against
 * {@code docs/partial.schema.json} ({@link JsonSchemas#partials()}), then against what the schema cannot express
 * ({@link PartialChecks}: counts that must agree, frame and stream numbers within their slice, timelines inflated
 * within what they declare, latency histograms, the merge's {@link PacketBudget}), all before anything of it is merged.
 * <p>
 * The document is read twice: once into a tree that is checked (Jackson 3's, the validator's), dropped, then bound into
 * a {@link Partial} ({@link PartialCodec}, Jackson 2, as kwire writes it); both reads must see the same bytes.
 */
public final class PartialReader {

    /** Opens the partial's bytes; called twice. */
    @FunctionalInterface
    public interface Source {
        InputStream open() throws IOException;
    }

    private static final tools.jackson.databind.ObjectMapper MERGED = new tools.jackson.databind.ObjectMapper();

    private PartialReader() {
    }

    /**
     * @throws JsonInputException if it is not a whole, valid partial of this format: the field at fault and why
     * @throws IOException        if it cannot be read
     */
    public static Partial read(Source source, JsonInput input, PacketBudget budget) throws IOException {
        Tally first;
        try (Tally in = new Tally(source.open())) {
            JsonNode tree = input.read(in);
            in.drain(Long.MAX_VALUE);
            check(tree, budget);
            first = in;
        }
        Partial p;
        try (Tally in = new Tally(source.open())) {
            p = PartialCodec.bind(in, input.limits());
            in.drain(first.bytes);
            if (in.bytes != first.bytes || in.crc.getValue() != first.crc.getValue()) {
                throw new JsonInputException("", "changed while it was read");
            }
        }
        PartialChecks.bound(p);
        ElidedBytes.check(p, budget);
        return p;
    }

    /**
     * Checks a merge of checked partials against the schema again, its summed sections ({@code census},
     * {@code report}): every partial within the schema (a count at most 2^53 - 1), their sums are too unless together
     * they count past it (a sum of fewer than 1024 such counts never passes 64 bits, and each merge is checked). Cheap:
     * those sections are bounded by the report's own limits.
     *
     * @throws JsonInputException the field whose sum is past the schema's maximum
     */
    public static void checkMerged(Partial merged) throws JsonInputException {
        for (String section : new String[] {"census", "report"}) {
            JsonNode tree;
            try {
                tree = MERGED.readTree(PartialCodec.toJson(section.equals("census") ? merged.census() : merged.report()));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e); // kwire's own records, written to a string
            }
            try {
                JsonSchemas.partials().check(tree, "/" + section);
            } catch (JsonInputException e) {
                throw new JsonInputException(e.pointer(), "their sum is past what one partial may hold (the sum "
                        + e.reason() + ")");
            }
        }
    }

    private static void check(JsonNode tree, PacketBudget budget) throws JsonInputException {
        if (!tree.isObject() || !tree.has("kwire_partial")) {
            throw new JsonInputException("", "not a kwire partial (no kwire_partial field)");
        }
        JsonNode version = tree.get("kwire_partial");
        if (!version.isIntegralNumber() || version.asLong() != Partial.VERSION) {
            throw new JsonInputException("/kwire_partial", "kwire partial format " + version + "; this kwire reads format "
                    + Partial.VERSION);
        }
        JsonSchemas.partials().check(tree);
        PartialChecks.tree(tree, budget);
    }

    /** The bytes read through it, and their CRC-32: both reads of a partial must be of the same bytes. */
    private static final class Tally extends FilterInputStream {
        final CRC32 crc = new CRC32();
        long bytes;

        Tally(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                crc.update(b);
                bytes++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                crc.update(b, off, n);
                bytes += n;
            }
            return n;
        }

        /** Reads what the parser left (white space), stopping past {@code most} bytes in all. */
        void drain(long most) throws IOException {
            byte[] buf = new byte[8192];
            while (bytes <= most && read(buf, 0, buf.length) >= 0) {
                // counted and checksummed by read
            }
        }
    }
}
