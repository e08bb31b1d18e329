package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.Profile;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.impl.meter.LadderRungs;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterState;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * A {@code paper} decision from the core (the production engine, whose {@code RegulationCenter} runs with
 * profile {@code paper}) through the glue to the meter on the switch, under ONOS 2.7.0's meter timing as
 * {@link FakeMeterService} emulates it (METER_ADDED only at a 10-s meter-stats poll): the meter that the
 * switch's table-1 rule of wifi1's downlink passes has Eq. 4's exact rate, not a rung of the meter ladder.
 * The expected rates are written out from the paper (Algorithm 2, Eq. 4) with the app's defaults: CTh 0.85,
 * alpha 0.5, R_m 100 kbit/s, wifi1's capacity 54000 kbit/s.
 */
public class PaperExactRateWiringTest {
    private static final long CYCLE_MS = 2000;
    private static final double CTH = OsgiPropertyConstants.CTH_DEFAULT;
    private static final double ALPHA = OsgiPropertyConstants.ALPHA_DEFAULT;
    private static final long[] RUNGS =
            LadderRungs.rates(100, 54_000, OsgiPropertyConstants.METER_LADDER_RATIO_DEFAULT);

    private Harness h;

    @Before
    public void setUp() {
        h = new Harness().master(DEV1, DEV2);
        h.realCore = true;
        h.meters.flows = h.flows;
        h.activate(OsgiPropertyConstants.PROFILE, Profile.PAPER.id());
    }

    @After
    public void tearDown() {
        h.deactivate();
    }

    /** Eq. 4 (MacOcc below CTh): BW + BW * alpha * (CTh - MacOcc) / MacOcc in bit/s, rounded up, in kbit/s. */
    private static long eq4IncreaseKbps(long bwKbps, double macOcc) {
        double bps = bwKbps * 1000.0;
        long next = (long) Math.ceil(bps + bps * ALPHA * (CTH - macOcc) / macOcc);
        return Math.round(next / 1000.0);
    }

    /** Algorithm 2, line 4 (MacOcc at or above CTh): BW / 2, at least R_m, in kbit/s. */
    private static long halvingKbps(long bwKbps) {
        return Math.max(100, Math.round(bwKbps * 1000 / 2 / 1000.0));
    }

    private OptionalLong limit() {
        return h.store.state("wifi1").map(s -> s.limitKbps(Direction.DOWNLINK)).orElse(OptionalLong.empty());
    }

    /** The rate of the meter that wifi1's downlink table-1 rule passes on the switch (-1: none). */
    private long switchRate() {
        Optional<MeterId> id = switchMeter();
        if (id.isEmpty()) {
            return -1;
        }
        assertTrue("the meter is on the switch", h.meters.switchMeters(DEV1).contains(id.get()));
        Meter m = h.meters.getMeter(DEV1, id.get());
        assertEquals(MeterState.ADDED, m.state());
        return m.bands().iterator().next().rate();
    }

    /** The meter that wifi1's downlink table-1 rule passes on the switch. */
    private Optional<MeterId> switchMeter() {
        ApSpec ap = h.manager.loop().aps().get("wifi1");
        FlowRule want = TierRules.meterRule(Harness.APP, ap, Direction.DOWNLINK, Optional.empty());
        FlowRule onSwitch = h.flows.switchRules(DEV1).stream().filter(want::equals).findFirst().orElseThrow();
        return onSwitch.treatment().meters().stream().map(i -> (MeterId) i.meterId()).findFirst();
    }

    /**
     * 2-s cycles at a MacOcc, with ONOS's meter-stats polls as they fall, until the limit in force changes; no
     * cycle runs after it changed, so no step decided from the new limit is in flight when this returns.
     */
    private long cyclesUntilChanged(double macOcc) {
        OptionalLong before = limit();
        h.telemetry.occupancy("wifi1", macOcc, 0.0); // the uplink idles at its capacity, the top rung
        for (int i = 0; i < 8 && limit().equals(before); i++) {
            h.advance(CYCLE_MS); // a step lands here at a poll, or in the cycle when its meter is ADDED already
            if (limit().equals(before)) {
                h.cycle();
            }
        }
        assertNotEquals("a new limit in force", before, limit());
        return limit().getAsLong();
    }

    @Test
    public void anIncreaseReachesTheSwitchAtEq4sExactRate() {
        long first = cyclesUntilChanged(0.1); // from R_m (no limit yet): 100 * 4.75
        assertEquals(eq4IncreaseKbps(100, 0.1), first);
        assertEquals(475, first);
        assertEquals(first, switchRate());
        long second = cyclesUntilChanged(0.8); // the paper's small step near CTh: 475 * 1.03125
        assertEquals(eq4IncreaseKbps(first, 0.8), second);
        assertEquals(490, second);
        assertEquals("the switch gets Eq. 4's rate", second, switchRate());
        assertFalse("which is no rung of the ladder", LadderRungs.isRung(RUNGS, second));
        assertNotEquals("the ladder would have gone one rung up",
                LadderRungs.quantise(RUNGS, second, OptionalLong.of(first)), second);
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        assertEquals(List.of(), h.meters.existingMeter);
    }

    @Test
    public void aDecreaseReachesTheSwitchAtHalfTheLimitInTheCycleThatDecidesIt() {
        long raised = cyclesUntilChanged(0.1);
        raised = cyclesUntilChanged(0.3); // 475 * (1 + 0.5 * 0.55 / 0.3) = 910: its half is no rung
        assertEquals(eq4IncreaseKbps(475, 0.3), raised);
        h.advance(CYCLE_MS); // the next cycles at the same MacOcc: Algorithm 2's next step is pre-submitted
        h.telemetry.occupancy("wifi1", CTH, 0.0);
        h.meterStatsPoll(); // ONOS confirms it at a poll between two cycles
        Set<MeterId> held = h.meters.switchMeters(DEV1);
        h.cycle(); // MacOcc at CTh: Algorithm 2 halves
        long half = halvingKbps(raised);
        assertFalse(LadderRungs.isRung(RUNGS, half));
        assertEquals("in force in the cycle that decides it", OptionalLong.of(half), limit());
        assertEquals("the switch gets half the limit", half, switchRate());
        assertTrue("on a meter the switch held before that cycle", held.contains(switchMeter().orElseThrow()));
        long quarter = cyclesUntilChanged(0.95); // and again from the new limit
        assertEquals(halvingKbps(half), quarter);
        assertEquals(quarter, switchRate());
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        assertEquals(List.of(), h.meters.existingMeter);
    }

    @Test
    public void aRateOnTheLadderIsInForceAtOnceAndUnusedExactRungsAreWithdrawn() {
        cyclesUntilChanged(0.1); // 475, an exact rung
        long top = cyclesUntilChanged(0.0); // an idle AP jumps to its capacity, the ladder's top rung
        assertEquals(54_000, top);
        assertEquals(top, switchRate());
        h.advance(CYCLE_MS);
        h.cycle();
        h.meterStatsPoll();
        h.telemetry.occupancy("wifi1", 0.9, 0.0);
        h.cycle();
        assertEquals("the halving of a rung is a rung", OptionalLong.of(27_000), limit());
        assertEquals(27_000, switchRate());
        long exactLeft = h.meters.meters(DEV1).stream().map(m -> m.bands().iterator().next().rate())
                .filter(r -> !LadderRungs.isRung(RUNGS, r) && r != 27_000 / 2).count();
        assertEquals("no exact rung left but the next halving's", 0, exactLeft);
    }
}
