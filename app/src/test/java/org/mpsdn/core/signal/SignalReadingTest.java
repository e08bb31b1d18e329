package org.mpsdn.core.signal;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * Signal readings: a value in [0, 1] or a reason for none.
 */
public class SignalReadingTest {

    @Test
    public void aReadingHasAValueInRange() {
        SignalReading r = SignalReading.of(0.4, SignalReading.Source.TIER1_STATIONS);
        assertTrue(r.present());
        assertEquals(0.4, r.value(), 0.0);
        assertFalse(SignalReading.MISSING.present());
        assertFalse(SignalReading.INVALID.present());
        assertEquals("signal must be in [0, 1], was 1.5", assertThrows(IllegalArgumentException.class,
                () -> SignalReading.of(1.5, SignalReading.Source.AP_OCCUPANCY)).getMessage());
        assertEquals("signal must be in [0, 1], was NaN", assertThrows(IllegalArgumentException.class,
                () -> SignalReading.of(Double.NaN, SignalReading.Source.AP_OCCUPANCY)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SignalReading.of(0.1, SignalReading.Source.MISSING));
    }

    @Test
    public void kindsHaveOperatorNames() {
        assertEquals("ap", SignalKind.AP.id());
        assertEquals("tier1", SignalKind.TIER1.id());
    }
}
