package org.kwire.records;

/**
 * Which codec libraries are on the class path. snappy-java, lz4-java and zstd-jni are optional dependencies of
 * dissector-core (zstd-jni alone is some 6 MB of native builds): a program that never meets their codecs need not
 * carry them, and one that meets a payload of a codec whose library is absent gets a
 * {@code kafka.records.codec_unavailable} note naming the artifact, never a {@link NoClassDefFoundError}. gzip is the
 * JDK's. Each library is looked for once, by one of its classes, without initializing it (no native code is loaded
 * here); the classes that use a library ({@link SnappyFrames}, {@link KafkaLz4Frame}, {@link Lz4Payload},
 * {@link ZstdPayload}) are touched only once it is found.
 */
final class CodecLibraries {

    private static final boolean SNAPPY = present("org.xerial.snappy.Snappy");
    private static final boolean LZ4 = present("net.jpountz.lz4.LZ4Factory");
    private static final boolean ZSTD = present("com.github.luben.zstd.ZstdDecompressCtx");

    private CodecLibraries() {
    }

    /**
     * The Maven coordinates ({@code groupId:artifactId}) of the library {@code codec} needs when it is not on the
     * class path; null when it is, or when the codec needs none.
     */
    static String missing(Codec codec) {
        return switch (codec) {
            case SNAPPY -> SNAPPY ? null : "org.xerial.snappy:snappy-java";
            case LZ4 -> LZ4 ? null : "at.yawk.lz4:lz4-java";
            case ZSTD -> ZSTD ? null : "com.github.luben:zstd-jni";
            case NONE, GZIP, UNKNOWN -> null;
        };
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, CodecLibraries.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
