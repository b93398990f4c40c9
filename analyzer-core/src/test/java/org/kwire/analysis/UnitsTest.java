package org.kwire.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Sizes and durations with unit suffixes, and plain numbers in the option's own unit ({@link Units}). */
class UnitsTest {

    private static final long MIB = 1L << 20;
    private static final long S = 1_000_000_000L;

    private static void refused(String message, Executable read) {
        assertEquals(message, assertThrows(ConfigException.class, read).getMessage());
    }

    @Test
    void sizesTakeBinarySuffixesAndPlainNumbersInTheOptionsUnit() {
        assertEquals(100, Units.bytes("--x", "100", 1));
        assertEquals(100, Units.bytes("--x", "100b", MIB));
        assertEquals(64_000_000L, Units.bytes("--ring-size", "64", 1_000_000L));
        assertEquals(64 * MIB, Units.bytes("--ring-size", "64M", 1_000_000L));
        assertEquals(512 * 1024, Units.bytes("--x", "512K", 1));
        assertEquals(512 * 1024, Units.bytes("--x", "512k", 1));
        assertEquals(1L << 30, Units.bytes("--x", "1G", 1));
        assertEquals(1L << 30, Units.bytes("--x", "1GiB", 1));
        assertEquals(1L << 30, Units.bytes("--x", "1gb", 1));
        assertEquals(3L << 40, Units.bytes("--x", "3T", 1));
        assertEquals(8L << 30, Units.bytes("--max-x", " 8G ", 1));
        assertEquals(0, Units.bytes("--x", "0", 1));
    }

    @Test
    void aSizeIsWrittenInTheLargestUnitThatDividesItAndReadsBackTheSame() {
        assertEquals("100M", Units.size(104_857_600));
        assertEquals("64M", Units.size(64L << 20));
        assertEquals("1G", Units.size(1L << 30));
        assertEquals("1536K", Units.size(1536 << 10));
        assertEquals("65535", Units.size(65_535));
        assertEquals("0", Units.size(0));
        for (long n : new long[] {104_857_600, 1536 << 10, 65_535, 1L << 40}) {
            assertEquals(n, Units.bytes("--x", Units.size(n), 1));
        }
    }

    @Test
    void aSizeThatIsNoneIsRefusedInOneLine() {
        refused("--x 1.5G: not a size (a whole number, or with a unit: 512K, 64M, 1G)", () -> Units.bytes("--x", "1.5G", 1));
        refused("--x 64Q: not a size (a whole number, or with a unit: 512K, 64M, 1G)", () -> Units.bytes("--x", "64Q", 1));
        refused("--x : not a size (a whole number, or with a unit: 512K, 64M, 1G)", () -> Units.bytes("--x", "", 1));
        refused("--x -1: must not be negative", () -> Units.bytes("--x", "-1", 1));
        refused("--x -4M: must not be negative", () -> Units.bytes("--x", "-4M", 1));
        refused("--x 99999999999T: too large", () -> Units.bytes("--x", "99999999999T", 1));
        refused("--x 99999999999999999999: too large", () -> Units.bytes("--x", "99999999999999999999", 1));
        assertEquals(Integer.MAX_VALUE, Units.bytesInt("--x", "2147483647", 1));
        refused("--max-decompressed 2G: at most 2147483647 bytes (2G less one byte)",
                () -> Units.bytesInt("--max-decompressed", "2G", 1));
    }

    @Test
    void durationsTakeSuffixesAndPlainNumbersInTheOptionsUnit() {
        assertEquals(30 * S, Units.nanos("--x", "30", S));
        assertEquals(30 * S, Units.nanos("--x", "30s", 1));
        assertEquals(300 * S, Units.nanos("--x", "5m", 1));
        assertEquals(5400 * S, Units.nanos("--x", "1.5h", 1));
        assertEquals(500_000_000L, Units.nanos("--x", "500ms", S));
        assertEquals(500_000L, Units.nanos("--x", "0.5", 1_000_000L));
        assertEquals(2_000L, Units.nanos("--x", "2us", 1));
        assertEquals(7L, Units.nanos("--x", "7ns", S));
        assertEquals(1L, Units.nanos("--x", "0.5ns", S)); // rounded up to a whole nanosecond
        assertEquals(300, Units.seconds("--duration", "5m"));
        assertEquals(30, Units.seconds("--duration", "30"));
        assertEquals(2, Units.seconds("--duration", "2000ms"));
    }

    @Test
    void aDurationThatIsNoneIsRefusedInOneLine() {
        refused("--x soon: not a duration (a number, or with a unit: 500ms, 30s, 5m, 1h)", () -> Units.nanos("--x", "soon", S));
        refused("--x 5d: not a duration (a number, or with a unit: 500ms, 30s, 5m, 1h)", () -> Units.nanos("--x", "5d", S));
        refused("--x 5M: not a duration (a number, or with a unit: 500ms, 30s, 5m, 1h)", () -> Units.nanos("--x", "5M", S));
        refused("--x -2s: must not be negative", () -> Units.nanos("--x", "-2s", S));
        refused("--x 9999999999h: too long", () -> Units.nanos("--x", "9999999999h", S));
        refused("--duration 1500ms: a whole number of seconds (this option counts seconds)",
                () -> Units.seconds("--duration", "1500ms"));
        refused("--duration 99999999999: too long", () -> Units.seconds("--duration", "99999999999"));
    }

    @Test
    void minLatencyTakesAUnitToo() {
        assertEquals(500, OptionValues.millisAsMicros("--min-latency-ms", "0.5"));
        assertEquals(500, OptionValues.millisAsMicros("--min-latency-ms", "500us"));
        assertEquals(2_000_000, OptionValues.millisAsMicros("--min-latency-ms", "2s"));
        assertEquals(1, OptionValues.millisAsMicros("--min-latency-ms", "1ns")); // rounded up, as decimals of ms are
        refused("--min-latency-ms 2x: not a duration (a number, or with a unit: 500ms, 30s, 5m, 1h)",
                () -> OptionValues.millisAsMicros("--min-latency-ms", "2x"));
    }
}
