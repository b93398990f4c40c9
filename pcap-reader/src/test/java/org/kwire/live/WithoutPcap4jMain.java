package org.kwire.live;

import org.kwire.api.KafkaExchange;
import org.kwire.api.capture.KafkaCapture;
import org.kwire.report.Report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Run in a child JVM by {@link LiveLibrariesTest}, on a class path without pcap4j, JNA and SLF4J: reads the capture
 * file {@code args[0]} as exchanges (one line each) and as a report, then tries live capture and the interface list,
 * printing what each throws.
 */
public final class WithoutPcap4jMain {

    private WithoutPcap4jMain() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        List<KafkaExchange> exchanges = KafkaCapture.create().exchanges(file);
        exchanges.forEach(System.out::println);
        Report report = KafkaCapture.create().report(file);
        System.out.println("packets " + report.capture().packets() + ", requests "
                + report.apis().stream().mapToLong(a -> a.requests()).sum());
        try {
            LiveCapture.open("lo", null, LiveCapture.DEFAULT_SNAPLEN).close();
            System.out.println("live: opened");
        } catch (LiveCaptureException e) {
            System.out.println("live: " + e.reason() + ": " + e.getMessage());
        }
        try {
            System.out.println("interfaces: " + NetworkInterfaces.list().size());
        } catch (LiveCaptureException e) {
            System.out.println("interfaces: " + e.reason() + ": " + e.getMessage());
        }
    }
}
