package org.kwire.bench.capture;

import org.kwire.bench.capture.SourceTraffic.Frame;
import org.kwire.schema.Direction;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The Kafka side of one synthetic connection: a source conversation's frames once, in their captured order (pipelined
 * requests included), then its Produce and Fetch exchanges over and over, with large variants of the frames that carry
 * record batches. Correlation ids are renumbered per connection, so every response answers the request it answered in
 * the source capture.
 */
final class ReplayConnection {

    /** Percent of repeated data frames replayed at their original size; the rest are large variants. */
    private static final int ORIGINAL_PERCENT = 20;
    /** Cumulative percents choosing each of {@link FrameVariants#FIELD_BYTES} for the rest. */
    private static final int[] SIZE_PERCENTS = {45, 70, 90, 100};

    /**
     * A frame to send.
     *
     * @param fromClient true for a request
     * @param bytes      the frame, correlation id renumbered
     */
    record Next(boolean fromClient, byte[] bytes) {
    }

    private final List<Frame> frames;
    private final List<Frame> exchanges = new ArrayList<>();
    private final int repeats;
    private final FrameVariants variants;
    private final SplittableRandom random;
    private final Map<Integer, Integer> ids = new HashMap<>();
    private int step;
    private int outstanding;
    private int nextId;

    /**
     * @param source   the conversation replayed
     * @param repeats  how many times its Produce and Fetch exchanges are repeated after it
     * @param variants large versions of the frames that carry batches
     * @param random   chooses the sizes and the first correlation id
     */
    ReplayConnection(SourceTraffic.Conversation source, int repeats, FrameVariants variants, SplittableRandom random) {
        this.frames = source.frames();
        this.repeats = repeats;
        this.variants = variants;
        this.random = random;
        this.nextId = random.nextInt(1 << 20);
        for (Frame request : frames) {
            if (request.direction() == Direction.REQUEST && (request.apiKey() == 0 || request.apiKey() == 1)) {
                frames.stream().filter(f -> f.direction() == Direction.RESPONSE && f.correlationId() == request.correlationId())
                        .findFirst().ifPresent(response -> {
                            exchanges.add(request);
                            exchanges.add(response);
                        });
            }
        }
    }

    /** True if the conversation has Produce or Fetch exchanges to repeat. */
    static boolean carriesData(SourceTraffic.Conversation c) {
        return c.frames().stream().anyMatch(f -> f.direction() == Direction.REQUEST && (f.apiKey() == 0 || f.apiKey() == 1));
    }

    /**
     * The next frame, or null when the replay is over: all of it was sent, or {@code windDown} asks to stop and no
     * request waits for its response.
     */
    Next next(boolean windDown) {
        int total = frames.size() + repeats * exchanges.size();
        if (step >= total || windDown && outstanding == 0) {
            return null;
        }
        boolean repeated = step >= frames.size();
        Frame f = repeated ? exchanges.get((step - frames.size()) % exchanges.size()) : frames.get(step);
        step++;
        byte[] bytes = (repeated && variants.carriesBatches(f) ? choose(f) : f.bytes()).clone();
        int id;
        if (f.direction() == Direction.REQUEST) {
            id = nextId++;
            ids.put(f.correlationId(), id);
            outstanding++;
        } else {
            id = ids.remove(f.correlationId());
            outstanding--;
        }
        ByteBuffer.wrap(bytes).putInt(f.correlationIdOffset(), id);
        return new Next(f.direction() == Direction.REQUEST, bytes);
    }

    private byte[] choose(Frame f) {
        int p = random.nextInt(100);
        if (p < ORIGINAL_PERCENT) {
            return f.bytes();
        }
        int size = 0;
        while (p >= SIZE_PERCENTS[size]) {
            size++;
        }
        return variants.large(f, size);
    }
}
