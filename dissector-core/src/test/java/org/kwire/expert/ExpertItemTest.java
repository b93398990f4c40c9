package org.kwire.expert;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The registry of expert items: well-formed unique ids, each in the generated docs/reference/expert-items.md with its severity and group. */
class ExpertItemTest {

    @Test
    void idsAreWellFormedAndFoundAgain() {
        List<String> bad = new ArrayList<>();
        for (ExpertItem item : ExpertItem.values()) {
            if (!item.id().matches("(capture|ip|tcp|tls|kafka|dissect)(\\.[a-z0-9_]+)+")) {
                bad.add(item.id());
            }
            assertSame(item, ExpertItem.byId(item.id()));
        }
        assertEquals(List.of(), bad);
        assertNull(ExpertItem.byId("warning/sequence"));
    }

    @Test
    void keysOfOlderReportsStillTellTheirSeverity() {
        assertEquals(Severity.WARNING, ExpertItem.severityOfKey("tcp.gap"));
        assertEquals(Severity.CHAT, ExpertItem.severityOfKey("tls.key_update"));
        assertEquals(Severity.ERROR, ExpertItem.severityOfKey("error/malformed"));
        assertNull(ExpertItem.severityOfKey("no.such.item"));
    }

    @Test
    void theReferenceListsEveryItem() throws IOException {
        String readme = Files.readString(Path.of("../docs/reference/expert-items.md"));
        List<String> missing = new ArrayList<>();
        for (ExpertItem item : ExpertItem.values()) {
            String row = "| `" + item.id() + "` | " + item.severity().label() + " | " + item.group().label() + " | ";
            if (!readme.contains(row)) {
                missing.add(item.id());
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void aNoteReadsAsBeforeWithItsItemsSeverityAndGroup() {
        ExpertNote n = new ExpertNote(ExpertItem.TCP_GAP, 45, 64, "stream 2 client->broker", "gap of 67 bytes (missing segments)");
        assertEquals("warning [sequence] frame 45 offset 64 (stream 2 client->broker): gap of 67 bytes (missing segments)",
                n.toString());
    }
}
