/**
 * The capture-file stage: capture files or streams in, packets in capture order out; and packets out to pcapng files.
 * {@link org.kwire.pcap.CaptureFiles#open} chooses the reader by the magic number: classic pcap (microsecond or
 * nanosecond timestamps, either byte order) or pcapng (several sections, several interfaces with their own link types,
 * timestamp resolutions and offsets; Enhanced, Simple and obsolete Packet Blocks; comments; Decryption Secrets Blocks
 * kept, never shown), each plain and read through memory-mapped windows (files over 2 GiB work), or gzip-compressed and
 * inflated while reading; a stream (standard input) is read sequentially. {@link org.kwire.pcap.MergedSource} reads
 * several captures as one, by timestamp, as Wireshark's {@code mergecap} merges them.
 * {@link org.kwire.pcap.PcapngWriter} and {@link org.kwire.pcap.RingWriter} write pcapng (one file, or a dumpcap-style
 * ring of files).
 *
 * <h2>In, out</h2>
 * In: a {@link java.nio.file.Path} or an {@link java.io.InputStream} and its name. Out: a
 * {@link org.kwire.pcap.PacketSource} giving {@link org.kwire.pcap.Packet}s (number from 1, epoch-nanosecond timestamp,
 * link type, length on the wire, the captured bytes, interface, comment) until {@code null}, its warnings and the bytes
 * it consumed. A packet's bytes stay valid as long as they are referenced (slices of the mapping, or a fresh array per
 * packet for streams), never reused: the later stages keep frames as slices of them.
 *
 * <h2>Errors</h2>
 * A missing file is a {@link java.nio.file.NoSuchFileException}; a file or stream that is neither pcap nor pcapng,
 * plain or gzip'd, a {@link org.kwire.pcap.CaptureFormatException}; one that cannot be read another
 * {@link java.io.IOException}. Damage inside a capture (a truncated record, a damaged block, gzip data cut short or
 * corrupt, an interface whose declared link type its packets contradict) ends or skips what it must with a warning
 * ({@link org.kwire.pcap.PacketSource#warnings()}: a kind of warning given again is counted, not repeated), never an
 * exception: every packet before the damage is read.
 *
 * <h2>Threads</h2>
 * Readers and writers are not thread-safe: one thread reads a source (or writes a writer); a
 * {@link org.kwire.pcap.RingWriter} may be flushed from another thread.
 *
 * <h2>Rules from</h2>
 * draft-ietf-opsawg-pcap and draft-ietf-opsawg-pcapng (block types, options, {@code if_tsresol},
 * {@code if_tsoffset}, the Decryption Secrets Block), RFC 1952 (gzip), tcpdump.org link-layer header types,
 * Wireshark's {@code mergecap} (chronological merge; wiretap/merge.c) and dumpcap's {@code -b} file naming.
 *
 * <h2>API status</h2>
 * Internal: may change without notice. Library users read captures through pcap-reader's
 * {@code org.kwire.api.capture.KafkaCapture}.
 */
package org.kwire.pcap;
