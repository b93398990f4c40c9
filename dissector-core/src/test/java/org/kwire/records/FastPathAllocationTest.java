package org.kwire.records;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's fast path (no tree) allocates nothing per record: its heap use does not grow with the records. */
class FastPathAllocationTest {

    @Test
    void decodingTenThousandRecordsAllocatesLessThanOneBytePerRecord() {
        Header[] headers = {new RecordHeader("h", new byte[] {1}), new RecordHeader("n", null)};
        SimpleRecord[] records = IntStream.range(0, 10_000)
                .mapToObj(i -> new SimpleRecord(i, ("key-" + i).getBytes(), ("value-" + i).getBytes(), headers))
                .toArray(SimpleRecord[]::new);
        ByteBuffer buf = MemoryRecords.withRecords(Compression.NONE, records).buffer();
        RecordsDecoder decoder = new RecordsDecoder(RecordsOptions.defaults());
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        for (int warm = 0; warm < 20; warm++) {
            decoder.decode(buf, 0, buf.limit(), 1, null);
        }

        long before = threads.getThreadAllocatedBytes(id);
        RecordsSummary summary = decoder.decode(buf, 0, buf.limit(), 1, null);
        long allocated = threads.getThreadAllocatedBytes(id) - before;

        assertEquals(10_000, summary.records());
        assertEquals(1, summary.crcValid());
        assertTrue(allocated < 8_192, allocated + " bytes allocated for 10,000 records");
    }
}
