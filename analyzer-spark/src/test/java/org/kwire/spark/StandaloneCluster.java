package org.kwire.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A real Apache Spark standalone cluster on loopback: a Master and one Worker, each its own JVM started from the
 * Spark jars Maven resolved for this module (no Spark installation), the Worker launching real executor JVMs.
 *
 * <p>What a Spark distribution gives its daemons is made in a scratch directory: a Spark home whose {@code jars/}
 * holds links to Spark's jars (system property {@code kwire.sparkJars}, the class path Maven wrote: Spark and the
 * libraries kwire-spark.jar leaves to it), {@code SPARK_HOME} and {@code SPARK_SCALA_VERSION} in the environment (as
 * Spark's {@code load-spark-env.sh} sets them: the Worker builds each executor's {@code java -cp} from
 * {@code SPARK_HOME/jars/*} and needs both). Nothing of kwire is on the daemons' or executors' class path. Every
 * JVM runs with {@link #QUICK_JVM} (the executors through {@code conf/java-opts}, which the Worker adds to each
 * executor's command). Ports are free ones chosen at start; the daemons listen on 127.0.0.1 only. {@link #close()} ends the daemons and every
 * process they started (the executors), forcibly if they do not stop in 10 s; a JVM shutdown hook does the same if
 * the test JVM ends first. Not thread-safe.
 */
final class StandaloneCluster implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START = Duration.ofSeconds(60);
    /** For JVMs that live seconds (every process here): the quick JIT tier only, one GC thread. */
    static final String QUICK_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

    private final Path dir;
    private final Path sparkHome;
    private final List<Process> daemons = new ArrayList<>();
    private final Thread hook = new Thread(this::stopAll, "spark-cluster-stop");
    private int masterPort;
    private int masterUiPort;

    private StandaloneCluster(Path dir) {
        this.dir = dir;
        this.sparkHome = dir.resolve("spark-home");
    }

    /** Starts a Master and a Worker (2 cores, 1 GiB for executors) in {@code dir}; returns once the Worker is ALIVE. */
    static StandaloneCluster start(Path dir) throws IOException, InterruptedException {
        StandaloneCluster c = new StandaloneCluster(dir);
        Runtime.getRuntime().addShutdownHook(c.hook);
        try {
            c.makeSparkHome();
            c.masterPort = freePort();
            c.masterUiPort = freePort();
            // no REST submission server (on by default, on the fixed port 6066)
            c.daemons.add(c.daemon("master", List.of("-Dspark.master.rest.enabled=false", "org.apache.spark.deploy.master.Master",
                    "--host", "127.0.0.1", "--port", Integer.toString(c.masterPort),
                    "--webui-port", Integer.toString(c.masterUiPort))));
            c.await("the Master ALIVE", s -> s.path("status").asText().equals("ALIVE"));
            Path work = Files.createDirectories(dir.resolve("work"));
            c.daemons.add(c.daemon("worker", List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                    "--port", Integer.toString(freePort()), "--webui-port", Integer.toString(freePort()),
                    "--cores", "2", "--memory", "1g", "--work-dir", work.toString(), c.masterUrl())));
            c.await("one Worker ALIVE", s -> s.path("aliveworkers").asInt() == 1);
            return c;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            c.close();
            throw e;
        }
    }

    /** {@code spark://127.0.0.1:PORT}. */
    String masterUrl() {
        return "spark://127.0.0.1:" + masterPort;
    }

    Path sparkHome() {
        return sparkHome;
    }

    /** The Worker's directory: one {@code app-*}{@code /N/} directory per executor, with what it fetched and its logs. */
    Path workDir() {
        return dir.resolve("work");
    }

    /** The Master's state as its web UI gives it ({@code /json/}: workers, active and completed applications). */
    JsonNode state() throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + masterUiPort + "/json/"))
                .timeout(Duration.ofSeconds(5)).build();
        return JSON.readTree(http.send(get, HttpResponse.BodyHandlers.ofString()).body());
    }

    /** The daemons' environment, as a Spark installation's scripts set it; each listens on 127.0.0.1. */
    private Map<String, String> environment() {
        return Map.of("SPARK_HOME", sparkHome.toString(), "SPARK_SCALA_VERSION", "2.13", "SPARK_LOCAL_IP", "127.0.0.1");
    }

    /** {@code java} with the JDK options Spark needs on Java 17 and Spark's jars as class path, then {@code args}. */
    List<String> java(String heap, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap));
        cmd.addAll(Arrays.asList(QUICK_JVM.split(" ")));
        cmd.addAll(Arrays.asList(System.getProperty("kwire.sparkJvmOptions").trim().split("\\s+")));
        cmd.add("-cp");
        cmd.add(sparkHome.resolve("jars") + File.separator + "*");
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    /** The last lines of the daemons' and executors' logs, for a failure's message. */
    String logs() {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path log : s.filter(p -> p.toString().endsWith(".log") || p.getFileName().toString().equals("stderr"))
                    .sorted().toList()) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                out.append("\n--- ").append(dir.relativize(log)).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
            }
        } catch (IOException | UncheckedIOException e) {
            out.append("\n(logs unreadable: ").append(e.getMessage()).append(')');
        }
        return out.toString();
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook is this call
        }
    }

    private void makeSparkHome() throws IOException {
        Path jars = Files.createDirectories(sparkHome.resolve("jars"));
        // conf/java-opts: the options the Worker gives every executor JVM it launches (Spark's AbstractCommandBuilder)
        Files.writeString(Files.createDirectories(sparkHome.resolve("conf")).resolve("java-opts"), QUICK_JVM + "\n");
        Set<String> entries = new LinkedHashSet<>(Arrays.asList(System.getProperty("kwire.sparkJars").split(File.pathSeparator)));
        for (String entry : entries) {
            Path jar = Path.of(entry);
            Path link = jars.resolve(jar.getFileName());
            if (!entry.isBlank() && !Files.exists(link)) {
                Files.createSymbolicLink(link, jar.toAbsolutePath());
            }
        }
    }

    /** A daemon's JVM: {@code args} are its system properties, main class and arguments; its output to NAME.log. */
    private Process daemon(String name, List<String> args) throws IOException {
        List<String> cmd = java("-Xmx256m", args.toArray(String[]::new));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().putAll(environment());
        return pb.start();
    }

    private void await(String what, Predicate<JsonNode> ready) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < deadline) {
            for (Process p : daemons) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("a Spark daemon exited (" + p.exitValue() + ") before " + what + logs());
                }
            }
            try {
                if (ready.test(state())) {
                    return;
                }
            } catch (IOException e) {
                // the web UI is not up yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("no " + what + " in " + START.toSeconds() + " s" + logs());
    }

    private void stopAll() {
        List<ProcessHandle> all = new ArrayList<>();
        for (Process p : daemons) {
            p.descendants().forEach(all::add); // the executors, before their Worker is gone
            all.add(p.toHandle());
        }
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        }
        daemons.clear();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
