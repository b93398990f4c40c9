/**
 * The TLS capture lab (test code, not shipped): real Kafka 4.4.0 brokers with TLS listeners ({@link
 * org.kwire.lab.SslBroker}, in this JVM through Kafka's test kit) and real clients ({@link
 * org.kwire.lab.TlsJavaWorkload}, {@link org.kwire.lab.TlsResumeWorkload}, kafkajs under node), captured by tcpdump on
 * the loopback interface with the key logs that decrypt them ({@link org.kwire.lab.TlsCaptureLab}, which
 * {@code bench/tls-captures/make} runs to make {@code test-captures/}'s TLS captures; {@code LiveTlsKafkaTest} uses
 * the broker and the Java workload directly).
 * <p>
 * In, out, threads: the lab takes an output folder and scenario names and writes per scenario a pcap, its key log and
 * the client's own summary as JSON; the workloads are programs run in JVMs of their own (so that a key-logging agent
 * can be attached), each on its main thread; a broker is started and closed by one thread. Nothing here holds kwire's
 * buffers.
 */
package org.kwire.lab;
