package org.kwire.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules the examples keep, checked on their sources so that they cannot drift: each example's user code is at
 * most 10 lines with at most 4 kwire types, as its {@code // user code (N lines, M kwire types: ...)} marker says;
 * and the Netty handler's code shown in docs/LIBRARY.md is {@code KafkaTap}'s, line for line.
 */
class ExampleRulesTest {

    private static final Pattern MARKER = Pattern.compile("// user code \\((\\d+) lines, (\\d+) kwire types: ([^)]*)\\)");
    private static final Path SOURCES = Path.of("src/main/java/org/kwire/examples");

    @Test
    void everyExampleIsAtMostTenLinesAndFourKwireTypes() throws IOException {
        List<String> examples = new ArrayList<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.filter(f -> Files.isRegularFile(f) && !f.endsWith("package-info.java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(file);
                int start = indexOf(lines, "// user code (");
                int end = indexOf(lines, "// end of user code");
                Matcher m = MARKER.matcher(lines.get(start));
                assertTrue(m.find() && end > start, file.toString());
                long code = lines.subList(start + 1, end).stream().filter(l -> !l.isBlank()).count();
                Set<String> imported = new TreeSet<>();
                lines.stream().filter(l -> l.startsWith("import org.kwire."))
                        .forEach(l -> imported.add(l.replaceAll(".*\\.|;", "")));
                assertEquals(Long.parseLong(m.group(1)), code, file + ": lines of user code");
                assertEquals(new TreeSet<>(List.of(m.group(3).split(", "))), imported, file + ": kwire types");
                assertEquals(Integer.parseInt(m.group(2)), imported.size(), file.toString());
                assertTrue(code <= 10 && imported.size() <= 4, file + ": " + code + " lines, " + imported);
                examples.add(file.getFileName().toString());
            }
        }
        assertEquals(List.of("CaptureLatencies.java", "DecodeRequest.java", "DecodeResponse.java", "ProxyBytes.java",
                "RecordsCrc.java"), examples);
    }

    @Test
    void theNettyHandlerInLibraryMdIsKafkaTaps() throws IOException {
        Path root = Path.of(System.getProperty("kwire.testCaptures", "../test-captures")).getParent();
        String doc = Files.readString(root.resolve("docs/LIBRARY.md"));
        int at = doc.indexOf("public void channelRead(ChannelHandlerContext ctx, Object msg) {");
        assertTrue(at > 0, "docs/LIBRARY.md shows KafkaTap.channelRead");
        List<String> shown = doc.substring(at, doc.indexOf("```", at)).lines().map(String::strip).toList();
        List<String> source = Files.readAllLines(SOURCES.resolve("netty/KafkaTap.java")).stream().map(String::strip)
                .toList();
        int first = source.indexOf(shown.get(0));
        assertTrue(first > 0, "KafkaTap.channelRead");
        assertEquals(shown, source.subList(first, first + shown.size()));
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }
}
