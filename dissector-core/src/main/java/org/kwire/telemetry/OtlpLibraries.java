package org.kwire.telemetry;

/**
 * Whether opentelemetry-proto and protobuf-java, optional dependencies of dissector-core, are on the class path:
 * looked for once each, by one of their classes, without initializing it (as {@code org.kwire.records.CodecLibraries}
 * does for the codecs).
 */
final class OtlpLibraries {

    private static final boolean PROTOBUF = present("com.google.protobuf.CodedInputStream");
    private static final boolean OTLP = present("io.opentelemetry.proto.metrics.v1.MetricsData");

    private OtlpLibraries() {
    }

    /** The Maven coordinates of the absent ones ({@code "a and b"}), or null when both are present. */
    static String missing() {
        if (PROTOBUF && OTLP) {
            return null;
        }
        String otlp = "io.opentelemetry.proto:opentelemetry-proto";
        String protobuf = "com.google.protobuf:protobuf-java";
        return !PROTOBUF && !OTLP ? otlp + " and " + protobuf + " are" : (OTLP ? protobuf : otlp) + " is";
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, OtlpLibraries.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
