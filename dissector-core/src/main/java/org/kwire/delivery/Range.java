package org.kwire.delivery;

/**
 * Offsets {@code first} to {@code last}, both included. Immutable.
 *
 * @param first the first offset
 * @param last  the last offset, at least {@code first}
 */
public record Range(long first, long last) {
}
