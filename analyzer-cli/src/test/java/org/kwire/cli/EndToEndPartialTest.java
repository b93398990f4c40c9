package org.kwire.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What {@code kwire merge} checks of a partial's {@code end_to_end} beyond its schema (PartialChecks), on the real
 * partial of java-basic.pcap damaged one way each.
 */
class EndToEndPartialTest {

    /**
     * A partial whose {@code end_to_end} is damaged is refused in one line naming the field (exit code 3): produced
     * offsets out of order, a latency histogram counting more batches than were delivered.
     */
    @Test
    void aDamagedPartialIsRefusedNamingItsField(@TempDir Path dir) throws Exception {
        Path basic = HostilePartials.real(dir).get("java-basic.pcap");
        ObjectNode p = (ObjectNode) HostilePartials.tree(basic);
        ObjectNode range = (ObjectNode) p.at("/report/end_to_end/partitions/0/produced/0");
        range.put("first", range.get("last").asLong() + 1);
        Path reversed = HostilePartials.write(dir, "reversed.json", HostilePartials.JSON.writeValueAsString(p));
        assertEquals("kwire: " + reversed + ": /report/end_to_end/partitions/0/produced/0: not a range of offsets after "
                + "the one before it, apart from it\n", CliRun.of("merge", reversed.toString()).err());
        p = (ObjectNode) HostilePartials.tree(basic);
        ((ObjectNode) p.at("/report/end_to_end/topics/0")).put("delivered", 1);
        Path over = HostilePartials.write(dir, "over.json", HostilePartials.JSON.writeValueAsString(p));
        CliRun run = CliRun.of("merge", over.toString());
        assertEquals(List.of(ExitCodes.INPUT, "kwire: " + over + ": /report/end_to_end/topics/0/latency/histogram: counts "
                + "more latencies than the topic's 1 delivered batches\n"), List.of(run.exit(), run.err()));
    }
}
