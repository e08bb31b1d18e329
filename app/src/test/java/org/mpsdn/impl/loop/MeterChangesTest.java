package org.mpsdn.impl.loop;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.flow.FlowSample;

import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * A rate is under one meter when its window started no sooner than the last change of the limit in
 * force that the cycle saw (the first sight counting as one), and the rule was not re-installed.
 */
public class MeterChangesTest {
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);
    private static final ApDirection UL = new ApDirection("wifi1", Direction.UPLINK);

    @Test
    public void aRateCountedAcrossAChangeIsNotUnderOneMeter() {
        MeterChanges c = new MeterChanges();
        assertFalse("never seen", c.underOneMeter(DL, 5_000L));
        c.observe(DL, OptionalLong.empty(), 1_000L, 1_000L); // first sight: dated 1 s
        assertFalse(c.underOneMeter(DL, 999L));
        assertTrue(c.underOneMeter(DL, 1_000L));
        c.observe(DL, OptionalLong.empty(), 3_000L, 3_000L); // unchanged
        assertTrue(c.underOneMeter(DL, 2_000L));
        c.observe(DL, OptionalLong.of(5_000L), 5_000L, 5_000L); // a limit came in force
        assertFalse(c.underOneMeter(DL, 2_000L));
        assertFalse(c.underOneMeter(DL, 4_999L));
        assertTrue(c.underOneMeter(DL, 5_000L));
        c.observe(DL, OptionalLong.of(5_000L), 7_000L, 7_000L);
        assertTrue(c.underOneMeter(DL, 6_000L));
        c.observe(DL, OptionalLong.of(8_000L), 9_000L, 9_000L);
        assertFalse(c.underOneMeter(DL, 6_000L));
        c.observe(DL, OptionalLong.empty(), 11_000L, 11_000L); // lifted
        assertFalse(c.underOneMeter(DL, 10_000L));
        assertFalse("other direction never seen", c.underOneMeter(UL, 10_000L));
    }

    @Test
    public void aReinstalledRuleOrAnUnknownWindowIsNeverUnderOneMeter() {
        MeterChanges c = new MeterChanges();
        c.observe(DL, OptionalLong.of(5_000L), 1_000L, 1_000L);
        assertFalse(c.underOneMeter(DL, FlowSample.COUNTERS_RESET));
        assertFalse(c.underOneMeter(DL, FlowSample.SINCE_UNKNOWN));
    }

    @Test
    public void forgetsApsThatLeftTheConfig() {
        MeterChanges c = new MeterChanges();
        c.observe(DL, OptionalLong.of(5_000L), 1_000L, 1_000L);
        c.retain(Set.of("lte1"));
        assertFalse(c.underOneMeter(DL, 2_000L));
        c.observe(DL, OptionalLong.of(5_000L), 3_000L, 3_000L); // seen again: a first sight
        assertFalse(c.underOneMeter(DL, 2_000L));
        assertTrue(c.underOneMeter(DL, 3_000L));
    }

    @Test
    public void aChangeIsDatedByItsRecord() {
        MeterChanges c = new MeterChanges();
        c.observe(DL, OptionalLong.of(50_000L), 900L, 1_000L); // first sight: dated by the cycle
        assertFalse(c.underOneMeter(DL, 999L));
        c.observe(DL, OptionalLong.of(25_000L), 2_300L, 3_000L); // the stepper recorded the cut at 2.3 s
        assertTrue(c.underOneMeter(DL, 2_300L));
        assertFalse(c.underOneMeter(DL, 2_299L));
        c.observe(DL, OptionalLong.of(12_500L), 9_000L, 7_000L); // a record after the cycle: dated by the cycle
        assertFalse(c.underOneMeter(DL, 6_999L));
        assertTrue(c.underOneMeter(DL, 7_000L));
    }
}
