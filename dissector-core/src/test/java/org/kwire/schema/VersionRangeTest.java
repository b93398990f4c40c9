package org.kwire.schema;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VersionRangeTest {

    @Test
    void parsesEverySchemaForm() {
        assertEquals(new VersionRange((short) 3, (short) 3), VersionRange.parse("3"));
        assertEquals(new VersionRange((short) 1, (short) 4), VersionRange.parse("1-4"));
        assertEquals(new VersionRange((short) 2, Short.MAX_VALUE), VersionRange.parse("2+"));
        assertTrue(VersionRange.parse("none").isEmpty());
        assertTrue(VersionRange.parse(null).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> VersionRange.parse("x+"));
    }

    @Test
    void containsAndIntersect() {
        VersionRange r = VersionRange.parse("2-5");
        assertFalse(r.contains(1));
        assertTrue(r.contains(2));
        assertTrue(r.contains(5));
        assertFalse(r.contains(6));
        assertEquals(VersionRange.parse("4-5"), r.intersect(VersionRange.parse("4+")));
        assertTrue(r.intersect(VersionRange.parse("6+")).isEmpty());
        assertEquals("2-5", r.toString());
        assertEquals("4+", VersionRange.parse("4+").toString());
        assertEquals("none", VersionRange.NONE.toString());
    }
}
