package org.kwire.spark;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Which jars a master's executors are given ({@link JobJar}); that they then run the job on a real cluster is
 * {@link SparkClusterIT}'s.
 */
class JobJarTest {

    private static final String JAR = "/opt/kwire/analyzer-spark/target/kwire-spark.jar";

    @Test
    void localModeNeedsNoJar() {
        for (String master : new String[] {"local", "local[2]", "local[*]", "local[2,3]"}) {
            assertNull(JobJar.jars(master, null, JAR), master);
            assertNull(JobJar.jars(master, null, null), master);
        }
    }

    @Test
    void everyOtherMasterGetsTheJobJar() {
        for (String master : new String[] {"spark://10.0.0.5:7077", "yarn", "k8s://https://k8s:6443", "local-cluster[2,1,1024]"}) {
            assertEquals(JAR, JobJar.jars(master, null, JAR), master);
            assertEquals(JAR, JobJar.jars(master, " ", JAR), master);
        }
    }

    @Test
    void configuredJarsAreKeptAndTheJobJarAddedOnce() {
        assertEquals("hdfs:///lib/udf.jar," + JAR, JobJar.jars("yarn", "hdfs:///lib/udf.jar", JAR));
        // spark-submit lists its application jar, as a URI, or the copy a cluster-mode driver runs from
        assertNull(JobJar.jars("spark://h:7077", "file:" + JAR, JAR));
        assertNull(JobJar.jars("spark://h:7077", "hdfs:///jobs/kwire-spark.jar", "/var/spark/work/driver-1/kwire-spark.jar"));
        // kwire run from classes: the jars configured are left as they are
        assertNull(JobJar.jars("spark://h:7077", "/tmp/my-kwire.jar", null));
    }

    @Test
    void noJarForAClusterIsAUsageError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JobJar.jars("spark://h:7077", null, null));
        assertEquals("--master spark://h:7077: the executors need kwire-spark.jar, and kwire was not loaded from a jar; "
                + "run ./kwire-spark, or spark-submit analyzer-spark/target/kwire-spark.jar", e.getMessage());
    }
}
