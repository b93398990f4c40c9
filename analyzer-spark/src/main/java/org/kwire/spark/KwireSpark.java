package org.kwire.spark;

import org.apache.spark.sql.SparkSession;
import org.kwire.cli.SliceAnalysis;
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
 * mode ({@code local[*]}) unless {@code --master} or {@code spark-submit} says otherwise. Exit codes as kwire's.
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
                        + "  --exchanges DIR: also write one row per exchange as Parquet (README, \"Exchange events\")\n"
                        + "  -o REPORT: the report (JSON) to REPORT instead of stdout");
                return 0;
            } else {
                rest.add(a);
            }
        }
        SliceAnalysis analysis;
        try {
            analysis = SliceAnalysis.of(rest.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            say(err, e.getMessage());
            return 2;
        }
        List<String> files = analysis.files();
        if (files.isEmpty()) {
            say(err, "no capture given (files, directories or globs)");
            return 2;
        }
        List<String> options = new ArrayList<>(rest);
        options.removeAll(files);
        SparkSession.Builder builder = SparkSession.builder().appName("kwire");
        if (master != null) {
            builder.master(master);
        } else if (System.getProperty("spark.master") == null) {
            builder.master("local[*]");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            Report r = SparkAnalysis.run(spark, options.toArray(String[]::new), files, exchanges,
                    w -> say(err, "warning: " + w));
            write(spark, r, output, out);
            return 0;
        } catch (IOException e) {
            say(err, e.getMessage());
            return 3;
        } catch (IllegalArgumentException e) {
            say(err, e.getMessage());
            return 2;
        } finally {
            spark.stop();
        }
    }

    /** {@code kwire: LINE} on {@code err}, shown by {@link VisibleText}'s rule as kwire's own lines are. */
    private static void say(PrintStream err, String line) {
        err.println(VisibleText.of("kwire: " + line));
    }

    /** The report as kwire writes it (JSON, snake_case, indented), to a Hadoop file system path or stdout. */
    static void write(SparkSession spark, Report r, String output, PrintStream out) throws IOException {
        byte[] json = (SliceAnalysis.json(r) + "\n").getBytes(StandardCharsets.UTF_8);
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
