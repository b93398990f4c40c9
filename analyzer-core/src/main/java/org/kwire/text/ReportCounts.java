package org.kwire.text;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.Report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Totals over a report's {@code apis[]} that both renderings (text and HTML page) show: responses, responses that
 * carried an error code, and long-polls counted apart. Each is a sum of report fields, never a new measurement.
 */
public final class ReportCounts {

    private ReportCounts() {
    }

    /** Response frames of every API ({@code apis[].responses}). */
    public static long responses(Report r) {
        return r.apis().stream().mapToLong(ApiStats::responses).sum();
    }

    /**
     * Responses of one API that carried an error code ({@code apis[].error_responses}). A report written before kwire
     * counted them has 0 there with error codes present, which a current report never has: for it, the sum of
     * {@code errors[].responses} at most the API's responses (a response carrying two different codes counts twice).
     */
    public static long errorResponses(ApiStats a) {
        if (a.errorResponses() > 0 || a.errors().isEmpty()) {
            return a.errorResponses();
        }
        return Math.min(a.responses(), a.errors().stream().mapToLong(ErrorStats::responses).sum());
    }

    /** Responses of every API that carried an error code (see {@link #errorResponses(ApiStats)}). */
    public static long errorResponses(Report r) {
        return r.apis().stream().mapToLong(ReportCounts::errorResponses).sum();
    }

    /**
     * Responses carrying each error code, by error name, summed over the APIs; most responses first, then in the
     * order the APIs and codes come in the report (ascending api key, then code).
     */
    public static Map<String, Long> errorResponsesByName(Report r) {
        Map<String, Long> byName = new LinkedHashMap<>();
        for (ApiStats a : r.apis()) {
            for (ErrorStats e : a.errors()) {
                byName.merge(e.name(), e.responses(), Long::sum);
            }
        }
        Map<String, Long> sorted = new LinkedHashMap<>();
        byName.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }

    /** Long-polls answered empty at their wait time ({@code apis[].long_polls}) per API name, APIs without left out. */
    public static Map<String, Long> longPolls(Report r) {
        Map<String, Long> byApi = new LinkedHashMap<>();
        for (ApiStats a : r.apis()) {
            if (a.longPolls() > 0) {
                byApi.put(a.name(), a.longPolls());
            }
        }
        return byApi;
    }
}
