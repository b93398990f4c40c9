package org.kwire.examples;

import org.kwire.api.KafkaDecoder;
import org.kwire.api.RecordsCheck;
import org.kwire.records.CrcFailure;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * (d) The CRC check of a records field (a Produce request's or a Fetch response's records, or a log segment's bytes:
 * record batches back to back): one line per batch whose stored checksum does not match its bytes (CRC-32C over
 * attributes to the batch's end, KIP-98). Stateless, thread-safe.
 */
public final class RecordsCrc {

    private RecordsCrc() {
    }

    /**
     * One line per batch whose CRC does not match, in wire order, e.g.
     * {@code batch at offset 3: stored crc 1a2b3c4d, computed 5e6f7a8b}; empty when every CRC matches.
     *
     * @param recordsField the field's bytes after its length prefix, {@code position()} to {@code limit()}; unchanged
     */
    public static List<String> badBatches(ByteBuffer recordsField) {
        // user code (7 lines, 3 kwire types: KafkaDecoder, RecordsCheck, CrcFailure)
        RecordsCheck check = KafkaDecoder.create().records(recordsField);
        List<String> bad = new ArrayList<>();
        for (CrcFailure f : check.crcFailures()) {
            bad.add(String.format("batch at offset %d: stored crc %08x, computed %08x", f.baseOffset(), f.stored(),
                    f.computed()));
        }
        return bad;
        // end of user code
    }
}
