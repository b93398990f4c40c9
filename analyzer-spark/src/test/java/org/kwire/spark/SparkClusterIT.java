package org.kwire.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.kwire.spark.OneAnalysis.oneAnalysis;
import static org.kwire.spark.OneAnalysis.run;
import static org.kwire.spark.OneAnalysis.withoutFiles;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spark job on a real Spark standalone cluster ({@link StandaloneCluster}: a Master, a Worker and the executors
 * it launches, each its own JVM, on loopback), submitted both ways docs/GUIDE.md gives: {@code ./kwire-spark --master
 * spark://...} (the launcher in the repository root, which ships kwire-spark.jar to the executors) and
 * {@code spark-submit} of {@code kwire-spark.jar} (Spark's own SparkSubmit, from Spark's jars). Each report equals
 * {@code kwire analyze} of the same files field for field but {@code capture.files}: a real capture rotated every
 * 76 packets (connections cross each rotation) and two more capture points in the same seconds, given as a glob.
 * Executors without kwire's classes (the launcher's command before it shipped the jar) fail the job with one line.
 * Runs after {@code package} (Failsafe), on the jar and launcher a user runs.
 */
class SparkClusterIT {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    private static final Path ROOT = Path.of(System.getProperty("kwire.root", ".."));
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    private static StandaloneCluster cluster;
    private static String glob;
    private static JsonNode one;

    @BeforeAll
    static void start() throws Exception {
        Path in = Files.createDirectories(dir.resolve("captures"));
        run("editcap", "-c", "76", CAPTURES.resolve("java-basic.pcap").toString(), in.resolve("a.pcap").toString());
        run("editcap", "-t", "-106", CAPTURES.resolve("kcat.pcap").toString(), in.resolve("b.pcap").toString());
        run("editcap", "-t", "-125.5", CAPTURES.resolve("kafkajs.pcap").toString(), in.resolve("c.pcap").toString());
        List<String> files;
        try (Stream<Path> s = Files.list(in)) {
            files = s.map(Path::toString).sorted().toList();
        }
        glob = in + "/*.pcap"; // as docs/GUIDE.md gives the captures: a glob Hadoop's file system expands
        one = withoutFiles(JSON.readTree(oneAnalysis(files.stream().map(Path::of).toList())));
        cluster = StandaloneCluster.start(Files.createDirectories(dir.resolve("cluster")));
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void kwireSparkShipsItsJarToTheClustersExecutors() throws Exception {
        Path report = dir.resolve("launcher.json");
        List<String> cmd = new ArrayList<>(List.of("bash", ROOT.resolve("kwire-spark").toString(),
                "--master", cluster.masterUrl(), "-o", report.toString(), glob));
        // Spark's settings as docs/GUIDE.md gives them: spark.* system properties in KWIRE_JAVA_OPTS
        Run run = submit(cmd, Map.of("KWIRE_JAVA_OPTS", "-Xmx512m " + StandaloneCluster.QUICK_JVM
                + " -Dspark.executor.memory=512m -Dspark.driver.host=127.0.0.1 -Dspark.ui.enabled=false"));
        assertEquals(0, run.code, run.failure());
        assertEquals("", run.stderr, "no warning, no Spark log line");
        assertEquals(one, withoutFiles(JSON.readTree(report.toFile())), "the report of one analysis");
        assertTrue(run.fetchedJobJar(), "its executor fetched kwire-spark.jar from the driver" + run.failure());
    }

    @Test
    void sparkSubmitOfTheJar() throws Exception {
        Path report = dir.resolve("spark-submit.json");
        List<String> cmd = cluster.java("-Xmx512m", "org.apache.spark.deploy.SparkSubmit",
                "--master", cluster.masterUrl(), "--deploy-mode", "client", "--class", "org.kwire.spark.KwireSpark",
                "--conf", "spark.executor.memory=512m", "--conf", "spark.driver.host=127.0.0.1",
                "--conf", "spark.ui.enabled=false", System.getProperty("kwire.sparkJobJar"), "-o", report.toString(), glob);
        Run run = submit(cmd, Map.of("SPARK_HOME", cluster.sparkHome().toString()));
        assertEquals(0, run.code, run.failure());
        assertEquals(one, withoutFiles(JSON.readTree(report.toFile())), "the report of one analysis");
        assertTrue(run.fetchedJobJar(), "its executor fetched kwire-spark.jar from the driver" + run.failure());
    }

    @Test
    void executorsWithoutKwiresClassesAreOneLine() throws Exception {
        // what ./kwire-spark ran before it shipped kwire-spark.jar: the driver from the module's own jar (kwire's
        // other modules beside it on the class path), which holds org.kwire.spark and nothing else kwire needs
        List<String> cmd = cluster.java("-Xmx512m", "-Dspark.executor.memory=512m", "-Dspark.driver.host=127.0.0.1",
                "-Dspark.ui.enabled=false", "-Dspark.task.maxFailures=2");
        int cp = cmd.indexOf("-cp");
        cmd.set(cp + 1, System.getProperty("kwire.sparkModuleJar") + File.pathSeparator
                + Files.readString(Path.of(System.getProperty("kwire.sparkLauncherClasspath"))).trim());
        cmd.addAll(List.of("org.kwire.spark.KwireSpark", "--master", cluster.masterUrl(), glob));
        Run run = submit(cmd, Map.of());
        assertEquals(3, run.code, run.failure());
        List<String> kwire = run.stderr.lines().filter(l -> l.startsWith("kwire:")).toList();
        assertEquals(1, kwire.size(), run.stderr);
        assertTrue(kwire.get(0).matches("kwire: the Spark job failed: Job aborted due to stage failure: .*"
                + "NoClassDefFoundError: org/kwire/.*"), kwire.get(0));
        assertTrue(run.stderr.lines().noneMatch(l -> l.startsWith("\tat ") || l.startsWith("Exception in thread")),
                "no stack trace\n" + run.stderr);
    }

    /** A driver's run against the cluster: exit code, stderr, and the cluster application it made. */
    private record Run(int code, String stderr, String app) {

        /** The application's executor fetched kwire-spark.jar (into its directory under the Worker's). */
        boolean fetchedJobJar() throws Exception {
            try (Stream<Path> s = Files.walk(cluster.workDir().resolve(app))) {
                return s.anyMatch(p -> p.getFileName().toString().equals("kwire-spark.jar"));
            }
        }

        String failure() {
            return "\n" + stderr + cluster.logs();
        }
    }

    /**
     * Runs a driver (its own JVM) against the cluster, in 120 s at most; the application it made is the one the
     * Master completed meanwhile (in 10 s after the driver's end).
     */
    private static Run submit(List<String> cmd, Map<String, String> env) throws Exception {
        Set<String> before = completedApps();
        Path err = Files.createTempFile(dir, "driver", ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(Path.of(err + ".out").toFile())
                .redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            boolean ended = p.waitFor(120, TimeUnit.SECONDS);
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            assertTrue(ended, "still running after 120 s: " + cmd + "\n" + stderr + cluster.logs());
            Set<String> apps = completedApps();
            for (int i = 0; i < 40 && apps.size() == before.size(); i++) { // the driver's goodbye is asynchronous
                Thread.sleep(250);
                apps = completedApps();
            }
            apps.removeAll(before);
            assertEquals(1, apps.size(), "one application completed: " + cluster.state());
            return new Run(p.exitValue(), stderr, apps.iterator().next());
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    private static Set<String> completedApps() throws Exception {
        Set<String> ids = new TreeSet<>();
        cluster.state().path("completedapps").forEach(a -> ids.add(a.path("id").asText()));
        return ids;
    }
}
