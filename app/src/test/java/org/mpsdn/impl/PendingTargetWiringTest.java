package org.mpsdn.impl;

import org.junit.After;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.ApView;
import org.mpsdn.impl.decide.EngineDecision;

import java.util.Map;
import java.util.OptionalLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * The limit the cycle decides from (BW_i): in the mpsdn profile, the target of a step that waits for
 * ONOS's confirmation (its 10-s meter-stats poll); in the paper profile, the limit in force.
 */
public class PendingTargetWiringTest {
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);
    private final Harness h = new Harness().master(DEV1, DEV2);
    private final long[] target = {5_000L};

    @After
    public void tearDown() {
        h.deactivate();
    }

    private Harness start(String profile) {
        h.withoutLadder().activate(OsgiPropertyConstants.PROFILE, profile);
        h.telemetry.occupancy("wifi1", 0.1, 0.1);
        h.engine.script = in -> new EngineDecision(Map.of(), Map.of(DL, target[0]), Map.of());
        return h;
    }

    /** BW_i of wifi1's downlink in the last cycle's input, null when none. */
    private Long decidedFrom() {
        ApView v = h.engine.last().aps().stream().filter(a -> a.spec().id().equals("wifi1")).findFirst()
                .orElseThrow();
        return v.limitKbps().get(Direction.DOWNLINK);
    }

    private OptionalLong inForce() {
        return h.store.state("wifi1").map(s -> s.limitKbps(Direction.DOWNLINK)).orElse(OptionalLong.empty());
    }

    @Test
    public void mpsdnDecidesFromThePendingTarget() {
        start("mpsdn");
        h.cycle(); // submits the 5-Mb/s meter
        assertEquals(OptionalLong.empty(), inForce());
        h.cycle();
        assertEquals(Long.valueOf(5_000L), decidedFrom());
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(5_000L), inForce());
        target[0] = 8_000L;
        h.cycle(); // the raise waits for the next poll
        h.cycle();
        assertEquals(OptionalLong.of(5_000L), inForce());
        assertEquals(Long.valueOf(8_000L), decidedFrom());
        h.meterStatsPoll();
        h.cycle();
        assertEquals(OptionalLong.of(8_000L), inForce());
        assertEquals(Long.valueOf(8_000L), decidedFrom());
    }

    @Test
    public void paperDecidesFromTheLimitInForce() {
        start("paper");
        h.cycle();
        h.cycle();
        assertNull(decidedFrom());
        h.meterStatsPoll();
        target[0] = 8_000L;
        h.cycle();
        h.cycle();
        assertEquals(OptionalLong.of(5_000L), inForce());
        assertEquals(Long.valueOf(5_000L), decidedFrom());
    }
}
