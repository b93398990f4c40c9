/**
 * kwire's dissector: Kafka's wire protocol decoded from its own schemas. The API is {@code org.kwire.api} and the types
 * its signatures expose; the other packages are internal, exported only to kwire's own modules (docs/LIBRARY.md,
 * "Stability"). On the class path (where most builds put it) this descriptor is ignored and every package is visible:
 * each package's documentation says whether it is API or internal.
 */
module org.kwire.dissector {
    requires transitive com.fasterxml.jackson.databind;
    requires HdrHistogram;
    requires static org.xerial.snappy;
    requires static org.lz4.java;
    requires static com.github.luben.zstd_jni;
    requires static io.opentelemetry.proto;
    requires static com.google.protobuf;

    exports org.kwire.api;
    // types the API's signatures expose (docs/api/java-api.txt, "exposed")
    exports org.kwire.expert;
    exports org.kwire.records;
    exports org.kwire.report;
    exports org.kwire.schema;
    exports org.kwire.summary;
    exports org.kwire.tree;
    // internals, for kwire's own modules
    exports org.kwire.conversation to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.delivery to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.dissect to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.encode to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.frame to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.framing to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.groups to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.internaltopics to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.plan to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.protocol to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.stream to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.telemetry to org.kwire.pcap, org.kwire.analyzer;
    exports org.kwire.tls to org.kwire.pcap, org.kwire.analyzer;
}
