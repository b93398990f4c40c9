package org.kwire.report;

import java.util.List;

/**
 * One error code seen in an API's responses.
 *
 * @param code   Kafka error code
 * @param name   its name (Kafka protocol guide, "Error Codes"), e.g. {@code NOT_LEADER_OR_FOLLOWER}
 * @param count  how many times it appeared (top level, per topic and per partition all count)
 * @param topics the topics it appeared for, sorted, at most {@link ReportBuilder#MAX_TOPICS_PER_ERROR}
 * @param responses responses that carried it at least once ({@code count} counts partitions and topics too)
 */
public record ErrorStats(int code, String name, long count, List<String> topics, long responses) {
}
