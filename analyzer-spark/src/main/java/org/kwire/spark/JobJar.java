package org.kwire.spark;

import org.apache.hadoop.fs.Path;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a master's executors need of kwire: the job jar, kwire-spark.jar (kwire and its libraries; Spark, Scala,
 * Hadoop and Jackson are the cluster's), given to Spark in {@code spark.jars} as {@code spark-submit} gives its
 * application jar, so that each executor fetches it from the driver before its first task. In local mode
 * ({@code local}, {@code local[N]}, {@code local[*]}, {@code local[N,F]}) the executor is the driver's JVM and needs
 * nothing; every other master ({@code spark://}, {@code yarn}, {@code k8s://}, {@code local-cluster[...]}) runs
 * executors in JVMs of their own.
 */
final class JobJar {

    private JobJar() {
    }

    /** The master's executors run in the driver's JVM. */
    static boolean local(String master) {
        return master.equals("local") || master.startsWith("local[");
    }

    /**
     * The {@code spark.jars} the job needs on that master, or null to leave it as it is: local mode, a jar of the
     * job jar's file name already listed (spark-submit lists its application jar there), or kwire loaded from
     * classes with jars configured.
     *
     * @param master     the master URL
     * @param configured {@code spark.jars} as configured (comma-separated paths or URIs), or null
     * @param jobJar     the jar {@link KwireSpark} was loaded from, or null when it was loaded from a directory
     * @throws IllegalArgumentException when the executors need a jar and there is none to give them (kwire loaded
     *                                  from classes, no jars configured)
     */
    static String jars(String master, String configured, String jobJar) {
        if (local(master)) {
            return null;
        }
        List<String> jars = new ArrayList<>();
        if (configured != null) {
            Arrays.stream(configured.split(",")).map(String::trim).filter(j -> !j.isEmpty()).forEach(jars::add);
        }
        if (jobJar == null && !jars.isEmpty()) {
            return null; // run from classes (an IDE, a test): the jars configured are the user's choice
        }
        if (jobJar == null) {
            throw new IllegalArgumentException("--master " + master + ": the executors need kwire-spark.jar, and kwire "
                    + "was not loaded from a jar; run ./kwire-spark, or spark-submit analyzer-spark/target/kwire-spark.jar");
        }
        String name = new Path(jobJar).getName();
        if (jars.stream().anyMatch(j -> new Path(j).getName().equals(name))) {
            return null;
        }
        jars.add(jobJar);
        return String.join(",", jars);
    }
}
