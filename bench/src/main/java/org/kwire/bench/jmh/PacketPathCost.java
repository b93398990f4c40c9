package org.kwire.bench.jmh;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * The per-packet path's stages ({@link PacketStages}) in CPU time rather than wall time, for a machine shared with
 * other work: {@code java -cp kwire-bench.jar org.kwire.bench.jmh.PacketPathCost CAPTURE STAGE PASSES} runs
 * {@code STAGE} ({@code read}, {@code decode}, {@code reassemble}, {@code handoff}) over every packet of the capture
 * {@code PASSES} times and prints, per pass, the calling thread's CPU nanoseconds and bytes allocated per packet
 * (the first passes warm the JIT; the stream thread of {@code handoff} is not counted, its events only counted).
 */
public final class PacketPathCost {

    private PacketPathCost() {
    }

    public static void main(String[] args) throws Exception {
        PacketStages stages = new PacketStages(Path.of(args[0]));
        String stage = args[1];
        int passes = Integer.parseInt(args[2]);
        int n = stage.equals("read") || stage.equals("decode") ? stages.packets() : stages.segments();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long sink = 0;
        for (int pass = 1; pass <= passes; pass++) {
            long cpu = threads.getCurrentThreadCpuTime();
            long bytes = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < n; i++) {
                sink += switch (stage) {
                    case "read" -> stages.read().capturedLength();
                    case "decode" -> stages.decode() == null ? 0 : 1;
                    case "reassemble" -> stages.reassemble();
                    case "handoff" -> stages.handoff();
                    default -> throw new IllegalArgumentException("stage " + stage);
                };
            }
            double ns = (threads.getCurrentThreadCpuTime() - cpu) / (double) n;
            double b = (threads.getThreadAllocatedBytes(id) - bytes) / (double) n;
            System.out.printf("%s pass %d: %.1f ns CPU/packet, %.1f bytes/packet (%d packets)%n", stage, pass, ns, b, n);
        }
        stages.close();
        System.out.println("(" + sink + ")");
    }
}
