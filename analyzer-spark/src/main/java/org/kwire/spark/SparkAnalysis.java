package org.kwire.spark;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.kwire.analysis.Analysis;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.partial.Partial;
import org.kwire.partial.PartialCodec;
import org.kwire.partial.PartialMerge;
import org.kwire.pcap.CaptureFiles;
import org.kwire.report.Report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.from_json;

/**
 * kwire's analysis on Spark: the captures of a directory or glob of any Hadoop file system, one task per file (read
 * whole, as one analysis would read it); each task's partial result comes back to the driver, where the partials
 * are merged in time order, whatever the paths' names ({@link PartialMerge#mergeAll}: {@code tcpdump -C} names do
 * not sort by time), into the report one analysis of all the files would give (connections that cross a file
 * boundary joined, {@code docs/PARTIAL.md}). Optionally the {@code exchanges} dataset: each task's NDJSON events as Parquet rows ({@link ExchangeSchema}).
 */
public final class SparkAnalysis {

    private SparkAnalysis() {
    }

    /** One capture file to analyze: its place in path order (only to list the tasks; merged by time), path and size. */
    record Capture(int index, String path, long bytes) implements Serializable {
    }

    /** What a task returns: the partial (JSON) and the events of one file (NDJSON lines). */
    record Result(int index, String path, String partial, List<String> events) implements Serializable {
    }

    /**
     * The capture files of the paths (files, directories read recursively, globs), sorted by path.
     *
     * @throws IOException if a path matches nothing or cannot be listed
     */
    static List<Capture> list(List<String> paths, Configuration conf) throws IOException {
        TreeMap<String, Long> files = new TreeMap<>();
        for (String p : paths) {
            Path path = new Path(p);
            FileSystem fs = path.getFileSystem(conf);
            FileStatus[] matched = fs.globStatus(path);
            if (matched == null || matched.length == 0) {
                throw new IOException("no such file: " + p);
            }
            for (FileStatus s : matched) {
                if (s.isDirectory()) {
                    RemoteIterator<LocatedFileStatus> it = fs.listFiles(s.getPath(), true);
                    while (it.hasNext()) {
                        LocatedFileStatus f = it.next();
                        if (f.isFile() && !f.getPath().getName().startsWith(".") && !f.getPath().getName().startsWith("_")) {
                            files.put(f.getPath().toString(), f.getLen());
                        }
                    }
                } else {
                    files.put(s.getPath().toString(), s.getLen());
                }
            }
        }
        List<Capture> out = new ArrayList<>();
        files.forEach((path, bytes) -> out.add(new Capture(out.size(), path, bytes)));
        return out;
    }

    /**
     * Analyzes the captures.
     *
     * @param config    the analysis (its key logs and schemas read on the driver and again by each task)
     * @param paths     files, directories or globs of any Hadoop file system
     * @param exchanges where to write the exchanges dataset as Parquet (replaced), or null
     * @param warnings  receives each capture warning
     * @return the report
     */
    public static Report run(SparkSession spark, AnalysisConfig config, List<String> paths, String exchanges,
                             Consumer<String> warnings) throws IOException {
        Analysis analysis = Analysis.of(config);
        analysis.run(); // every setting checked and every key log read here, before any task
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        List<Capture> captures = list(paths, conf);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        boolean withEvents = exchanges != null;
        // the config goes to the executors as a broadcast: a task's closure holds only Spark's handle, so that an
        // executor without kwire's classes fails on the closure's own class (NoClassDefFoundError: org/kwire/...)
        Broadcast<AnalysisConfig> shared = jsc.broadcast(config);
        JavaRDD<Result> results = jsc.parallelize(captures, Math.max(1, captures.size()))
                .map(c -> analyze(shared.value(), c, withEvents));
        if (withEvents) {
            results.persist(StorageLevel.MEMORY_AND_DISK());
        }
        List<Result> done = new ArrayList<>(results.map(r -> new Result(r.index(), r.path(), r.partial(), List.of())).collect());
        done.sort((a, b) -> Integer.compare(a.index(), b.index()));
        List<Partial> partials = new ArrayList<>();
        for (Result r : done) {
            partials.add(PartialCodec.fromJson(r.partial()));
        }
        Partial merged;
        try {
            merged = PartialMerge.mergeAll(partials); // in time order: never by the paths' names
        } catch (IllegalArgumentException e) { // files holding the same packets: input, not usage
            throw new IOException(e.getMessage(), e);
        }
        Report report = analysis.report(merged, warnings);
        if (withEvents) {
            StructType rows = new StructType().add("file", DataTypes.StringType).add("json", DataTypes.StringType);
            JavaRDD<Row> lines = results.flatMap(r -> r.events().stream().map(e -> RowFactory.create(r.path(), e)).iterator());
            Dataset<Row> events = spark.createDataFrame(lines, rows)
                    .select(col("file"), from_json(col("json"), ExchangeSchema.events()).as("e"))
                    .select("file", "e.*");
            events.write().mode(SaveMode.Overwrite).parquet(exchanges);
            results.unpersist();
        }
        shared.destroy();
        return report;
    }

    /** One task: one file read whole through its file system, analyzed as a slice. */
    private static Result analyze(AnalysisConfig config, Capture c, boolean withEvents) throws IOException {
        Path path = new Path(c.path());
        FileSystem fs = path.getFileSystem(new Configuration());
        ByteArrayOutputStream events = withEvents ? new ByteArrayOutputStream() : null;
        Partial p = Analysis.of(config).slice(path.getName(), () -> {
            InputStream in = fs.open(path);
            return CaptureFiles.open(in, path.getName());
        }, c.bytes(), events);
        List<String> lines = events == null ? List.of()
                : Arrays.stream(events.toString(StandardCharsets.UTF_8).split("\n")).filter(l -> !l.isEmpty()).toList();
        return new Result(c.index(), c.path(), PartialCodec.toJson(p), lines);
    }
}
