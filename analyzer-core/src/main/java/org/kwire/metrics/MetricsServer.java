package org.kwire.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.io.Closeable;
import java.io.IOException;

/**
 * Serves {@code /metrics} over HTTP while a capture runs (the Prometheus Java client's exporter: the Prometheus text
 * format, OpenMetrics and the protobuf format, which carries the native histograms, as the scraper asks).
 */
public final class MetricsServer implements Closeable {

    private final HTTPServer server;
    private final String host;

    private MetricsServer(HTTPServer server, String host) {
        this.server = server;
        this.host = host;
    }

    /**
     * Starts serving.
     *
     * @param host address to listen on (e.g. {@code 127.0.0.1}, {@code 0.0.0.0})
     * @param port TCP port, 0 for any free one
     * @throws IOException if the address cannot be bound
     */
    public static MetricsServer start(PrometheusRegistry registry, String host, int port) throws IOException {
        return new MetricsServer(HTTPServer.builder().hostname(host).port(port).registry(registry).buildAndStart(), host);
    }

    /** The port it listens on. */
    public int port() {
        return server.getPort();
    }

    /** Its metrics URL, e.g. {@code http://127.0.0.1:9465/metrics}. */
    public String url() {
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + "/metrics";
    }

    @Override
    public void close() {
        server.close();
    }
}
