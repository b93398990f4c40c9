package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same damage as {@link PartialMutationTest}'s, done to reports read back by {@code kwire report} (issue 20):
 * real reports of test-captures with a field of another kind, a negative or huge number, cut short, a flipped byte,
 * a huge array, deep nesting or a name twice. Each is refused in one line naming it (and the field), exit code 3, no
 * Java exception; or its page is written. Seed {@code -Dkwire.seed=N} (default 20).
 */
class ReportMutationTest {

    private static final long SEED = Long.getLong("kwire.seed", 20);
    private static final int RUNS = Integer.getInteger("kwire.runs", 120);

    @TempDir
    static Path dir;
    private static final Map<String, JsonNode> REPORTS = new LinkedHashMap<>();

    @BeforeAll
    static void makeReports() throws IOException {
        for (String c : HostilePartials.CAPTURES) {
            CliRun run = CliRun.of("analyze", "-q", "--format", "json", TestCaptures.path(c).toString());
            assertEquals(0, run.exit(), run.err());
            REPORTS.put(c, HostilePartials.JSON.readTree(run.out()));
        }
    }

    @Test
    void everyDamagedReportIsRefusedInOneLineNamingItOrRendered() throws IOException {
        Random r = new Random(SEED);
        List<String> names = new ArrayList<>(REPORTS.keySet());
        int refused = 0;
        Path page = dir.resolve("page.html");
        for (int run = 0; run < RUNS; run++) {
            String base = names.get(r.nextInt(names.size()));
            JsonNode tree = REPORTS.get(base);
            List<Map.Entry<String, JsonNode>> all = HostilePartials.values(tree);
            String text;
            String field;
            String what;
            switch (r.nextInt(6)) {
                case 0, 1 -> {
                    Map.Entry<String, JsonNode> v = all.get(1 + r.nextInt(all.size() - 1));
                    JsonNode w = HostilePartials.wrong(v.getValue(), r);
                    text = HostilePartials.JSON.writeValueAsString(HostilePartials.with(tree, v.getKey(), w));
                    field = v.getKey();
                    what = field + " = " + w;
                }
                case 2 -> {
                    String t = HostilePartials.JSON.writeValueAsString(tree);
                    int at = r.nextInt(t.length());
                    text = t.substring(0, at);
                    field = null;
                    what = "cut at " + at;
                }
                case 3 -> {
                    List<Map.Entry<String, JsonNode>> arrays = all.stream().filter(e -> e.getValue().isArray()
                            && !e.getValue().isEmpty()).toList();
                    Map.Entry<String, JsonNode> v = arrays.get(r.nextInt(arrays.size()));
                    com.fasterxml.jackson.databind.node.ArrayNode big = v.getValue().deepCopy();
                    int copies = Math.max(200, (1 + r.nextInt(50_000)) / HostilePartials.values(v.getValue().get(0)).size());
                    for (int i = 0; i < copies; i++) {
                        big.add(v.getValue().get(0));
                    }
                    text = HostilePartials.JSON.writeValueAsString(HostilePartials.with(tree, v.getKey(), big));
                    field = v.getKey();
                    what = field + " with " + copies + " more";
                }
                case 4 -> {
                    Map.Entry<String, JsonNode> v = all.get(1 + r.nextInt(all.size() - 1));
                    int depth = new int[] {70, 100_000}[r.nextInt(2)];
                    text = HostilePartials.JSON.writeValueAsString(HostilePartials.with(tree, v.getKey(),
                            HostilePartials.JSON.getNodeFactory().textNode("@@deep@@"))).replace("\"@@deep@@\"",
                            HostilePartials.nested(depth));
                    field = v.getKey();
                    what = field + " nested " + depth;
                }
                default -> {
                    List<Map.Entry<String, JsonNode>> objects = all.stream().filter(e -> e.getValue().isObject()
                            && !e.getValue().isEmpty()).toList();
                    Map.Entry<String, JsonNode> v = objects.get(r.nextInt(objects.size()));
                    text = HostilePartials.duplicated(tree, v.getKey());
                    field = v.getKey();
                    what = field + " with a name twice";
                }
            }
            Path damaged = HostilePartials.write(dir, "damaged-" + run + ".json", text);
            String label = "run " + run + " (seed " + SEED + ") of the report of " + base + ": " + what;
            long start = System.nanoTime();
            CliRun report = CliRun.of("report", damaged.toString(), "-o", page.toString());
            long took = (System.nanoTime() - start) / 1_000_000;
            assertTrue(took < 4000, label + " took " + took + " ms"); // a hang guard, as in PartialMutationTest
            if (HostilePartials.assertRefusedOrRendered(report, damaged, field, label) != null) {
                refused++;
            }
            Files.delete(damaged);
        }
        assertTrue(refused > RUNS / 3, refused + " of " + RUNS + " refused: the damage is too mild to test anything");
        System.out.println("ReportMutationTest: " + refused + " of " + RUNS + " damaged reports refused (seed " + SEED + ")");
    }
}
