package org.kwire.html;

import org.kwire.report.Report;
import org.kwire.report.RequestRate;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Requests per API over time: the busiest APIs stacked in their own colors, the rest as "other". */
final class RequestRateSection implements PageSection {

    @Override
    public String id() {
        return "requests";
    }

    @Override
    public String title() {
        return "Requests over time";
    }

    @Override
    public void write(Report r, Markup m) {
        RequestRate rate = r.requestRate();
        Map<String, List<Long>> series = rate.requests();
        List<RateColumns.Column> columns = RateColumns.stack(series, "APIs");
        Instant start = rate.start() == null ? Instant.EPOCH : Instant.parse(rate.start());
        new Figure("Requests per API over time",
                "Request frames per " + rate.bucketSeconds() + " s, stacked by API; the times below the columns are "
                        + "the starts of the intervals, in UTC.",
                "No requests in this capture.",
                new RateColumns("rate", "Requests per API over time", start, rate.bucketSeconds(), columns,
                        RateColumns.Measure.REQUESTS)).writeTo(m);
    }
}
