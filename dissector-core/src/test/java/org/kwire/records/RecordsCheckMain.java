package org.kwire.records;

import org.kwire.api.KafkaDecoder;
import org.kwire.api.Problem;
import org.kwire.api.RecordsCheck;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link CodecLibrariesTest}: decodes the records field in the file {@code args[0]} through the
 * front door and prints each problem on a line, then the counts. Names no codec library: it runs on a class path
 * without them.
 */
public final class RecordsCheckMain {

    private RecordsCheckMain() {
    }

    public static void main(String[] args) throws IOException {
        RecordsCheck check = KafkaDecoder.create().records(ByteBuffer.wrap(Files.readAllBytes(Path.of(args[0]))));
        for (Problem p : check.problems()) {
            System.out.println(p);
        }
        System.out.println("batches " + check.batches().size() + ", records " + check.records() + ", crc valid "
                + check.crcValid() + ", codecs "
                + check.codecs() + ", bytes uncompressed " + check.bytesUncompressed());
    }
}
