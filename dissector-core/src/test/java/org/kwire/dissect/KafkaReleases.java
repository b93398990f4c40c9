package org.kwire.dissect;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * kafka-clients of each bundled release in an isolated class loader (their generated classes clash), to use Kafka's
 * own generated {@code *Data} and {@code *DataJsonConverter} classes as the oracle. The jars are copied to
 * {@code target/kafka-clients/<release>/} by the build, with the libraries they need (Jackson, slf4j) in
 * {@code target/kafka-clients/shared/}.
 */
final class KafkaReleases {

    private static final Path JARS = Path.of("target/kafka-clients");
    private static final String PKG = "org.apache.kafka.common.message.";
    private final Map<String, Release> releases = new HashMap<>();

    /** One release's classes and the reflective handles the tests use. */
    static final class Release {
        private final ClassLoader loader;
        private final Constructor<?> accessor;
        private final Class<?> readable;
        private final Constructor<?> cache;
        private final Method size;
        private final Method write;

        Release(ClassLoader loader) throws ReflectiveOperationException {
            this.loader = loader;
            Class<?> acc = loader.loadClass("org.apache.kafka.common.protocol.ByteBufferAccessor");
            this.accessor = acc.getConstructor(ByteBuffer.class);
            this.readable = loader.loadClass("org.apache.kafka.common.protocol.Readable");
            Class<?> message = loader.loadClass("org.apache.kafka.common.protocol.Message");
            Class<?> cacheClass = loader.loadClass("org.apache.kafka.common.protocol.ObjectSerializationCache");
            this.cache = cacheClass.getConstructor();
            this.size = message.getMethod("size", cacheClass, short.class);
            this.write = message.getMethod("write", loader.loadClass("org.apache.kafka.common.protocol.Writable"),
                    cacheClass, short.class);
        }

        /** Kafka's {@code new <Message>Data(readable, version)}: parses a body as Kafka does. */
        Object read(String messageName, byte[] body, int version) throws ReflectiveOperationException {
            Class<?> data = loader.loadClass(PKG + messageName + "Data");
            Object in = accessor.newInstance(ByteBuffer.wrap(body));
            return data.getConstructor(readable, short.class).newInstance(in, (short) version);
        }

        /** Kafka's serialization of a parsed message ({@code Message.size} then {@code Message.write}). */
        byte[] write(Object data, int version) throws ReflectiveOperationException {
            Object c = cache.newInstance();
            byte[] out = new byte[(Integer) size.invoke(data, c, (short) version)];
            write.invoke(data, accessor.newInstance(ByteBuffer.wrap(out)), c, (short) version);
            return out;
        }

        /** Kafka's {@code <Message>DataJsonConverter.write(data, version, false)} as JSON text. */
        String json(String messageName, Object data, int version) throws ReflectiveOperationException {
            Class<?> converter = loader.loadClass(PKG + messageName + "DataJsonConverter");
            Method write = converter.getMethod("write", data.getClass(), short.class, boolean.class);
            return write.invoke(null, data, (short) version, false).toString();
        }
    }

    /** The release's classes, loaded once. */
    Release release(String version) {
        return releases.computeIfAbsent(version, v -> {
            try {
                List<URL> urls = new ArrayList<>();
                for (Path dir : List.of(JARS.resolve(v), JARS.resolve("shared"))) {
                    try (Stream<Path> s = Files.list(dir)) {
                        for (Path jar : s.filter(p -> p.toString().endsWith(".jar")).toList()) {
                            urls.add(jar.toUri().toURL());
                        }
                    }
                }
                return new Release(new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader()));
            } catch (java.io.IOException | ReflectiveOperationException e) {
                throw new IllegalStateException("kafka-clients " + v + " not found under " + JARS.toAbsolutePath(), e);
            }
        });
    }
}
