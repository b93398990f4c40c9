package org.kwire.bench.capture;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Record values for the enlarged batches: application log events as JSON, with random ids, numbers and words, so that
 * they compress about as well as real event data (roughly 2-4x with Kafka's codecs), not as well as repeated bytes.
 */
final class SyntheticText {

    private static final String[] LEVELS = {"INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"};
    private static final String[] SERVICES = {"checkout", "payments", "catalog", "search", "auth", "shipping", "cart",
            "inventory", "notifications", "recommendations"};
    private static final String[] WORDS = ("request handled order created updated deleted user session token cache "
            + "miss hit timeout retry backoff connection opened closed reset upstream downstream latency exceeded "
            + "threshold payment authorized declined refund issued item added removed stock reserved released "
            + "shipment dispatched delivered address validated invalid customer account login logout password "
            + "changed email sent queued failed succeeded partition rebalanced offset committed lag consumer "
            + "producer batch flushed compacted segment rolled index rebuilt query executed rows returned slow "
            + "plan cached evicted worker started stopped heartbeat missed leader elected replica fetched").split(" ");

    private final SplittableRandom random;

    SyntheticText(SplittableRandom random) {
        this.random = random;
    }

    /** One event of about {@code length} bytes (never much shorter, at most one word longer). */
    byte[] event(long timestampMillis, int length) {
        StringBuilder s = new StringBuilder(length + 16);
        s.append("{\"ts\":").append(timestampMillis)
                .append(",\"level\":\"").append(LEVELS[random.nextInt(LEVELS.length)])
                .append("\",\"service\":\"").append(SERVICES[random.nextInt(SERVICES.length)])
                .append("\",\"host\":\"node-").append(random.nextInt(64))
                .append("\",\"trace\":\"").append(Long.toHexString(random.nextLong()))
                .append("\",\"user\":").append(random.nextInt(1_000_000))
                .append(",\"ms\":").append(random.nextInt(5000))
                .append(",\"msg\":\"");
        while (s.length() < length - 2) {
            s.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
        }
        return s.append("\"}").toString().getBytes(StandardCharsets.UTF_8);
    }
}
