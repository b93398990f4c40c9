package org.kwire.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The samples of a Prometheus text exposition, by series ({@code name{label="value",...}} as written) to value. */
final class Exposition {

    private static final Pattern LABEL = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private Exposition() {
    }

    static Map<String, Double> parse(String text) {
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
        return samples;
    }

    /** The sum of a metric's samples whose labels include {@code label="value"} (every sample if label is null). */
    static double sum(Map<String, Double> samples, String metric, String label, String value) {
        double sum = 0;
        for (Map.Entry<String, Double> e : samples.entrySet()) {
            String key = e.getKey();
            if (!key.equals(metric) && !key.startsWith(metric + "{")) {
                continue;
            }
            if (label == null || labels(key).getOrDefault(label, "").equals(value)) {
                sum += e.getValue();
            }
        }
        return sum;
    }

    static Map<String, String> labels(String series) {
        Map<String, String> labels = new LinkedHashMap<>();
        Matcher m = LABEL.matcher(series.contains("{") ? series.substring(series.indexOf('{')) : "");
        while (m.find()) {
            labels.put(m.group(1), m.group(2));
        }
        return labels;
    }
}
