package org.kwire.bench.jmh;

import org.kwire.bench.capture.SourceTraffic;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.FrameAssembler;
import org.kwire.frame.FrameSink;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.WireReader;
import org.kwire.schema.Direction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Cutting a byte stream into Kafka frames, and decoding their headers. The stream: every request frame of the source
 * conversations, each Produce request also with 64 KiB of records, handed over in 1448-byte chunks as TCP
 * reassembly hands over Ethernet-sized segments. One pass over the stream or the frames per operation.
 */
@State(Scope.Benchmark)
public class FrameBench extends JmhSettings {

    private static final int SEGMENT = 1448;
    private static final int MAX_FRAME = 100 << 20;

    private final List<ByteBuffer> chunks = new ArrayList<>();
    private final List<ByteBuffer> requests = new ArrayList<>();
    private final List<ByteBuffer> responses = new ArrayList<>();
    private final List<SourceTraffic.Frame> responseFrames = new ArrayList<>();
    private final HeaderDecoder headers = new HeaderDecoder(BenchInputs.PLANS.schemas());

    /** Builds the stream and the frame lists and prints their sizes. */
    @Setup
    public void setup() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (SourceTraffic.Frame f : BenchInputs.frames()) {
            if (f.direction() == Direction.REQUEST) {
                requests.add(ByteBuffer.wrap(f.bytes()));
                stream.writeBytes(f.bytes());
                if (f.apiKey() == 0 && BenchInputs.variants().carriesBatches(f)) {
                    stream.writeBytes(BenchInputs.sized(f, 1));
                }
            } else {
                responses.add(ByteBuffer.wrap(f.bytes()));
                responseFrames.add(f);
            }
        }
        byte[] bytes = stream.toByteArray();
        for (int off = 0; off < bytes.length; off += SEGMENT) {
            chunks.add(ByteBuffer.wrap(bytes, off, Math.min(SEGMENT, bytes.length - off)).slice());
        }
        System.out.println("stream: " + bytes.length + " bytes in " + chunks.size() + " chunks; " + requests.size()
                + " requests, " + responses.size() + " responses");
    }

    /** Cuts the stream into frames. */
    @Benchmark
    public long assemble() {
        long[] frames = new long[1];
        FrameAssembler assembler = new FrameAssembler(HeaderDecoder.MIN_REQUEST_FRAME - 4, MAX_FRAME, true, null,
                new FrameSink() {
                    @Override
                    public void onFrame(KafkaFrame frame) {
                        frames[0]++;
                    }

                    @Override
                    public void onNote(ExpertNote note) {
                        throw new IllegalStateException(note.toString());
                    }
                }, "bench");
        for (int i = 0; i < chunks.size(); i++) {
            assembler.accept(chunks.get(i), i, i);
        }
        return frames[0];
    }

    /** Decodes every request header (api key, version, correlation_id, client_id, tagged fields). */
    @Benchmark
    public void requestHeaders(Blackhole bh) throws WireReader.Truncated {
        for (ByteBuffer frame : requests) {
            bh.consume(headers.request(frame));
        }
    }

    /** Decodes every response header, whose version follows its request's API and version. */
    @Benchmark
    public void responseHeaders(Blackhole bh) throws WireReader.Truncated {
        for (int i = 0; i < responses.size(); i++) {
            SourceTraffic.Frame f = responseFrames.get(i);
            bh.consume(headers.response(responses.get(i), f.apiKey(), f.apiVersion()));
        }
    }
}
