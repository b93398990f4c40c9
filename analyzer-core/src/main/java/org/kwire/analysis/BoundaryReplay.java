package org.kwire.analysis;

import org.kwire.capture.CaptureAnalyzer;
import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.partial.Replay;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.report.ReportBuilder;
import org.kwire.report.ReportPart;
import org.kwire.stream.Carried;
import org.kwire.stream.ConnectionObserver;
import org.kwire.stream.ConnectionTraffic;
import org.kwire.stream.TrafficCensus;
import org.kwire.stream.GapCause;
import org.kwire.stream.StreamStage;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummary;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;
import org.kwire.tls.TlsFacts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The stream stage and report sections of an analysis's config, for {@link org.kwire.partial.Stitcher} to replay a partial's
 * boundary pieces through: one tracker summarizes every frame (a request followed only, since the slice counted it,
 * is still summarized for its response, and what it teaches the summarizer holds); its events reach a report of the
 * session's own only while counted.
 */
final class BoundaryReplay implements Replay {

    private final Analysis analysis;

    /** @param analysis the analysis whose schemas and compiled plans every session shares */
    BoundaryReplay(Analysis analysis) {
        this.analysis = analysis;
    }

    @Override
    public Replay.Session session(java.util.Map<String, String> topicNames) {
        AnalysisRun run;
        try {
            run = analysis.run();
        } catch (IOException e) { // a key log read at the start, gone since
            throw new UncheckedIOException(e);
        }
        ReportBuilder report = run.report();
        topicNames.forEach(run.topics()::learn);
        boolean[] keep = {false};
        boolean[] unanswered = {false};
        long[] own = {Long.MAX_VALUE}; // while unanswered: the client's offset from which requests are a later slice's
        ExchangeSink counted = new ExchangeSink() { // one tracker, one summarizer: what the followed part taught it holds
            @Override
            public void onConversation(KafkaConversation conversation) {
                report.onConversation(conversation); // the connection's entry, joined with the slice's
            }

            @Override
            public void onRequestFrame(KafkaConversation c, KafkaFrame frame, KafkaRequestHeader header, FrameSummary summary) {
                if (keep[0]) {
                    report.onRequestFrame(c, frame, header, summary);
                }
            }

            @Override
            public void onResponseFrame(ExchangeSummary exchange, KafkaFrame frame) {
                if (keep[0]) {
                    report.onResponseFrame(exchange, frame);
                }
            }

            @Override
            public void onExchange(ExchangeSummary exchange) {
                if (keep[0] || unanswered[0] && exchange.response() == null
                        && exchange.exchange().request().frame().streamOffset() < own[0]) {
                    report.onExchange(exchange);
                }
            }

            @Override
            public void onNote(KafkaConversation c, ExpertNote note) {
                if (keep[0]) {
                    report.onNote(c, note);
                }
            }
        };
        ExchangeTracker tracker = run.replayTracker(List.of(counted));
        ConnectionObserver observer = AnalysisRun.observer(tracker, report);
        ConnectionObserver gated = new ConnectionObserver() {
            @Override
            public void kafka(KafkaConversation conversation) {
                observer.kafka(conversation); // the connection's entry, joined with the slice's
            }

            @Override
            public void other(int stream, String client, String broker, Carried carried) {
                if (keep[0]) {
                    observer.other(stream, client, broker, carried);
                }
            }

            @Override
            public void closed(int stream, Carried carried) {
                if (keep[0]) {
                    observer.closed(stream, carried);
                }
            }

            @Override
            public void gap(int stream, long bytes, GapCause cause) {
                if (keep[0]) {
                    observer.gap(stream, bytes, cause);
                }
            }

            @Override
            public void tls(int stream, String client, String broker, TlsFacts facts) {
                if (keep[0]) {
                    observer.tls(stream, client, broker, facts);
                }
            }
        };
        TrafficCensus census = new TrafficCensus(run.streamOptions().brokerPorts());
        ConnectionObserver tlsCensus = new ConnectionObserver() { // TLS edges and edges without payload, left out of the slices' census
            @Override
            public void kafka(KafkaConversation conversation) {
                census.kafka(conversation);
            }

            @Override
            public void ended(ConnectionTraffic traffic) {
                byte[] b = traffic.firstBytes();
                if (keep[0] && (b.length == 0 || org.kwire.tls.TlsSniff.startsWithRecord(b, 0, b.length))) {
                    census.ended(traffic);
                }
            }
        };
        CaptureAnalyzer analyzer = new CaptureAnalyzer(new StreamStage(run.streamOptions(), run.tls(), tracker.summarizer(), tracker)
                .observe(gated).observe(tlsCensus), ReassemblyLimits.defaults());
        return new Replay.Session() {
            @Override
            public TcpStreamHandler handler(TcpConnection c) {
                return analyzer.handler(c);
            }

            @Override
            public void keep(boolean k) {
                keep[0] = k;
            }

            @Override
            public void unanswered(TcpStreamHandler handler, long packet, long from) {
                boolean was = keep[0];
                keep[0] = false;
                unanswered[0] = true;
                own[0] = from;
                handler.onEnd(packet);
                unanswered[0] = false;
                keep[0] = was;
            }

            @Override
            public ReportPart part() {
                tracker.finish();
                return report.part(0, 0);
            }

            @Override
            public TrafficCensus.Counts census() {
                return census.counts();
            }
        };
    }
}
