package org.kwire.telemetry;

/** The data of an OTLP {@code Metric} (its {@code data} oneof, metrics.proto); {@link #NONE} when it has none. */
public enum MetricType {
    GAUGE("gauge"),
    SUM("sum"),
    HISTOGRAM("histogram"),
    EXPONENTIAL_HISTOGRAM("exponential_histogram"),
    SUMMARY("summary"),
    NONE("none");

    private final String label;

    MetricType(String label) {
        this.label = label;
    }

    /** The name the report and trees use ({@code "gauge"}, {@code "sum"}, ...). */
    public String label() {
        return label;
    }

    /** True for histogram-like data, whose points have a count and a sum instead of a value. */
    public boolean counted() {
        return this == HISTOGRAM || this == EXPONENTIAL_HISTOGRAM || this == SUMMARY;
    }

    /** The type of a report's label ({@link #label()}); {@link #NONE} if no type has it. */
    public static MetricType of(String label) {
        for (MetricType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        return NONE;
    }
}
