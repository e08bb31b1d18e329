package org.mpsdn.impl.loop;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.regulation.LimitDecision;

import java.util.OptionalLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The regulation log's line names the reason, the target, the limit in force, the cap and the deciding signal
 * against its threshold; a repeated decision is no change.
 */
public class RegulationLogTest {
    private static final LimitDecision DOWN = new LimitDecision(SignalSource.TIER1_STATIONS, 0.72, 0.4, 17678, 50000,
            LimitReason.DECREASE, "signal at or above its threshold: halved", 10);

    @Test
    public void aLineSaysWhy() {
        assertEquals("wifi1 downlink: DECREASE to 17678 kb/s (in force 25000, cap 50000); TIER1_STATIONS 0.720 against"
                        + " 0.400: signal at or above its threshold: halved",
                RegulationLog.line("wifi1", Direction.DOWNLINK, DOWN, OptionalLong.of(25000)));
        assertEquals("lte1 uplink: FAIL_OPEN (Tier 2 unlimited) (in force unlimited): silent",
                RegulationLog.line("lte1", Direction.UPLINK, LimitDecision.failOpen("silent", 1),
                        OptionalLong.empty()));
    }

    @Test
    public void onlyAChangeIsLogged() {
        assertTrue(DOWN.changes(null));
        assertFalse("a later cycle with the same target and reason", DOWN.at(20).changes(DOWN));
        LimitDecision otherSignal = new LimitDecision(SignalSource.TIER1_STATIONS, 0.81, 0.4, 17678, 50000,
                LimitReason.DECREASE, "signal at or above its threshold: halved", 30);
        assertFalse("the signal's value alone is no change", otherSignal.changes(DOWN));
        LimitDecision draining = new LimitDecision(SignalSource.TIER1_STATIONS, 0.9, 0.4, 3716, 50000,
                LimitReason.HOLD, "Tier 1 drains what the last decrease freed: limit kept", 40);
        assertTrue("another branch of the law holding the same limit", new LimitDecision(SignalSource.TIER1_STATIONS,
                0.05, 0.4, 3716, 6000, LimitReason.HOLD, "Tier 1 served, no capacity idle: limit kept", 50)
                .changes(draining));
        assertTrue(new LimitDecision(SignalSource.TIER1_STATIONS, 0.72, 0.4, 17678, 50000, LimitReason.FLOOR, "", 30)
                .changes(DOWN));
        assertTrue(new LimitDecision(SignalSource.MAC_OCC, 0.72, 0.85, 17678, 50000, LimitReason.DECREASE, "", 30)
                .changes(DOWN));
        assertTrue(new LimitDecision(SignalSource.TIER1_STATIONS, 0.72, 0.4, 12500, 50000, LimitReason.DECREASE, "",
                30).changes(DOWN));
    }
}
