package org.mpsdn.core;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * The mpsdn profile's demotion hold: after a multipath user's primary moves, its old primary stays Tier 1 while
 * the new one carries less of its traffic, for at most {@link DemotionHolds#MAX_CYCLES} cycles.
 */
public class DemotionHoldsTest {
    private static final long CAP = 100_000_000L;
    private static final ApDirection W = ApDirection.of("W", Direction.DOWNLINK);
    private static final ApDirection L = ApDirection.of("L", Direction.DOWNLINK);

    // M's Wi-Fi link is weak (its primary moves to LTE), one download subflow on each AP
    private final NetworkSnapshot net = new Nets().wifi("W", CAP).lte("L", CAP).ue("M", true)
            .conn("M", "W", -80, 6_000_000).conn("M", "L", -60, 40_000_000)
            .tcpDown("M", "W").tcpDown("M", "L").build();
    private final RegulationCenter mpsdn = new RegulationCenter(RegulationParameters.builder()
            .profile(Profile.MPSDN).build());
    private final RegulationState wasOnWifi = RegulationState.of(Map.of(), Map.of("M", "W"));

    private static Measurements sent(long atWifi, long atLte) {
        return Measurements.builder().station(W, new StationLoad("M", 0.2, atWifi))
                .station(L, new StationLoad("M", 0.0, atLte)).build();
    }

    private Tier wifiTier(CycleResult r) {
        return r.tier(0);
    }

    @Test
    public void theOldPrimaryStaysTier1UntilTheNewOneCarriesAsMuch() {
        CycleResult moved = mpsdn.cycle(net, sent(8_000_000, 50_000), wasOnWifi);
        assertEquals("L", moved.primaryApOf("M").orElseThrow());
        assertEquals(Tier.TIER1, wifiTier(moved));
        assertEquals(Tier.TIER1, moved.tier(1));
        assertEquals(Map.of("M", new DemotionHold("W", 1)), moved.nextState().demotionHolds());
        CycleResult still = mpsdn.cycle(net, sent(7_000_000, 3_000_000), moved.nextState());
        assertEquals(Tier.TIER1, wifiTier(still));
        assertEquals(Map.of("M", new DemotionHold("W", 2)), still.nextState().demotionHolds());
        CycleResult carried = mpsdn.cycle(net, sent(4_000_000, 9_000_000), still.nextState());
        assertEquals(Tier.TIER2, wifiTier(carried));
        assertTrue(carried.nextState().demotionHolds().isEmpty());
        // the hold is not started again once the new primary was the previous one
        assertEquals(Tier.TIER2, wifiTier(mpsdn.cycle(net, sent(8_000_000, 50_000), carried.nextState())));
    }

    @Test
    public void aHoldEndsAfterMaxCycles() {
        RegulationState s = wasOnWifi;
        for (int cycle = 1; cycle <= DemotionHolds.MAX_CYCLES; cycle++) {
            CycleResult r = mpsdn.cycle(net, sent(8_000_000, 50_000), s);
            assertEquals("cycle " + cycle, Tier.TIER1, wifiTier(r));
            s = r.nextState();
        }
        CycleResult last = mpsdn.cycle(net, sent(8_000_000, 50_000), s);
        assertEquals(Tier.TIER2, wifiTier(last));
        assertTrue(last.nextState().demotionHolds().isEmpty());
    }

    @Test
    public void noHoldWhenTheOldPathCarriesNothingOrARateIsUnknownOrInThePaperProfile() {
        assertEquals(Tier.TIER2, wifiTier(mpsdn.cycle(net, sent(0, 0), wasOnWifi)));
        assertEquals(Tier.TIER2, wifiTier(mpsdn.cycle(net, sent(8_000_000, StationLoad.UNKNOWN), wasOnWifi)));
        assertEquals(Tier.TIER2, wifiTier(mpsdn.cycle(net, Measurements.none(), wasOnWifi)));
        CycleResult paper = new RegulationCenter().cycle(net, sent(8_000_000, 50_000), wasOnWifi);
        assertEquals("L", paper.primaryApOf("M").orElseThrow());
        assertEquals(Tier.TIER2, wifiTier(paper));
        assertTrue(paper.nextState().demotionHolds().isEmpty());
    }

    @Test
    public void restoredHoldsAreChecked() {
        assertThrows(IllegalArgumentException.class,
                () -> wasOnWifi.withDemotionHolds(Map.of(" ", new DemotionHold("W", 1))));
        assertThrows(IllegalArgumentException.class, () -> new DemotionHold("W", 0));
        RegulationState held = wasOnWifi.withDemotionHolds(Map.of("M", new DemotionHold("W", 2)));
        assertEquals("W", held.primaryApOf("M").orElseThrow());
        CycleResult r = mpsdn.cycle(net, sent(8_000_000, 50_000), held);
        assertEquals(Map.of("M", new DemotionHold("W", 3)), r.nextState().demotionHolds());
    }
}
