package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.Closeable;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real Prometheus server (Debian package {@code prometheus}, which .ci/run installs; $KWIRE_PROMETHEUS names
 * another binary) on a free loopback port, with its own storage in a temporary directory, scraping one target every
 * second; queried through its HTTP API.
 */
final class PrometheusServer implements Closeable {

    private final Process process;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private PrometheusServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts Prometheus scraping {@code http://127.0.0.1:targetPort/metrics}; returns once it is ready. */
    static PrometheusServer start(int targetPort, Path dir) throws IOException, InterruptedException {
        String binary = System.getenv().getOrDefault("KWIRE_PROMETHEUS", "/usr/bin/prometheus");
        if (!Files.isExecutable(Path.of(binary))) {
            fail("Prometheus is missing: install Debian's prometheus package (apt-get install prometheus; .ci/run "
                    + "does) or set KWIRE_PROMETHEUS");
        }
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n"
                + "  - job_name: kwire\n    static_configs:\n      - targets: ['127.0.0.1:" + targetPort + "']\n");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process p = new ProcessBuilder(binary, "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port, "--log.level=warn")
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        PrometheusServer server = new PrometheusServer(p, port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                fail("Prometheus exited: " + Files.readString(dir.resolve("prometheus.log")));
            }
            try {
                if (server.get("/-/ready").statusCode() == 200) {
                    return server;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        server.close();
        fail("Prometheus not ready in 30 s: " + Files.readString(dir.resolve("prometheus.log")));
        return null;
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * An instant query through {@code /api/v1/query}: each series of the vector result, by the value of
     * {@code label}, its value.
     */
    Map<String, Double> query(String promql, String label) throws IOException, InterruptedException {
        HttpResponse<String> r = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        JsonNode body = new ObjectMapper().readTree(r.body());
        if (!"success".equals(body.path("status").asText())) {
            fail("query " + promql + ": " + r.body());
        }
        Map<String, Double> values = new TreeMap<>();
        for (JsonNode s : body.path("data").path("result")) {
            values.put(s.path("metric").path(label).asText(), s.path("value").get(1).asDouble());
        }
        return values;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
