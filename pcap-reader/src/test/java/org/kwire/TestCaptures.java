package org.kwire;

import java.nio.file.Path;

/** Locates the repository's {@code test-captures/} folder from pcap-reader's tests (set by the parent pom). */
public final class TestCaptures {

    private TestCaptures() {
    }

    /** Path of a capture in {@code test-captures/}. */
    public static Path path(String name) {
        String dir = System.getProperty("kwire.testCaptures");
        return (dir != null ? Path.of(dir) : Path.of("../test-captures")).resolve(name);
    }
}
