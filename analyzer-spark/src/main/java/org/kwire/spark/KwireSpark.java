package org.kwire.spark;

import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.kwire.json.ReportJson;
import org.kwire.report.Report;
import org.kwire.text.VisibleText;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code kwire-spark [--master URL] [--exchanges DIR] [-o REPORT] [analyze's options] FILES...}: the analysis of
 * {@code kwire analyze} over captures of any Hadoop file system (files, directories, globs) on Spark
 * ({@link SparkAnalysis}); the report (JSON) to REPORT (any Hadoop file system) or stdout, warnings on stderr. Local
 * mode ({@code local[*]}) unless {@code --master} or {@code spark-submit} says otherwise; on any other master the
 * executors get the jar this class was loaded from ({@link JobJar}). Exit codes as kwire's; a job whose task failed
 * on every try, or that the cluster stopped, is one line naming Spark's reason, exit code 3; a master Spark
 * cannot start on, exit code 2.
 */
public final class KwireSpark {

    private KwireSpark() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the job; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        String master = null;
        String output = null;
        String exchanges = null;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            boolean hasValue = i + 1 < args.length;
            if (a.equals("--master") && hasValue) {
                master = args[++i];
            } else if ((a.equals("-o") || a.equals("--output")) && hasValue) {
                output = args[++i];
            } else if (a.equals("--exchanges") && hasValue) {
                exchanges = args[++i];
            } else if (a.equals("-h") || a.equals("--help")) {
                out.println("usage: kwire-spark [--master URL] [--exchanges DIR] [-o REPORT] [kwire analyze's options] FILES...\n"
                        + "  FILES: capture files, directories or globs of any Hadoop file system (file:, hdfs:, s3a:, ...)\n"
                        + "  kwire analyze's options: those of the analysis (--port, --max-frame-size, --schemas, --tls-keylog, "
                        + "filters, --top, ...), not its outputs'\n"
                        + "  --exchanges DIR: also write one row per exchange as Parquet (docs/GUIDE.md, \"Exchange events\")\n"
                        + "  -o REPORT: the report (JSON) to REPORT instead of stdout\n"
                        + "  --master URL: local[N] (default local[*]) or spark://HOST:PORT (kwire-spark.jar goes to the executors)\n"
                        + "  Spark's settings: spark.* system properties, e.g. KWIRE_JAVA_OPTS='-Xmx2g -Dspark.executor.memory=4g'");
                return 0;
            } else {
                rest.add(a);
            }
        }
        JobOptions job;
        try {
            job = JobOptions.of(rest);
        } catch (IllegalArgumentException e) {
            say(err, e.getMessage());
            return 2;
        }
        if (job.files().isEmpty()) {
            say(err, "no capture given (files, directories or globs)");
            return 2;
        }
        String url = master != null ? master : System.getProperty("spark.master", "local[*]"); // as spark-submit sets it
        SparkSession.Builder builder = SparkSession.builder().appName("kwire").master(url);
        try {
            String jars = JobJar.jars(url, System.getProperty("spark.jars"), jobJar());
            if (jars != null) {
                builder.config("spark.jars", jars);
            }
        } catch (IllegalArgumentException e) {
            err.println("kwire: " + e.getMessage());
            return 2;
        }
        SparkSession spark = null;
        try {
            spark = builder.getOrCreate();
            Report r = SparkAnalysis.run(spark, job.config(), job.files(), exchanges, w -> say(err, "warning: " + w));
            write(spark, r, output, out);
            return 0;
        } catch (IOException e) {
            say(err, e.getMessage());
            return 3;
        } catch (IllegalArgumentException e) {
            say(err, e.getMessage());
            return 2;
        } catch (Exception e) {
            String failure = sparkFailure(e, spark, url);
            if (failure == null) {
                throw e;
            }
            say(err, failure);
            return spark == null ? 2 : 3;
        } finally {
            if (spark != null) {
                spark.stop();
            }
        }
    }

    /** {@code kwire: LINE} on {@code err}, shown by {@link VisibleText}'s rule as kwire's own lines are. */
    private static void say(PrintStream err, String line) {
        err.println(VisibleText.of("kwire: " + line));
    }

    /**
     * Spark's reason, in one line, when Spark ended the run: the session could not start (a master URL Spark does not
     * know), a task failed on every try (Spark's reason is the executor's exception, e.g. a capture it cannot read),
     * or the cluster stopped the application (after its own ERROR line, e.g. "All masters are unresponsive"); else
     * null.
     */
    private static String sparkFailure(Exception e, SparkSession spark, String master) {
        String reason = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
        if (e instanceof SparkException && spark == null) {
            return "--master " + master + ": " + reason;
        }
        if (e instanceof SparkException) {
            return "the Spark job failed: " + reason;
        }
        if (e instanceof IllegalStateException && spark != null && spark.sparkContext().isStopped()) {
            return "--master " + master + ": Spark stopped the application (its reason is on the line above)";
        }
        return null;
    }

    /** The jar this class was loaded from (kwire-spark.jar from ./kwire-spark or spark-submit), or null. */
    private static String jobJar() {
        String[] jar = JavaSparkContext.jarOfClass(KwireSpark.class);
        return jar.length == 0 ? null : jar[0];
    }

    /** The report as kwire writes it (JSON, snake_case, indented), to a Hadoop file system path or stdout. */
    static void write(SparkSession spark, Report r, String output, PrintStream out) throws IOException {
        byte[] json = (ReportJson.toString(r) + "\n").getBytes(StandardCharsets.UTF_8);
        if (output == null) {
            out.write(json);
            out.flush();
            return;
        }
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(output);
        try (OutputStream o = p.getFileSystem(spark.sparkContext().hadoopConfiguration()).create(p, true)) {
            o.write(json);
        }
    }
}
