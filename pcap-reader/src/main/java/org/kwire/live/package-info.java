/**
 * Live capture: packets from a network interface through libpcap, in capture order, as a
 * {@link org.kwire.pcap.PacketSource} like a capture file's. {@link org.kwire.live.LiveCapture} opens an interface
 * (snaplen, capture buffer, immediate mode or buffer timeout: {@link org.kwire.live.CaptureSettings}; nanosecond
 * timestamps; an optional BPF filter) and runs a thread of its own ({@code kwire-capture}) that does nothing but take
 * packets from libpcap and queue them, so that an analysis that falls behind never makes the kernel drop packets: past
 * the queue's bytes packets are queued without their payload and their connections' analysis is dropped, counted.
 * {@link org.kwire.live.CaptureStats} tells the capture's health (libpcap's pcap_stats drops and kwire's own);
 * {@link org.kwire.live.NetworkInterfaces} lists the interfaces libpcap can capture on.
 *
 * <h2>Dependencies</h2>
 * libpcap is reached through pcap4j over JNA (pcap4j logs through SLF4J's API): optional dependencies of pcap-reader,
 * which reading capture files never needs. Without them on the class path, {@link org.kwire.live.LiveCapture#open}
 * and {@link org.kwire.live.NetworkInterfaces#list()} throw one {@link org.kwire.live.LiveCaptureException} of reason
 * {@link org.kwire.live.LiveCaptureException.Reason#NO_PCAP4J} naming the artifacts to add ({@code live capture needs
 * optional dependencies of pcap-reader that are not on the class path: add org.pcap4j:pcap4j-core,
 * net.java.dev.jna:jna, org.slf4j:slf4j-api (reading capture files needs none of them)}, listing those missing); the
 * public classes load without them, and the classes that name pcap4j are touched only after that check.
 *
 * <h2>Errors</h2>
 * Every failure to start is a {@link org.kwire.live.LiveCaptureException} (an {@link java.io.IOException}) whose
 * message is one sentence saying what is wrong and what to do, and whose
 * {@link org.kwire.live.LiveCaptureException.Reason} says which: the libraries missing, libpcap not installed, no
 * capture permission, no such interface, a filter that does not compile, anything else libpcap reported. Drops while
 * capturing are warnings when the capture ends, never exceptions.
 *
 * <h2>Threads</h2>
 * One thread reads a capture ({@link org.kwire.live.LiveCapture#next()}); the capture thread fills the queue;
 * {@link org.kwire.live.LiveCapture#stop()} and {@link org.kwire.live.LiveCapture#stats()} may be called from any
 * thread. While capturing, only the capture thread uses the pcap handle (libpcap's statistics are read there too).
 *
 * <h2>Rules from</h2>
 * libpcap's API (pcap_activate's errors, pcap_dispatch, pcap_stats, pcap_findalldevs) as pcap4j exposes it; BPF
 * filters in tcpdump's syntax.
 *
 * <h2>API status</h2>
 * Internal: may change without notice (it serves {@code kwire live} and {@code kwire interfaces}; the library's front
 * door reads captures, it does not capture).
 */
package org.kwire.live;
