package org.kwire.records;

import java.util.List;

/**
 * Kafka's own records of one records field, decoded ({@link RecordsDecoder#internalRecords}): at most the internal
 * decoder's maxNodes of them in wire order, and how many more there were. Immutable.
 *
 * @param records  the records kept, in wire order
 * @param leftOut  records found past the limit, counted, not decoded
 */
public record InternalRecordsFound(List<InternalRecordAt> records, long leftOut) {

    /** @throws NullPointerException if records is null */
    public InternalRecordsFound {
        records = List.copyOf(records);
    }
}
