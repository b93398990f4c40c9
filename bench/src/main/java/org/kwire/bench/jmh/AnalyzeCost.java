package org.kwire.bench.jmh;

import org.kwire.analysis.Analysis;
import org.kwire.analysis.AnalysisConfig;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The whole default {@code analyze} per packet, by thread, in CPU time and bytes allocated, for a machine shared with
 * other work (issue 26): {@code java -cp kwire-bench.jar org.kwire.bench.jmh.AnalyzeCost CAPTURE PASSES} analyzes the
 * capture {@code PASSES} times in one JVM (the first passes warm the JIT) and prints, per pass, each thread's CPU
 * nanoseconds and bytes allocated per packet, threads of a kind summed ({@code kwire-summarizer-1}, {@code -2}, ... as
 * {@code kwire-summarizer-*}), and the process's CPU (with the JIT and the collector). The analysis' own threads end
 * with each pass: a sampler reads every thread's counters every 5 ms and keeps the last reading, so a thread's
 * figures miss at most its last 5 ms.
 */
public final class AnalyzeCost {

    private record Reading(String name, long cpu, long bytes) {
    }

    private AnalyzeCost() {
    }

    public static void main(String[] args) throws Exception {
        Path capture = Path.of(args[0]);
        int passes = Integer.parseInt(args[1]);
        PacketStages stages = new PacketStages(capture);
        int packets = stages.packets();
        stages.close();
        Analysis analysis = Analysis.of(AnalysisConfig.defaults());
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Map<Long, Reading> last = new ConcurrentHashMap<>();
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                sample(threads, last);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "sampler");
        sampler.setDaemon(true);
        long self = sampler.getId();
        sampler.start();
        for (int pass = 1; pass <= passes; pass++) {
            sample(threads, last);
            Map<Long, Reading> before = Map.copyOf(last);
            long process = os.getProcessCpuTime();
            analysis.report(List.of(capture), w -> { });
            sample(threads, last);
            double processNs = (os.getProcessCpuTime() - process) / (double) packets;
            Map<String, double[]> byName = new TreeMap<>();
            for (Map.Entry<Long, Reading> e : last.entrySet()) {
                if (e.getKey() == self) {
                    continue;
                }
                Reading now = e.getValue();
                Reading was = before.getOrDefault(e.getKey(), new Reading(now.name(), 0, 0));
                String name = now.name().replaceAll("-\\d+$", "-*");
                double[] sum = byName.computeIfAbsent(name, n -> new double[2]);
                sum[0] += (now.cpu() - was.cpu()) / (double) packets;
                sum[1] += (now.bytes() - was.bytes()) / (double) packets;
            }
            StringBuilder line = new StringBuilder();
            double cpu = 0;
            double bytes = 0;
            for (Map.Entry<String, double[]> e : byName.entrySet()) {
                if (e.getValue()[0] >= 1 || e.getValue()[1] >= 1) {
                    line.append(String.format("  %s %.0f ns %.1f B", e.getKey(), e.getValue()[0], e.getValue()[1]));
                    cpu += e.getValue()[0];
                    bytes += e.getValue()[1];
                }
            }
            System.out.printf("analyze pass %d (%d packets): process %.0f ns CPU/packet; threads %.0f ns %.1f B/packet:%s%n",
                    pass, packets, processNs, cpu, bytes, line);
            last.keySet().retainAll(before.keySet());
        }
        sampler.interrupt();
    }

    private static void sample(com.sun.management.ThreadMXBean threads, Map<Long, Reading> last) {
        for (long id : threads.getAllThreadIds()) {
            long cpu = threads.getThreadCpuTime(id);
            long bytes = threads.getThreadAllocatedBytes(id);
            java.lang.management.ThreadInfo info = threads.getThreadInfo(id);
            if (cpu >= 0 && bytes >= 0 && info != null) {
                last.put(id, new Reading(info.getThreadName(), cpu, bytes));
            }
        }
    }
}
