package org.mpsdn.core;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;

import java.util.HashMap;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * One control cycle end to end, and the state carried between cycles.
 */
public class RegulationCenterTest {
    private static final long CAP = 100_000_000L;

    /** W1 is M's strong AP, W2 its weak one; S is single-path on W2; a UDP flow rides the secondary. */
    private static Nets network() {
        return Nets.strongAndWeak(CAP)
                .flow("M", "W2", 17, Direction.DOWNLINK, false)
                .flow("M", "W2", 6, Direction.UPLINK, true)
                .flow("M", "W2", 6, Direction.UPLINK, false);
    }

    private static Tier tierOf(CycleResult r, int flow) {
        return r.tier(flow);
    }

    @Test
    public void categorizesAndRegulatesDownlink() {
        NetworkSnapshot s = network().build();
        Map<ApDirection, Double> occ = new HashMap<>();
        occ.put(ApDirection.of("W1", Direction.DOWNLINK), 0.5);
        occ.put(ApDirection.of("W2", Direction.DOWNLINK), 0.95);
        CycleResult r = new RegulationCenter().cycle(s, occ, RegulationState.initial());
        assertEquals("W1", r.primaryApOf("M").orElseThrow());
        assertEquals("W2", r.primaryApOf("S").orElseThrow());
        assertEquals(Tier.TIER1, tierOf(r, 0)); // M primary
        assertEquals(Tier.TIER2, tierOf(r, 1)); // M secondary TCP
        assertEquals(Tier.TIER1, tierOf(r, 2)); // single-path user
        assertEquals(Tier.TIER1, tierOf(r, 3)); // UDP on the secondary
        assertEquals(Tier.TIER1, tierOf(r, 4)); // uplink, not regulated by default
        assertEquals(Tier.TIER1, tierOf(r, 5));
        assertEquals(1, r.tier2FlowCount());
        assertEquals(1, r.tier2FlowCount(s.apIndex("W2"), Direction.DOWNLINK));
        // starts at R_m: 0.5 -> 135 kb/s, 0.95 -> stays at R_m, no telemetry for L -> unchanged
        assertEquals(135_000L, r.tier2LimitBps("W1", Direction.DOWNLINK).getAsLong());
        assertEquals(100_000L, r.tier2LimitBps("W2", Direction.DOWNLINK).getAsLong());
        assertEquals(100_000L, r.tier2LimitBps("L", Direction.DOWNLINK).getAsLong());
        assertFalse(r.tier2LimitBps("W1", Direction.UPLINK).isPresent());
        assertEquals(-1L, r.tier2LimitBps(s.apIndex("W1"), Direction.UPLINK));
        assertEquals(1, r.missingOccupancy());
        assertEquals(0, r.invalidOccupancy());
        assertEquals(3, r.tier2Limits().size());
    }

    @Test
    public void stateCarriesOverAndConvergesToCapacityWhenIdle() {
        NetworkSnapshot s = network().build();
        RegulationCenter rct = new RegulationCenter();
        Map<ApDirection, Double> occ = Map.of(ApDirection.of("W2", Direction.DOWNLINK), 0.5);
        RegulationState state = RegulationState.initial();
        long previous = 0;
        for (int i = 0; i < 40; i++) {
            CycleResult r = rct.cycle(s, occ, state);
            long now = r.tier2LimitBps("W2", Direction.DOWNLINK).getAsLong();
            assertTrue(now >= previous);
            previous = now;
            state = r.nextState();
        }
        assertEquals(CAP, previous);
        // congestion then halves it every cycle down to R_m
        Map<ApDirection, Double> busy = Map.of(ApDirection.of("W2", Direction.DOWNLINK), 0.9);
        CycleResult r = rct.cycle(s, busy, state);
        assertEquals(CAP / 2, r.tier2LimitBps("W2", Direction.DOWNLINK).getAsLong());
    }

