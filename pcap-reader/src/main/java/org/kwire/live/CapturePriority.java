package org.kwire.live;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Raises the scheduling priority of the calling thread (the capture thread) on Linux: its nice value is set to
 * {@value #CAPTURE_NICE} with libc's {@code setpriority(PRIO_PROCESS, tid, nice)} through JNA (on Linux a thread id
 * names that one thread: setpriority(2), "BUGS"). On a busy host the kernel's scheduler then wakes the capture thread
 * ahead of busy processes of nice 0 and gives it about nine times their share of a core (CFS weights 9,548 against
 * 1,024), so that it empties libpcap's ring before the kernel drops packets; the analysis threads keep nice 0 and fall
 * behind first, which the analysis queue absorbs and sheds ({@link CaptureQueue}). The JVM's own threads that stop
 * every Java thread while they work (the VM thread, the collector's "GC Thread#N": a stop-the-world pause) get the
 * same nice value ({@link #raiseJvmThreads}): at nice 0 on a busy host a young collection took 0.4-0.5 s instead of
 * milliseconds (-Xlog:gc, docs/PERFORMANCE.md, "Live capture"), long enough for the kernel to drop packets while the
 * capture thread waited. They run only during pauses, so this takes nothing from the host otherwise. Java's own
 * thread priorities do nothing on Linux unless the JVM runs with {@code -XX:ThreadPriorityPolicy=1}, which would raise the JIT's and the
 * JVM's threads too.
 *
 * <p>Lowering a nice value needs CAP_SYS_NICE (root has it, as capturing usually runs); without it, or off Linux,
 * nothing changes and {@link #raise()} says why. One instance per capture thread: not thread-safe.
 */
final class CapturePriority {

    /** The capture thread's nice value (-20 highest, 0 the default, 19 lowest). */
    static final int CAPTURE_NICE = -10;
    /** setpriority's {@code which} for a process (on Linux: a thread, given its thread id). */
    private static final int PRIO_PROCESS = 0;

    /** libc's setpriority(2); errno becomes a {@link LastErrorException}. */
    private interface LibC extends Library {
        int setpriority(int which, int who, int prio) throws LastErrorException;
    }

    /** libc, loaded on first use. */
    private static final class Libc {
        static final LibC C = Native.load("c", LibC.class);
    }

    /** The names (/proc/.../comm) of the JVM's threads that run stop-the-world pauses, as prefixes. */
    private static final List<String> PAUSE_THREADS = List.of("VM Thread", "GC Thread#");

    /** Thread ids of this process already looked at by {@link #raiseJvmThreads}. */
    private final Set<Integer> seen = new HashSet<>();

    /**
     * Sets the calling thread's nice value to {@value #CAPTURE_NICE}.
     *
     * @return null once done, else why not (not Linux, no permission, libc not found)
     */
    String raise() {
        Path self = Path.of("/proc/thread-self");
        if (!System.getProperty("os.name", "").startsWith("Linux") || !Files.exists(self)) {
            return "not Linux";
        }
        try {
            return nice(Integer.parseInt(self.toRealPath().getFileName().toString())); // /proc/PID/task/TID
        } catch (IOException | RuntimeException e) {
            return "setpriority: " + e;
        }
    }

    /**
     * Gives the JVM's pause threads started since the last call ({@link #PAUSE_THREADS}; a collector starts some only
     * when it first needs them) the capture thread's nice value; call after {@link #raise()} succeeded, now and then
     * (each call reads /proc/self/task and the names of the threads it has not seen).
     */
    void raiseJvmThreads() {
        List<Integer> tids;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            tids = tasks.map(t -> Integer.parseInt(t.getFileName().toString())).filter(seen::add)
                    .collect(Collectors.toList());
        } catch (IOException | RuntimeException e) {
            return;
        }
        for (int tid : tids) {
            try {
                String name = Files.readString(Path.of("/proc/self/task/" + tid + "/comm"));
                if (PAUSE_THREADS.stream().anyMatch(name::startsWith)) {
                    nice(tid);
                }
            } catch (IOException | RuntimeException e) {
                // the thread ended
            }
        }
    }

    private static String nice(int tid) {
        try {
            Libc.C.setpriority(PRIO_PROCESS, tid, CAPTURE_NICE);
            return null;
        } catch (LastErrorException e) {
            return "setpriority: errno " + e.getErrorCode() + (e.getErrorCode() == 13 || e.getErrorCode() == 1
                    ? " (no permission: needs root or CAP_SYS_NICE)" : "");
        } catch (RuntimeException | LinkageError e) {
            return "setpriority: " + e;
        }
    }
}
