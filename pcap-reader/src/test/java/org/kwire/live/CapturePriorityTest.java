package org.kwire.live;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link CapturePriority} on Linux, as the kernel reports it (/proc/.../stat, field 19: the nice value): the calling
 * thread gets {@value CapturePriority#CAPTURE_NICE}, another thread keeps its own, and the JVM's VM thread (the one
 * that runs every stop-the-world pause) gets the same value. Skipped, saying why, without CAP_SYS_NICE (root has it).
 */
class CapturePriorityTest {

    @Test
    void theCallingThreadAndTheVmThreadGetTheCaptureNiceValueAndOthersKeepTheirs() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/thread-self")), "not Linux");
        AtomicReference<String> failure = new AtomicReference<>();
        AtomicReference<Integer> nice = new AtomicReference<>();
        CapturePriority priority = new CapturePriority();
        Thread t = new Thread(() -> {
            failure.set(priority.raise());
            try {
                nice.set(nice(Path.of("/proc/thread-self").toRealPath()));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        t.join();
        assumeTrue(failure.get() == null || !failure.get().contains("no permission"), "no CAP_SYS_NICE: " + failure.get());
        assertNull(failure.get());
        assertEquals(CapturePriority.CAPTURE_NICE, nice.get());
        assertEquals(0, nice(Path.of("/proc/thread-self").toRealPath()), "this thread keeps nice 0");

        priority.raiseJvmThreads();
        assertEquals(CapturePriority.CAPTURE_NICE, nice(task("VM Thread")));
    }

    /** The task directory of this process' thread with that name. */
    private static Path task(String name) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.filter(t -> {
                try {
                    return Files.readString(t.resolve("comm")).strip().equals(name);
                } catch (IOException e) {
                    return false;
                }
            }).findFirst().orElseThrow();
        }
    }

    /** Field 19 of TASK/stat: the nice value (the fields after the name in parentheses, which may hold spaces). */
    private static int nice(Path task) throws IOException {
        String stat = Files.readString(task.resolve("stat"));
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(after[16]); // field 3 is after[0]
    }
}
