package org.kwire.bench;

import org.kwire.capture.CaptureAnalyzer;
import org.kwire.capture.CaptureFacts;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.report.CaptureSummary;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The path of {@code kwire analyze} in one call: a capture file to its report, with the default options. */
public final class Analysis {

    private Analysis() {
    }

    /** The report on {@code capture} (capture timestamps left out). */
    public static Report report(Path capture, PlanCache plans) throws IOException {
        TopicNames topics = new TopicNames();
        ReportBuilder report = new ReportBuilder(plans.schemas(), topics, ReportBuilder.DEFAULT_SLOWEST);
        ExchangeTracker tracker = new ExchangeTracker(
                new FrameSummarizer(plans, new RecordsDecoder(RecordsOptions.defaults()), topics), ExchangeFilter.ALL,
                List.of(report));
        CaptureFacts facts = new CaptureAnalyzer(StreamStage.into(tracker, StreamOptions.defaults(), TlsKeys.none()))
                .analyze(List.of(capture), List.of(capture.toString()));
        return report.build(new CaptureSummary(facts.files(), facts.packets(), facts.bytes(), null, null,
                facts.tcpConnections(), 0, 0, 0, 0));
    }
}
