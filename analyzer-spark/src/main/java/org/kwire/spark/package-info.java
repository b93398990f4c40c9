/**
 * kwire's analysis on Apache Spark 4 (Scala 2.13 artifacts, Java API): {@link org.kwire.spark.KwireSpark} is the
 * driver's entry ({@code ./kwire-spark}, or {@code spark-submit} of kwire-spark.jar); {@link
 * org.kwire.spark.SparkAnalysis} runs one task per capture file and merges the tasks' partials on the driver into the
 * report one analysis gives, with the optional {@code exchanges} dataset ({@link org.kwire.spark.ExchangeSchema}).
 * What a cluster's executors need of kwire is one jar, kwire-spark.jar, given to them in {@code spark.jars} ({@link
 * org.kwire.spark.JobJar}); the captures must be readable from the driver and every executor at the same path.
 */
package org.kwire.spark;
