package org.kwire.bench.capture;

import org.kwire.capture.CaptureAnalyzer;
import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.conversation.RequestRecord;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.RequestFrame;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.Direction;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.FrameFindings;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kafka conversations of real captures, read with kwire's own pipeline: every matched request and response, in
 * the order the capture completed them, with the bytes of its frame. Requests that got no response are left out, so
 * a replay answers every request it sends.
 */
public final class SourceTraffic {

    /**
     * One frame of a source conversation.
     *
     * @param direction     request or response
     * @param apiKey        its exchange's API
     * @param apiVersion    its exchange's API version
     * @param bodyOffset    where its body starts (after the size prefix and header)
     * @param correlationId the correlation_id it carries
     * @param bytes         the frame, size prefix included
     */
    public record Frame(Direction direction, int apiKey, int apiVersion, int bodyOffset, int correlationId, byte[] bytes) {

        /** Index of the correlation_id in the frame: after the size prefix, api key and version in requests. */
        int correlationIdOffset() {
            return direction == Direction.REQUEST ? 8 : 4;
        }
    }

    /**
     * A source conversation.
     *
     * @param source the capture's file name
     * @param frames its frames in capture order
     */
    public record Conversation(String source, List<Frame> frames) {
    }

    private SourceTraffic() {
    }

    /** Reads the Kafka conversations (broker port 9092) of each capture, in file order. */
    public static List<Conversation> read(List<Path> captures, PlanCache plans) throws IOException {
        List<Conversation> all = new ArrayList<>();
        for (Path capture : captures) {
            Collector c = new Collector(capture.getFileName().toString());
            FrameSummarizer summarizer = new FrameSummarizer(plans, new RecordsDecoder(RecordsOptions.defaults()),
                    new TopicNames());
            new CaptureAnalyzer(new StreamStage(StreamOptions.defaults(), TlsKeys.none(), summarizer, c))
                    .analyze(List.of(capture), List.of(capture.toString()));
            c.conversations.values().stream().filter(frames -> !frames.isEmpty())
                    .forEach(frames -> all.add(new Conversation(c.source, List.copyOf(frames))));
        }
        return all;
    }

    private static byte[] copy(KafkaFrame frame) {
        byte[] b = new byte[frame.length()];
        frame.bytes().get(0, b);
        return b;
    }

    /** Keeps each conversation's complete frames; requests never answered are taken out again. */
    private static final class Collector implements ConversationListener {
        final String source;
        final Map<Integer, List<Frame>> conversations = new LinkedHashMap<>();
        /** The frame kept for each request waiting for its response. */
        final Map<RequestRecord, Frame> requests = new IdentityHashMap<>();

        Collector(String source) {
            this.source = source;
        }

        @Override
        public void onRequest(KafkaConversation c, RequestFrame r, RequestRecord record) {
            KafkaFrame frame = r.frame();
            KafkaRequestHeader h = r.header();
            if (!frame.complete()) {
                return;
            }
            Frame f = new Frame(Direction.REQUEST, h.apiKey(), h.apiVersion(), h.bodyOffset(), h.correlationId(), copy(frame));
            conversations.computeIfAbsent(c.id(), k -> new ArrayList<>()).add(f);
            requests.put(record, f);
        }

        @Override
        public void onResponse(Exchange e, KafkaFrame frame, FrameFindings decoded) {
            Frame request = e.request() == null ? null : requests.remove(e.request());
            if (request == null) {
                return;
            }
            if (!frame.complete()) {
                conversations.get(e.conversation().id()).removeIf(f -> f == request);
                return;
            }
            conversations.get(e.conversation().id()).add(new Frame(Direction.RESPONSE, request.apiKey(),
                    request.apiVersion(), 4 + e.response().header().length(), request.correlationId(), copy(frame)));
        }

        @Override
        public void onUnmatchedRequest(Exchange e) {
            Frame request = requests.remove(e.request());
            if (request != null) {
                conversations.get(e.conversation().id()).removeIf(f -> f == request);
            }
        }

        @Override
        public void onNote(KafkaConversation c, ExpertNote note) {
        }
    }
}
