package org.kwire.pcap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Opens capture files, choosing the reader by the file's magic number (pcap or pcapng). */
public final class CaptureFiles {

    private CaptureFiles() {
    }

    /**
     * Opens a capture file for reading.
     *
     * @throws NoSuchFileException     if the file does not exist
     * @throws CaptureFormatException  if it is neither pcap nor pcapng
     * @throws IOException             if it cannot be read
     */
    public static PacketSource open(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new IOException(file + ": not a readable file");
        }
        byte[] head = new byte[4];
        int n;
        try (InputStream s = Files.newInputStream(file)) {
            n = s.readNBytes(head, 0, 4);
        }
        if (n < 4) {
            throw new CaptureFormatException(file + ": not a capture file (only " + n + " bytes)");
        }
        ByteInput in = new MappedByteInput(file);
        try {
            if (ByteBuffer.wrap(head).getInt() == PcapngReader.SHB) {
                return new PcapngReader(in, file.toString());
            }
            return new PcapReader(in, file.toString());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }
}
