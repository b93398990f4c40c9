/**
 * The capture pipeline: packets from capture files or a live interface ({@code org.kwire.pcap}, {@code org.kwire.live})
 * → link, IP and TCP headers ({@code org.kwire.net}) → TCP reassembly ({@code org.kwire.tcp}) → dissector-core's
 * stream stage ({@code org.kwire.stream}: Kafka frames, conversations, exchanges). The only package of pcap-reader that
 * knows dissector-core: {@link org.kwire.capture.TcpToStream} is the seam, one TCP connection's reassembled streams
 * handed on as the stage's {@link org.kwire.stream.StreamInput}. {@link org.kwire.capture.PacketPipeline} numbers the
 * packets of one capture (several files form one), adds the key logs of pcapng Decryption Secrets Blocks to the
 * stage's TLS secrets as they are read, and gathers the capture's warnings as expert notes
 * ({@link org.kwire.capture.CaptureFacts}). A {@link org.kwire.capture.CaptureTap} may watch a pipeline (packet times,
 * connection starts, each connection's stream-stage input: what a partial analysis of one rotated file keeps for a
 * merge). One thread feeds a pipeline.
 */
package org.kwire.capture;
