package org.kwire.text;

import org.kwire.report.ApiStats;
import org.kwire.report.BrokerStats;
import org.kwire.report.ClientStats;
import org.kwire.report.Readiness;
import org.kwire.report.Report;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Words for clients, brokers and upgrade readiness that the text report and the HTML page share: the client software
 * a client named (KIP-511), the API versions a target release refuses and what its brokers do with them (KIP-896),
 * the versions a broker accepts and its finalized feature levels (KIP-584).
 */
public final class ReportWords {

    /** ApiVersions request version from which the request names the client software (KIP-511). */
    private static final int SOFTWARE_NAMED_FROM = 3;

    private ReportWords() {
    }

    /**
     * The client software as its ApiVersions v3+ requests named it, {@code apache-kafka-java 4.4.0}; when they did
     * not, why: {@code none (ApiVersions v0)} (older requests have no such field) or {@code unknown} (no
     * ApiVersions request of it in the capture).
     */
    public static String software(String name, String version, List<Integer> apiVersionsUsed) {
        if (name != null) {
            return version == null ? name : name + " " + version;
        }
        if (apiVersionsUsed == null || apiVersionsUsed.isEmpty()) {
            return "unknown";
        }
        return apiVersionsUsed.stream().allMatch(v -> v < SOFTWARE_NAMED_FROM)
                ? "none (ApiVersions " + versions(apiVersionsUsed) + ")" : "unknown";
    }

    /** {@link #software(String, String, List)} of a client of the report's {@code clients[]}. */
    public static String software(ClientStats c) {
        return software(c.softwareName(), c.softwareVersion(),
                c.apiVersions() == null ? null : c.apiVersions().get("ApiVersions"));
    }

    /** A client_id as people read it: {@code (none: header v0)} for none, {@code (empty)} for the empty string. */
    public static String clientId(String clientId) {
        return clientId == null ? "(none: header v0)" : clientId.isEmpty() ? "(empty)" : clientId;
    }

    /** The client of {@code clients} with this address and client_id, or null. */
    public static ClientStats client(List<ClientStats> clients, String address, String clientId) {
        for (ClientStats c : clients) {
            if (Objects.equals(c.address(), address) && Objects.equals(c.clientId(), clientId)) {
                return c;
            }
        }
        return null;
    }

    /** Versions as {@code v3}, {@code v0,1}. */
    public static String versions(List<Integer> versions) {
        return "v" + versions.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** The versions a client used that its target refuses, those no release kwire knows marked: {@code v2,1857 (1857 unknown)}. */
    public static String used(Readiness.RemovedVersions v) {
        List<Integer> unknown = v.unknownVersions();
        return versions(v.versions()) + (unknown.isEmpty() ? "" : " (" + unknown.stream().map(String::valueOf)
                .collect(Collectors.joining(",")) + " unknown)");
    }

    /** True if some client used a version no Kafka release kwire knows defines. */
    public static boolean anyUnknown(Readiness r) {
        return r.clients().stream().flatMap(c -> c.apis().stream()).anyMatch(v -> !v.unknownVersions().isEmpty());
    }

    /** What the target accepts, {@code v4-17}, or {@code none} when it has no such API. */
    public static String accepted(String accepted) {
        return accepted == null ? "none" : "v" + accepted;
    }

    /**
     * Every API and version of every affected client, in ApiKey order: {@code Produce v2, Fetch v3, JoinGroup v1};
     * versions no Kafka release kwire knows defines are said to be unknown: {@code ApiVersions v1857 (unknown to every
     * Kafka release kwire knows)}.
     */
    public static String refused(Readiness r) {
        Map<Integer, String> names = new TreeMap<>();
        Map<Integer, TreeSet<Integer>> versions = new TreeMap<>();
        Map<Integer, TreeSet<Integer>> unknown = new TreeMap<>();
        for (Readiness.ReadinessClient c : r.clients()) {
            for (Readiness.RemovedVersions v : c.apis()) {
                names.put(v.apiKey(), v.api());
                versions.computeIfAbsent(v.apiKey(), k -> new TreeSet<>()).addAll(v.versions());
                unknown.computeIfAbsent(v.apiKey(), k -> new TreeSet<>()).addAll(v.unknownVersions());
            }
        }
        return names.entrySet().stream().map(e -> {
            TreeSet<Integer> all = versions.get(e.getKey());
            TreeSet<Integer> none = unknown.get(e.getKey());
            return e.getValue() + " " + versions(List.copyOf(all)) + (none.isEmpty() ? ""
                    : " (" + (none.equals(all) ? "" : versions(List.copyOf(none)) + " ") + "unknown to every Kafka release kwire knows)");
        }).collect(Collectors.joining(", "));
    }

    /** What a broker of the target release does, in words, for the {@code broker_action} of the report. */
    public static String action(String brokerAction) {
        return switch (brokerAction) {
            case "close" -> "closes the connection without a response";
            case "reject" -> "answers UNSUPPORTED_VERSION with the versions it accepts";
            default -> brokerAction;
        };
    }

    /**
     * The versions a broker accepts of each API of the report, in ApiKey order: {@code Produce v0-13},
     * {@code Fetch v4-18}, ...; {@code none} for an API it did not list.
     */
    public static List<String> acceptedHere(Report r, BrokerStats b) {
        return r.apis().stream().map(ApiStats::name).map(api -> {
            BrokerStats.Range range = b.apis().get(api);
            return api + " " + (range == null ? "none" : "v" + levels(range));
        }).toList();
    }

    /** Feature levels by feature name: {@code metadata.version 33}, {@code kraft.version 0-1}; empty for none. */
    public static List<String> features(Map<String, BrokerStats.Range> features) {
        return features == null ? List.of()
                : features.entrySet().stream().map(e -> e.getKey() + " " + levels(e.getValue())).toList();
    }

    /** {@code 3} or {@code 0-13}. */
    private static String levels(BrokerStats.Range r) {
        return r.min() + (r.max() == r.min() ? "" : "-" + r.max());
    }
}
