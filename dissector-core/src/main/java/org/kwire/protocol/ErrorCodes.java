package org.kwire.protocol;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Names of Kafka's error codes (Kafka protocol guide, "Error Codes"; the table in {@code error-codes.txt} is Kafka
 * 4.4.0's {@code Errors} enum), e.g. 6 → {@code NOT_LEADER_OR_FOLLOWER}.
 */
public final class ErrorCodes {

    private static final Map<Integer, String> NAMES = load();

    private ErrorCodes() {
    }

    /** The error's name, or {@code UNKNOWN_ERROR_CODE(n)} for a code Kafka does not define. */
    public static String name(int code) {
        String n = NAMES.get(code);
        return n != null ? n : "UNKNOWN_ERROR_CODE(" + code + ")";
    }

    /** Number of codes in the table. */
    public static int size() {
        return NAMES.size();
    }

    private static Map<Integer, String> load() {
        Map<Integer, String> m = new HashMap<>();
        try (InputStream in = ErrorCodes.class.getResourceAsStream("error-codes.txt")) {
            if (in == null) {
                throw new IOException("missing resource error-codes.txt");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] p = line.trim().split(" ");
                    m.put(Integer.parseInt(p[0]), p[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Kafka error-code table unreadable", e);
        }
        return Map.copyOf(m);
    }
}
