package org.kwire.bench.capture;

import org.apache.kafka.common.record.internal.CompressionType;
import org.kwire.plan.PlanCache;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes a large, valid pcap of Kafka traffic by replaying real conversations ({@link SourceTraffic}) over many
 * synthetic TCP connections to three brokers on port 9092: a fixed number of connections are open at any time, each
 * a {@link ReplayConnection} over a {@link TcpFlow} (handshake, data, ACKs, close); packets of different connections
 * interleave in random bursts of 1-16, 2-20 µs apart. Once the file with the frames queued reaches its size,
 * connections finish the exchanges they started and close, so every request is answered (the file ends a few MiB past
 * its size at most). Deterministic for a given seed.
 */
public final class CaptureGenerator {

    private static final long START_NANOS = 1_740_830_400_000_000_000L; // 2025-03-01T12:00:00Z
    private static final int BROKER_PORT = 9092;
    private static final int PORTS_PER_CLIENT = 28_000;
    private static final int MAX_BURST = 16;

    /**
     * @param bytes       size to reach; the file ends a little past it (the open exchanges, then the closes)
     * @param seed        seeds every random choice
     * @param connections connections open at once
     * @param mss         largest TCP payload per packet
     * @param codecs      the codecs the large record batches use: a template batch in one of them keeps it, the others
     *                    get one of these (chosen by the template's producer id); empty: the templates' own codecs
     */
    public record Settings(long bytes, long seed, int connections, int mss, List<CompressionType> codecs) {
    }

    /**
     * What was written.
     *
     * @param bytes       file size
     * @param packets     packets
     * @param connections TCP connections
     * @param frames      Kafka frames
     */
    public record Result(long bytes, long packets, int connections, long frames) {
    }

    private final List<SourceTraffic.Conversation> sources;
    private final FrameVariants variants;
    private final Settings settings;
    private final SplittableRandom random;
    private int opened;
    private long frames;
    /** Payload bytes of frames queued in flows and not yet written. */
    private long queued;

    /** One open connection. */
    private static final class Live {
        final TcpFlow flow;
        final ReplayConnection replay;
        boolean closed;

        Live(TcpFlow flow, ReplayConnection replay) {
            this.flow = flow;
            this.replay = replay;
        }
    }

    private CaptureGenerator(List<SourceTraffic.Conversation> sources, PlanCache plans, Settings settings) {
        this.sources = sources;
        this.settings = settings;
        this.random = new SplittableRandom(settings.seed());
        this.variants = new FrameVariants(plans, settings.seed(), settings.codecs());
    }

    /** Writes a capture of about {@code settings.bytes()} to {@code out}, replaying {@code sources}. */
    public static Result write(Path out, List<SourceTraffic.Conversation> sources, PlanCache plans, Settings settings)
            throws IOException {
        return new CaptureGenerator(sources, plans, settings).write(out);
    }

    private Result write(Path out) throws IOException {
        try (PcapWriter writer = new PcapWriter(out)) {
            List<Live> live = new ArrayList<>();
            for (int i = 0; i < settings.connections(); i++) {
                live.add(open());
            }
            long nanos = START_NANOS;
            while (!live.isEmpty()) {
                boolean windDown = writer.bytes() + queued >= settings.bytes();
                int i = random.nextInt(live.size());
                Live c = live.get(i);
                if (c.flow.idle() && !refill(c, windDown)) {
                    live.set(i, live.get(live.size() - 1));
                    live.remove(live.size() - 1);
                    if (!windDown) {
                        live.add(open());
                    }
                    continue;
                }
                int burst = 1 + random.nextInt(MAX_BURST);
                for (TcpFlow.Segment s; burst-- > 0 && (s = c.flow.poll()) != null; ) {
                    nanos += 2_000 + random.nextInt(18_000);
                    writer.write(nanos, c.flow, s);
                    queued -= s.length();
                }
            }
            return new Result(writer.bytes(), writer.packets(), opened, frames);
        }
    }

    /** Queues the connection's next frame, or its close; false once it is closed and flushed. */
    private boolean refill(Live c, boolean windDown) {
        if (c.closed) {
            return false;
        }
        ReplayConnection.Next next = c.replay.next(windDown);
        if (next == null) {
            c.flow.close();
            c.closed = true;
        } else {
            c.flow.send(next.fromClient(), next.bytes());
            queued += next.bytes().length;
            frames++;
        }
        return true;
    }

    private Live open() {
        int n = opened++;
        SourceTraffic.Conversation source = sources.get(random.nextInt(sources.size()));
        int repeats = ReplayConnection.carriesData(source) ? 20 + random.nextInt(181) : 0;
        int clientIp = 0x0A000100 + n / PORTS_PER_CLIENT; // 10.0.1.0 and up
        int brokerIp = 0x0A010001 + random.nextInt(3);   // 10.1.0.1 .. 10.1.0.3
        TcpFlow flow = new TcpFlow(clientIp, 32_768 + n % PORTS_PER_CLIENT, brokerIp, BROKER_PORT, random.nextLong(),
                settings.mss());
        flow.open();
        return new Live(flow, new ReplayConnection(source, repeats, variants, random.split()));
    }
}
