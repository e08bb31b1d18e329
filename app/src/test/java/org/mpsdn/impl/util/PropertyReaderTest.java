package org.mpsdn.impl.util;

import org.junit.Test;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class PropertyReaderTest {

    private static Dictionary<String, Object> props(Object... kv) {
        Hashtable<String, Object> d = new Hashtable<>();
        for (int i = 0; i < kv.length; i += 2) {
            d.put((String) kv[i], kv[i + 1]);
        }
        return d;
    }

    @Test
    public void absentBlankOrNullKeepTheValueInForce() {
        PropertyReader r = new PropertyReader(props("blank", "  "));
        assertEquals(7, r.integer("absent", 7, 0, 10));
        assertEquals(7, r.integer("blank", 7, 0, 10));
        assertEquals("x", r.string("blank", "x"));
        assertTrue(r.bool("absent", true));
        PropertyReader none = new PropertyReader(null);
        assertEquals(0.5, none.decimal("a", 0.5, 0, true, 1, true), 0);
        assertFalse(r.hasErrors());
        assertFalse(none.hasErrors());
    }

    @Test
    public void readsValidValuesOfEveryKindFromStringsOrObjects() {
        PropertyReader r = new PropertyReader(props("i", " 42 ", "d", "0.25", "b", "TRUE", "s", " text ",
                "c", "baseline", "h", "[::1]:9", "n", 5));
        assertEquals(42, r.integer("i", 0, 0, 100));
        assertEquals(0.25, r.decimal("d", 0, 0, false, 1, true), 0);
        assertTrue(r.bool("b", false));
        assertEquals("text", r.string("s", null));
        assertEquals("baseline", r.choice("c", "priority", Set.of("priority", "baseline")));
        assertEquals(HostPort.parse("[::1]:9"), r.hostPort("h", null));
        assertEquals(5, r.integer("n", 0, 0, 10));
        assertFalse(r.hasErrors());
    }

    @Test
    public void invalidValuesKeepTheValueInForceAndAreNamed() {
        PropertyReader r = new PropertyReader(props("i", "x", "j", "11", "d", "1.0", "e", "NaN",
                "b", "yes", "c", "other", "h", "nope"));
        assertEquals(3, r.integer("i", 3, 0, 10));
        assertEquals(3, r.integer("j", 3, 0, 10));
        assertEquals(0.5, r.decimal("d", 0.5, 0, false, 1, false), 0);
        assertEquals(0.5, r.decimal("e", 0.5, 0, true, 1, true), 0);
        assertFalse(r.bool("b", false));
        assertEquals("priority", r.choice("c", "priority", Set.of("priority", "baseline")));
        assertEquals(null, r.hostPort("h", null));
        List<String> errors = r.errors();
        assertEquals(7, errors.size());
        assertEquals("i: not an integer: 'x'", errors.get(0));
        assertEquals("j: must be in [0, 10], was 11", errors.get(1));
        assertEquals("d: must be in (0.0, 1.0), was 1.0", errors.get(2));
        assertTrue(errors.get(3).startsWith("e: must be in [0.0, 1.0]"));
        assertEquals("b: must be true or false, was 'yes'", errors.get(4));
        assertEquals("c: must be one of [baseline, priority], was 'other'", errors.get(5));
        assertEquals("h: must be host:port, was 'nope'", errors.get(6));
    }
}
