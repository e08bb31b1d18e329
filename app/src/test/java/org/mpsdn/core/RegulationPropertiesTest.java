package org.mpsdn.core;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.Protocol;
import org.mpsdn.core.regulate.BandwidthRegulator;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

/**
 * Property-based tests (jqwik) of a full cycle over random networks.
 */
class RegulationPropertiesTest {
    private static final long R_M = RegulationParameters.DEFAULT_MIN_RATE_BPS;

    private static RegulationCenter center(DeadlockBreaker breaker, boolean uplink, double hysteresis) {
        return new RegulationCenter(RegulationParameters.builder().deadlockBreaker(breaker)
                .regulateUplink(uplink).hysteresis(hysteresis).build());
    }

    private static Map<ApDirection, Double> occupancies(NetworkSnapshot s, Random r) {
        Map<ApDirection, Double> occ = new HashMap<>();
        for (int a = 0; a < s.apCount(); a++) {
            for (Direction d : Direction.values()) {
                int pick = r.nextInt(10);
                // mostly uniform in [0, 1], sometimes the extremes, sometimes missing
                if (pick < 7) {
                    occ.put(ApDirection.of(s.ap(a).id(), d), r.nextDouble());
                } else if (pick == 7) {
                    occ.put(ApDirection.of(s.ap(a).id(), d), 0.0);
                } else if (pick == 8) {
                    occ.put(ApDirection.of(s.ap(a).id(), d), 1.0);
                }
            }
        }
        return occ;
    }

    @Property(tries = 200)
    void everyMultipathUserHasExactlyOnePrimary(@ForAll long seed, @ForAll @IntRange(min = 1, max = 12) int aps,
                                                @ForAll @IntRange(min = 0, max = 60) int ues,
                                                @ForAll DeadlockBreaker breaker) {
        NetworkSnapshot s = Nets.random(seed, aps, ues, 0.6, R_M).build();
        CycleResult r = center(breaker, false, 0).cycle(s, Map.of(), RegulationState.initial());
        for (int ue = 0; ue < s.ueCount(); ue++) {
            if (!s.ue(ue).multipath()) {
                continue;
            }
            int primaries = 0;
            for (int k = 0; k < s.ueConnectionCount(ue); k++) {
                primaries += r.primaryConnection(ue) == s.ueConnection(ue, k) ? 1 : 0;
            }
            int expected = s.ueConnectionCount(ue) == 0 ? 0 : 1;
            assertEquals("primaries of " + s.ue(ue), expected, primaries);
            if (expected == 1) {
                assertEquals(s.connection(r.primaryConnection(ue)).apId(),
                        r.primaryApOf(s.ue(ue).id()).orElseThrow());
            }
        }
    }

    @Property(tries = 200)
    void singlePathAndNonTcpFlowsAreNeverTier2(@ForAll long seed, @ForAll @IntRange(min = 1, max = 12) int aps,
                                               @ForAll @IntRange(min = 0, max = 60) int ues,
                                               @ForAll DeadlockBreaker breaker, @ForAll boolean uplink) {
        NetworkSnapshot s = Nets.random(seed, aps, ues, 0.5, R_M).build();
        CycleResult r = center(breaker, uplink, 0).cycle(s, Map.of(), RegulationState.initial());
        int tier2 = 0;
        for (int i = 0; i < s.flowCount(); i++) {
            Flow f = s.flow(i);
            int c = s.flowConnection(i);
            int ue = s.connectionUe(c);
            boolean mayBeTier2 = s.ue(ue).multipath() && f.protocol() == Protocol.TCP
                    && r.primaryConnection(ue) != c
                    && (f.direction() == Direction.DOWNLINK || uplink) && !(uplink && f.ackStream());
            assertEquals(f.toString(), mayBeTier2 ? Tier.TIER2 : Tier.TIER1, r.tier(i));
            tier2 += mayBeTier2 ? 1 : 0;
        }
        assertEquals(tier2, r.tier2FlowCount());
    }

