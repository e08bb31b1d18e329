package org.mpsdn.core;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * Defaults and validation messages.
 */
public class RegulationParametersTest {

    private static String error(RegulationParameters.Builder b) {
        return assertThrows(IllegalArgumentException.class, b::build).getMessage();
    }

    @Test
    public void paperDefaults() {
        RegulationParameters p = RegulationParameters.defaults();
        assertEquals(0.85, p.cth(), 0.0);
        assertEquals(0.5, p.alpha(), 0.0);
        assertEquals(100_000L, p.minRateBps());
        assertEquals(2_000L, p.intervalMillis());
        assertEquals(DeadlockBreaker.PRIORITY, p.deadlockBreaker());
        assertEquals(0.0, p.hysteresis(), 0.0);
        assertFalse(p.regulateUplink());
        assertEquals(p, p.toBuilder().build());
    }

    @Test
    public void tier1ThresholdDefaultsToTheLabsChoiceAndIsChecked() {
        RegulationParameters p = RegulationParameters.defaults();
        assertEquals(0.4, p.tier1Threshold(), 0.0);
        assertEquals(0.85, p.cth(), 0.0); // CTh stays the paper's
        RegulationParameters t = p.toBuilder().tier1Threshold(0.5).build();
        assertEquals(0.5, t.tier1Threshold(), 0.0);
        assertEquals(t, t.toBuilder().build());
        assertFalse(t.equals(p));
        assertEquals(1.0, p.toBuilder().tier1Threshold(1.0).build().tier1Threshold(), 0.0);
        assertEquals("tier1Threshold must be in (0, 1], was 0",
                error(RegulationParameters.builder().tier1Threshold(0)));
        assertEquals("tier1Threshold must be in (0, 1], was NaN",
                error(RegulationParameters.builder().tier1Threshold(Double.NaN)));
    }

    @Test
    public void messagesNameValueAndRange() {
        assertEquals("cth must be in (0, 1], was 1.5", error(RegulationParameters.builder().cth(1.5)));
        assertEquals("cth must be in (0, 1], was 0", error(RegulationParameters.builder().cth(0)));
        assertEquals("cth must be in (0, 1], was NaN", error(RegulationParameters.builder().cth(Double.NaN)));
        assertEquals("alpha must be in (0, 1), was 1", error(RegulationParameters.builder().alpha(1.0)));
        assertEquals("alpha must be in (0, 1), was -0.1", error(RegulationParameters.builder().alpha(-0.1)));
        assertEquals("minRateBps must be in [1, 100000000000], was 0",
                error(RegulationParameters.builder().minRateBps(0)));
        assertEquals("intervalMillis must be in [1, 3600000], was 0",
                error(RegulationParameters.builder().intervalMillis(0)));
        assertEquals("hysteresis must be in [0, 10], was -0.5",
                error(RegulationParameters.builder().hysteresis(-0.5)));
        assertEquals("deadlockBreaker must not be null",
                error(RegulationParameters.builder().deadlockBreaker(null)));
    }

    @Test
    public void boundariesAreAccepted() {
        RegulationParameters p = RegulationParameters.builder().cth(1.0).alpha(0.999).minRateBps(1)
                .intervalMillis(3_600_000L).hysteresis(10).regulateUplink(true)
                .deadlockBreaker(DeadlockBreaker.BASELINE).build();
        assertEquals(1.0, p.cth(), 0.0);
        assertEquals(DeadlockBreaker.BASELINE, p.deadlockBreaker());
    }
}