    @Test
    public void uplinkRegulationExemptsAcks() {
        NetworkSnapshot s = network().build();
        RegulationCenter rct = new RegulationCenter(RegulationParameters.builder().regulateUplink(true).build());
        Map<ApDirection, Double> occ = Map.of(ApDirection.of("W2", Direction.UPLINK), 0.2);
        CycleResult r = rct.cycle(s, occ, RegulationState.initial());
        assertEquals(Tier.TIER1, tierOf(r, 4)); // ACK direction of a TCP flow
        assertEquals(Tier.TIER2, tierOf(r, 5)); // uplink data on the secondary
        assertEquals(1, r.tier2FlowCount(s.apIndex("W2"), Direction.UPLINK));
        // 100k + 100k * 0.5 * 0.65 / 0.2 = 262.5k -> 262500
        assertEquals(262_500L, r.tier2LimitBps("W2", Direction.UPLINK).getAsLong());
        assertEquals(6, r.tier2Limits().size());
        assertEquals(5, r.missingOccupancy());
    }

    @Test
    public void invalidOccupancyIsIgnoredAndCounted() {
        NetworkSnapshot s = network().build();
        Map<ApDirection, Double> occ = new HashMap<>();
        occ.put(ApDirection.of("W1", Direction.DOWNLINK), Double.NaN);
        occ.put(ApDirection.of("W2", Direction.DOWNLINK), 1.7);
        occ.put(ApDirection.of("L", Direction.DOWNLINK), null);
        RegulationState prev = RegulationState.of(Map.of(ApDirection.of("W1", Direction.DOWNLINK), 7_000_000L),
                Map.of());
        CycleResult r = new RegulationCenter().cycle(s, occ, prev);
        assertEquals(3, r.invalidOccupancy());
        assertEquals(0, r.missingOccupancy());
        assertEquals(7_000_000L, r.tier2LimitBps("W1", Direction.DOWNLINK).getAsLong());
    }

    @Test
    public void hysteresisUsesThePreviousPrimary() {
        // two nearly equal APs for M: without hysteresis W1 (54 > 50); with previous W2 and h = 0.1 it stays
        Nets n = new Nets().wifi("W1", CAP).wifi("W2", CAP).ue("M", true)
                .conn("M", "W1", -50, 54_000_000).conn("M", "W2", -50, 50_000_000).tcpDown("M", "W1");
        NetworkSnapshot s = n.build();
        RegulationState prev = RegulationState.of(Map.of(), Map.of("M", "W2"));
        CycleResult off = new RegulationCenter().cycle(s, Map.of(), prev);
        assertEquals("W1", off.primaryApOf("M").orElseThrow());
        CycleResult on = new RegulationCenter(RegulationParameters.builder().hysteresis(0.1).build())
                .cycle(s, Map.of(), prev);
        assertEquals("W2", on.primaryApOf("M").orElseThrow());
        assertEquals(Tier.TIER2, on.tier(0));
        assertEquals("W2", on.nextState().primaries().get("M"));
    }

    @Test
    public void baselineBreakerIsSelectable() {
        NetworkSnapshot s = network().build();
        CycleResult r = new RegulationCenter(RegulationParameters.builder()
                .deadlockBreaker(DeadlockBreaker.BASELINE).build()).cycle(s, Map.of(), RegulationState.initial());
        assertEquals("W1", r.primaryApOf("M").orElseThrow());
        // 2 devices, 3 connections: B_f = 33 %; W2 has 2 connections: floor(2/3) = 0 filtered
        assertEquals(0, r.filteredConnections());
    }

    @Test
    public void rejectsNullArguments() {
        assertEquals("snapshot must not be null", assertThrows(IllegalArgumentException.class,
                () -> new RegulationCenter().cycle(null, Map.of(), RegulationState.initial())).getMessage());
        assertEquals("tier2LimitsBps[W1/DOWNLINK] must be in [1, 9223372036854775807], was 0",
                assertThrows(IllegalArgumentException.class, () -> RegulationState.of(
                        Map.of(ApDirection.of("W1", Direction.DOWNLINK), 0L), Map.of())).getMessage());
    }
}