    @Property(tries = 100)
    void tier2LimitStaysWithinMinimumAndCapacity(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps,
                                                 @ForAll @IntRange(min = 1, max = 30) int cycles,
                                                 @ForAll boolean uplink) {
        NetworkSnapshot s = Nets.random(seed, aps, 20, 0.5, R_M).build();
        RegulationCenter rct = center(DeadlockBreaker.PRIORITY, uplink, 0);
        Random r = new Random(seed);
        RegulationState state = RegulationState.initial();
        for (int i = 0; i < cycles; i++) {
            CycleResult result = rct.cycle(s, occupancies(s, r), state);
            for (int a = 0; a < s.apCount(); a++) {
                AccessPoint ap = s.ap(a);
                for (Direction d : Direction.values()) {
                    long limit = result.tier2LimitBps(a, d);
                    if (d == Direction.UPLINK && !uplink) {
                        assertEquals(-1L, limit);
                        continue;
                    }
                    assertTrue(ap + " " + d + " limit " + limit, limit >= R_M && limit <= ap.capacityBps());
                }
            }
            state = result.nextState();
        }
    }

    @Property(tries = 200)
    void regulatorStepStaysWithinBounds(@ForAll @IntRange(min = 1, max = Integer.MAX_VALUE) int current,
                                        @ForAll @DoubleRange(min = 0.0, max = 1.0) double occ,
                                        @ForAll @IntRange(min = 100_000, max = Integer.MAX_VALUE) int capacity,
                                        @ForAll @DoubleRange(min = 0.05, max = 1.0) double cth) {
        BandwidthRegulator reg = new BandwidthRegulator(cth, 0.5, R_M);
        long next = reg.next(current, occ, capacity);
        assertTrue(next >= R_M && next <= capacity);
        long clamped = Math.max(R_M, Math.min(capacity, current));
        if (occ >= cth) {
            assertTrue(next <= clamped);
        } else {
            assertTrue(next >= clamped);
            assertTrue(clamped == capacity || next > clamped);
        }
    }

    @Property(tries = 150)
    void inputOrderDoesNotChangeTheOutcome(@ForAll long seed, @ForAll @IntRange(min = 1, max = 10) int aps,
                                           @ForAll @IntRange(min = 0, max = 50) int ues,
                                           @ForAll DeadlockBreaker breaker, @ForAll boolean uplink,
                                           @ForAll long shuffleSeed) {
        Nets n = Nets.random(seed, aps, ues, 0.6, R_M);
        NetworkSnapshot a = n.build();
        NetworkSnapshot b = n.buildShuffled(new Random(shuffleSeed));
        RegulationCenter rct = center(breaker, uplink, 0);
        Random r = new Random(seed);
        Map<ApDirection, Double> occ = occupancies(a, r);
        CycleResult ra = rct.cycle(a, occ, RegulationState.initial());
        CycleResult rb = rct.cycle(b, occ, RegulationState.initial());
        assertEquals(ra.nextState().primaries(), rb.nextState().primaries());
        assertEquals(ra.tier2Limits(), rb.tier2Limits());
        assertEquals(tiersByFlow(ra), tiersByFlow(rb));
        assertEquals(ra.tier2FlowCount(), rb.tier2FlowCount());
        assertEquals(ra.filteredConnections(), rb.filteredConnections());
        // a second cycle from each state agrees too
        Map<ApDirection, Double> occ2 = occupancies(a, r);
        assertEquals(rct.cycle(a, occ2, ra.nextState()).tier2Limits(),
                rct.cycle(b, occ2, rb.nextState()).tier2Limits());
    }

    private static Map<Flow, Tier> tiersByFlow(CycleResult r) {
        Map<Flow, Tier> m = new HashMap<>();
        r.forEachFlow((f, t) -> assertEquals(null, m.put(f, t)));
        assertNotEquals(-1, m.size());
        return m;
    }
}
