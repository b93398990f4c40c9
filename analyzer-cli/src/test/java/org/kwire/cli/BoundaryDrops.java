package org.kwire.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Rotated files with packets lost near their boundaries, as a capture that drops packets loses them: copies made
 * with {@code editcap} deleting, by frame number, the last 2 packets of the 1st, 3rd, 5th, ... file (not of the last
 * file), the first 2 of the 2nd, 4th, ... (so that one boundary in two loses 4 packets around the cut), and one
 * packet carrying TCP payload in the middle of every third file.
 *
 * @param files   the damaged copies, in the order of the originals, with the same names
 * @param deleted how many packets were deleted in all
 */
record BoundaryDrops(List<Path> files, int deleted) {

    /** Makes the damaged copies of {@code originals} (in time order) in {@code dir}. */
    static BoundaryDrops make(List<Path> originals, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        int deleted = 0;
        for (int i = 0; i < originals.size(); i++) {
            Path file = originals.get(i);
            byte[] pcap = Files.readAllBytes(file);
            int packets = PcapEdit.packets(pcap);
            List<int[]> data = PcapEdit.tcpPayloads(pcap); // {offset, length, frame} of each packet with payload
            TreeSet<Integer> frames = new TreeSet<>();
            if (i % 2 == 0 && i < originals.size() - 1) {
                frames.addAll(List.of(packets - 1, packets));
            }
            if (i % 2 == 1) {
                frames.addAll(List.of(1, 2));
            }
            if (i % 3 == 1 && !data.isEmpty()) {
                frames.add(data.get(data.size() / 2)[2]);
            }
            Path copy = dir.resolve(file.getFileName());
            List<String> command = new ArrayList<>(List.of(Splits.tool("editcap"), "-F", "pcap", file.toString(), copy.toString()));
            frames.forEach(n -> command.add(n.toString()));
            Splits.run(command);
            out.add(copy);
            deleted += frames.size();
        }
        return new BoundaryDrops(out, deleted);
    }
}
