package org.kwire.api;

import org.junit.jupiter.api.Test;

import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * dissector-core's module descriptor exports the API and the types its signatures expose to everyone, and every other
 * package only to kwire's own modules: the packages docs/api/java-api.txt names (its types and its "exposed" lines)
 * are exactly the unqualified exports, and no package is left out (a new package unexported would break pcap-reader
 * and analyzer-core on the module path). The tests run inside the module, so the descriptor read here is the jar's.
 */
class ModuleExportsTest {

    @Test
    void theApiIsExportedAndTheInternalsOnlyToKwire() throws Exception {
        ModuleDescriptor d = KafkaDecoder.class.getModule().getDescriptor();
        assertNotNull(d, "dissector-core runs as a named module in its tests");
        assertEquals("org.kwire.dissector", d.name());
        TreeMap<String, Set<String>> exports = new TreeMap<>();
        d.exports().forEach(e -> exports.put(e.source(), e.targets()));
        assertEquals(new TreeSet<>(d.packages()), new TreeSet<>(exports.keySet()), "every package is exported, to someone");
        Set<String> everyone = exports.entrySet().stream().filter(e -> e.getValue().isEmpty()).map(java.util.Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> recorded = Files.readAllLines(Path.of("../docs/api/java-api.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.startsWith("#") && !l.isBlank())
                .map(l -> l.startsWith("exposed | ") ? l.substring(10) : l.substring(0, l.indexOf(' ')))
                .map(type -> type.substring(0, type.lastIndexOf('.')))
                .filter(p -> !p.equals("org.kwire.api.capture")) // pcap-reader's
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(recorded, everyone, "exported to everyone: the API's packages and the packages of the types it exposes");
        exports.forEach((p, targets) -> {
            if (!targets.isEmpty()) {
                assertEquals(Set.of("org.kwire.pcap", "org.kwire.analyzer"), targets, p + " is internal: kwire's modules only");
            }
        });
    }
}
