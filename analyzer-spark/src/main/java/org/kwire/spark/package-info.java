/**
 * kwire's analysis on Apache Spark 4 (Scala 2.13 artifacts, Java API): {@link org.kwire.spark.KwireSpark} is the
 * driver's entry ({@code ./kwire-spark}, or {@code spark-submit} of kwire-spark.jar); {@link
 * org.kwire.spark.SparkAnalysis} runs one task per capture file and merges the tasks' partials on the driver into the
 * report one analysis gives, with the optional {@code exchanges} dataset ({@link org.kwire.spark.ExchangeSchema}).
 * What a cluster's executors need of kwire is one jar, kwire-spark.jar, given to them in {@code spark.jars} ({@link
 * org.kwire.spark.JobJar}); the captures must be readable from the driver and every executor at the same path.
 * <p>
 * In, out, threads: the input is a list of capture paths; each Spark task (an executor thread) analyzes one file on
 * its own with analyzer-core's {@code Analysis} and returns its partial as JSON text (and, if asked, its events as
 * NDJSON lines); the driver merges the partials into the report. No buffer or state is shared between tasks: what
 * crosses is serialized strings ({@code SparkAnalysis.Result}).
 */
package org.kwire.spark;
