package org.kwire.bench.jmh;

import org.kwire.bench.capture.SourceTraffic;
import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.FrameDissector;
import org.kwire.dissect.Interpreter;
import org.kwire.frame.FrameInfo;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.MessagePlan;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.KafkaResponseHeader;
import org.kwire.protocol.WireReader;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.records.RecordsTree;
import org.kwire.schema.Direction;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Full dissection of the Java client's Produce requests (v13) or Fetch responses (v18), all five codecs, at their
 * captured size or with larger records fields. One pass over the frames per operation, three ways: the interpreter
 * alone walking the schema (records skipped), the {@code analyze} fast path (interpreter with the facts visitor, every
 * batch's CRC and decompression), and the {@code dissect} tree (every field and record a node).
 */
@State(Scope.Benchmark)
public class DissectBench extends JmhSettings {

    /** {@code produce} (requests) or {@code fetch} (responses). */
    @Param({"produce", "fetch"})
    public String api;

    /** Records per field: {@code original} (as captured, a few records), or 64 KiB or 1 MiB of them. */
    @Param({"original", "64k", "1m"})
    public String size;

    private final List<SourceTraffic.Frame> frames = new ArrayList<>();
    private final List<ByteBuffer> bytes = new ArrayList<>();
    private final List<Integer> headerLengths = new ArrayList<>();
    private final DissectionVisitor nothing = new DissectionVisitor() {
    };
    private FrameSummarizer summarizer;
    private FrameDissector dissector;

    /** Picks the frames and decodes their headers; prints their total size. */
    @Setup
    public void setup() throws WireReader.Truncated {
        Direction direction = api.equals("produce") ? Direction.REQUEST : Direction.RESPONSE;
        HeaderDecoder headers = new HeaderDecoder(BenchInputs.PLANS.schemas());
        long total = 0;
        for (SourceTraffic.Frame f : BenchInputs.javaFramesWithBatches(api.equals("produce") ? 0 : 1, direction)) {
            ByteBuffer b = ByteBuffer.wrap(BenchInputs.sized(f, BenchInputs.sizeIndex(size))).asReadOnlyBuffer();
            frames.add(f);
            bytes.add(b);
            headerLengths.add(direction == Direction.REQUEST ? headers.request(b).length()
                    : headers.response(b, f.apiKey(), f.apiVersion()).length());
            total += b.limit();
        }
        RecordsDecoder records = new RecordsDecoder(RecordsOptions.defaults());
        summarizer = new FrameSummarizer(BenchInputs.PLANS, records, new TopicNames());
        dissector = new FrameDissector(BenchInputs.PLANS, new RecordsTree(records), true);
        System.out.println(api + " " + size + ": " + frames.size() + " frames, " + total + " bytes");
    }

    private MessagePlan plan(SourceTraffic.Frame f) {
        return BenchInputs.PLANS.plan(f.apiKey(), f.direction(), f.apiVersion()).orElseThrow();
    }

    /** The interpreter walking each body with a visitor that does nothing (records fields skipped). */
    @Benchmark
    public int walk() {
        int end = 0;
        for (int i = 0; i < frames.size(); i++) {
            ByteBuffer b = bytes.get(i);
            end += Interpreter.decode(b, 4 + headerLengths.get(i), b.limit(), plan(frames.get(i)), nothing);
        }
        return end;
    }

    /** The analyze fast path: the interpreter with the facts visitor, every batch's CRC checked and decompressed. */
    @Benchmark
    public void summarize(Blackhole bh) {
        for (int i = 0; i < frames.size(); i++) {
            SourceTraffic.Frame f = frames.get(i);
            ByteBuffer b = bytes.get(i);
            KafkaFrame frame = new KafkaFrame(b, new FrameInfo(b.limit(), 0, 1, 1, 0, 0));
            bh.consume(summarizer.summarize(frame, 4 + headerLengths.get(i), f.apiKey(), f.direction(), f.apiVersion(), 0));
        }
    }

    /** The dissect tree: every field, batch and record a node. */
    @Benchmark
    public void tree(Blackhole bh) throws WireReader.Truncated {
        HeaderDecoder headers = new HeaderDecoder(BenchInputs.PLANS.schemas());
        for (int i = 0; i < frames.size(); i++) {
            SourceTraffic.Frame f = frames.get(i);
            ByteBuffer b = bytes.get(i);
            if (f.direction() == Direction.REQUEST) {
                KafkaRequestHeader h = headers.request(b);
                bh.consume(dissector.requestTree(b, h, 1));
            } else {
                KafkaResponseHeader h = headers.response(b, f.apiKey(), f.apiVersion());
                bh.consume(dissector.responseTree(b, h, f.apiKey(), f.apiVersion(), 1));
            }
        }
    }
}
