import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;

/**
 * Makes the hostile partials of bench/hostile-partials from a real one (JDK only, run with java's source launcher):
 * {@code java HostilePartials.java BASE.json OUTDIR MAXBYTES MAXTOKENS PACKETS}. The partial's text is edited in place (the
 * first timeline, the first boundary's list of connections), so that everything else stays as kwire wrote it.
 * <ul>
 * <li>{@code connections.json}: two million connections in the boundary (about 200 MiB), the campaign's 86 s OOM;</li>
 * <li>{@code tokens.json}: as many connections as fit just under MAXTOKENS JSON tokens (parsed and validated whole);</li>
 * <li>{@code string.json}: a timeline whose data is one string of MAXBYTES / 4 characters, one past the limit;</li>
 * <li>{@code strings.json}: four strings just within it (the timeline's and three topic names): the most memory a
 * partial within the limits takes for its strings;</li>
 * <li>{@code bomb.json}: a timeline of 300 MiB of deflated zeros (the campaign's 445 KB partial);</li>
 * <li>{@code claim.json}: a timeline claiming 2^31 - 1 packets;</li>
 * <li>{@code packets.json}: a valid partial of PACKETS packets (all at its first timestamp), which the merge numbers:
 * what the packet budget is measured on.</li>
 * </ul>
 */
public class HostilePartials {

    public static void main(String[] args) throws IOException {
        String base = Files.readString(Path.of(args[0]));
        Path out = Path.of(args[1]);
        long maxBytes = Long.parseLong(args[2]);
        long maxTokens = Long.parseLong(args[3]);
        connections(base, out.resolve("connections.json"), 2_000_000);
        connections(base, out.resolve("tokens.json"), (int) (maxTokens / 12 - 10_000)); // 12 tokens a connection
        replaceData(base, out.resolve("string.json"), "A".repeat((int) (maxBytes / 4 + 4)));
        String quarter = "A".repeat((int) ((maxBytes - base.length()) / 4 - 1024) / 4 * 4);
        replaceData(base.replaceFirst("\"topic_names\":\\{", "\"topic_names\":{\"x1\":\"" + quarter + "\",\"x2\":\""
                + quarter + "\",\"x3\":\"" + quarter + "\","), out.resolve("strings.json"), quarter);
        replaceData(base, out.resolve("bomb.json"), deflatedZeros(300L << 20));
        packets(base, out.resolve("packets.json"), Long.parseLong(args[4]));
        Files.writeString(out.resolve("claim.json"), base.replaceFirst("\"timeline\":\\{\"packets\":\\d+",
                "\"timeline\":{\"packets\":2147483647"));
    }

    /** The first boundary's connections, with {@code n} more after them. */
    private static void connections(String base, Path file, int n) throws IOException {
        int at = base.indexOf("\"connections\":[") + "\"connections\":[".length();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(base, 0, at);
            for (int i = 0; i < n; i++) {
                w.write("{\"stream\":" + (1000 + i) + ",\"a\":\"10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255)
                        + ":" + (40000 + i % 20000) + "\",\"b\":\"10.0.0.1:9092\",\"syn\":true,\"open_at_end\":false},");
            }
            w.write(base, at, base.length() - at);
        }
    }

    /** The first timeline's data replaced. */
    private static void replaceData(String base, Path file, String data) throws IOException {
        Matcher m = Pattern.compile("(\"timeline\":\\{[^}]*\"data\":\")([^\"]*)\"").matcher(base);
        if (!m.find()) {
            throw new IllegalArgumentException("no timeline in " + file);
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(base, 0, m.start(2));
            w.write(data);
            w.write(base, m.end(2), base.length() - m.end(2));
        }
    }

    /** The partial with {@code n} packets in its one slice: steps of 0, the connection starts as they were. */
    private static void packets(String base, Path file, long n) throws IOException {
        Matcher m = Pattern.compile("\"timeline\":\\{\"packets\":(\\d+),\"streams\":(\\d+),\"first_nanos\":(-?\\d+),"
                + "\"step_bytes\":(\\d+),\"data\":\"([^\"]*)\"\\}").matcher(base);
        if (!m.find()) {
            throw new IllegalArgumentException("no timeline in " + file);
        }
        long packets = Long.parseLong(m.group(1));
        int steps = Integer.parseInt(m.group(4));
        java.util.zip.Inflater inf = new java.util.zip.Inflater();
        inf.setInput(Base64.getDecoder().decode(m.group(5)));
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        byte[] buf = new byte[65536];
        try {
            while (!inf.finished()) {
                raw.write(buf, 0, inf.inflate(buf));
            }
        } catch (java.util.zip.DataFormatException e) {
            throw new IOException(e);
        }
        byte[] starts = java.util.Arrays.copyOfRange(raw.toByteArray(), steps, raw.size());
        Deflater d = new Deflater(Deflater.BEST_SPEED);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] zeros = new byte[1 << 20];
        for (long left = n - 1; left > 0; left -= zeros.length) {
            d.setInput(zeros, 0, (int) Math.min(zeros.length, left));
            while (!d.needsInput()) {
                out.write(buf, 0, d.deflate(buf));
            }
        }
        d.setInput(starts);
        d.finish();
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        String timeline = "\"timeline\":{\"packets\":" + n + ",\"streams\":" + m.group(2) + ",\"first_nanos\":" + m.group(3)
                + ",\"step_bytes\":" + (n - 1) + ",\"data\":\"" + Base64.getEncoder().encodeToString(out.toByteArray()) + "\"}";
        String s = base.substring(0, m.start()) + timeline + base.substring(m.end());
        s = s.replaceFirst("\"packets\":" + packets + ",\"first_timestamp_nanos\"", "\"packets\":" + n + ",\"first_timestamp_nanos\"")
                .replaceFirst("\"slices\":\\[\\{\"packets\":" + packets + ",", "\"slices\":[{\"packets\":" + n + ",");
        Files.writeString(file, s);
    }

    private static String deflatedZeros(long n) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        byte[] zeros = new byte[1 << 20];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[65536];
        for (long left = n; left > 0; left -= zeros.length) {
            d.setInput(zeros, 0, (int) Math.min(zeros.length, left));
            while (!d.needsInput()) {
                out.write(buf, 0, d.deflate(buf));
            }
        }
        d.finish();
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }
}
