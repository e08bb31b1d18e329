package org.mpsdn.core;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.UserEquipment;
import org.mpsdn.core.model.UserPolicy;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * Operator policies in a cycle: exempt devices are never limited, pinned devices keep the
 * operator's primary.
 */
public class UserPolicyTest {
    private static final long CAP = 100_000_000L;

    /** M: strong W1, weak W2 (Tier-2 TCP downlink flow on W2 by default); S single-path on W2. */
    private static Nets network() {
        return Nets.strongAndWeak(CAP);
    }

    private static CycleResult run(Nets n, DeadlockBreaker breaker) {
        RegulationCenter rct = new RegulationCenter(RegulationParameters.builder().deadlockBreaker(breaker).build());
        return rct.cycle(n.build(), Map.of(ApDirection.of("W2", Direction.DOWNLINK), 0.9), RegulationState.initial());
    }

    @Test
    public void byDefaultTheWeakSubflowIsTier2() {
        CycleResult r = run(network(), DeadlockBreaker.PRIORITY);
        assertEquals("W1", r.primaryApOf("M").orElseThrow());
        assertEquals(List.of(Tier.TIER1, Tier.TIER2, Tier.TIER1), List.of(r.tier(0), r.tier(1), r.tier(2)));
        assertEquals(List.of(), r.unmetPins());
    }

    @Test
    public void exemptDeviceHasNoTier2Flow() {
        for (DeadlockBreaker b : DeadlockBreaker.values()) {
            CycleResult r = run(network().policy("M", UserPolicy.EXEMPT), b);
            assertEquals(b.toString(), 0, r.tier2FlowCount());
            assertEquals(Tier.TIER1, r.tier(1));
            assertEquals(0, r.tier2FlowCount(r.snapshot().apIndex("W2"), Direction.DOWNLINK));
            // the primary is still reported (it changes no tier), the limit is still regulated
            assertEquals("W1", r.primaryApOf("M").orElseThrow());
            assertTrue(r.tier2LimitBps("W2", Direction.DOWNLINK).isPresent());
        }
    }

    @Test
    public void pinnedPrimaryOverridesTheThroughputChoice() {
        for (DeadlockBreaker b : DeadlockBreaker.values()) {
            CycleResult r = run(network().policy("M", UserPolicy.pinPrimary("W2")), b);
            assertEquals(b.toString(), "W2", r.primaryApOf("M").orElseThrow());
            assertEquals(Tier.TIER2, r.tier(0)); // the strong W1 is now the secondary
            assertEquals(Tier.TIER1, r.tier(1));
            assertEquals(1, r.tier2FlowCount(r.snapshot().apIndex("W1"), Direction.DOWNLINK));
            assertEquals(List.of(), r.unmetPins());
            assertEquals("W2", r.nextState().primaryApOf("M").orElseThrow());
        }
    }

    @Test
    public void pinToAnApWithoutConnectionFallsBackAndIsReported() {
        for (DeadlockBreaker b : DeadlockBreaker.values()) {
            CycleResult pinned = run(network().policy("M", UserPolicy.pinPrimary("L")), b);
            CycleResult plain = run(network(), b);
            assertEquals(List.of("M"), pinned.unmetPins());
            assertEquals(plain.primaryApOf("M"), pinned.primaryApOf("M"));
            for (int i = 0; i < 3; i++) {
                assertEquals(plain.tier(i), pinned.tier(i));
            }
            assertTrue(pinned.snapshot().uePinUnmet(pinned.snapshot().ueIndex("M")));
        }
        // an AP that is not in the snapshot at all
        CycleResult ghost = run(network().policy("M", UserPolicy.pinPrimary("nowhere")), DeadlockBreaker.PRIORITY);
        assertEquals(List.of("M"), ghost.unmetPins());
    }

    /**
     * The pinned connection is active load from the start: by default M1 (fastest, decided first)
     * takes W1 and M2 then prefers W2; pinned to W2, M1 loads W2, so M2 takes W1 (48 Mb/s alone
     * against W2 shared with M1).
     */
    @Test
    public void pinnedLoadIsSeenByTheOthers() {
        Nets n = new Nets().wifi("W1", 1_000_000_000L).wifi("W2", 1_000_000_000L)
                .ue("M1", true).ue("M2", true)
                .conn("M2", "W1", -50, 48_000_000).conn("M2", "W2", -55, 40_000_000)
                .conn("M1", "W1", -45, 54_000_000).conn("M1", "W2", -70, 24_000_000);
        CycleResult plain = run(n, DeadlockBreaker.PRIORITY);
        assertEquals("W1", plain.primaryApOf("M1").orElseThrow());
        assertEquals("W2", plain.primaryApOf("M2").orElseThrow());
        CycleResult pinned = run(n.policy("M1", UserPolicy.pinPrimary("W2")), DeadlockBreaker.PRIORITY);
        assertEquals("W2", pinned.primaryApOf("M1").orElseThrow());
        assertEquals("W1", pinned.primaryApOf("M2").orElseThrow());
    }

    @Test
    public void pinIgnoresHysteresis() {
        RegulationCenter rct = new RegulationCenter(RegulationParameters.builder().hysteresis(1.0).build());
        Nets n = new Nets().wifi("W1", CAP).wifi("W2", CAP).ue("M", true)
                .conn("M", "W1", -40, 54_000_000).conn("M", "W2", -45, 48_000_000);
        RegulationState previous = RegulationState.of(Map.of(), Map.of("M", "W2"));
        // the hysteresis keeps the previous W2 although W1 is better ...
        assertEquals("W2", rct.cycle(n.build(), Map.of(), previous).primaryApOf("M").orElseThrow());
        // ... but not against a pin
        NetworkSnapshot pinned = n.policy("M", UserPolicy.pinPrimary("W1")).build();
        assertEquals("W1", rct.cycle(pinned, Map.of(), previous).primaryApOf("M").orElseThrow());
    }

    @Test
    public void baselineNeverFiltersExemptOrPinnedConnections() {
        // 2 devices, 4 connections: B_f = 50 %, each AP drops its weakest connection if it can
        Nets n = new Nets().wifi("W1", CAP).wifi("W2", CAP)
                .ue("A", true).ue("B", true)
                .conn("A", "W1", -80, 6_000_000).conn("A", "W2", -40, 54_000_000)
                .conn("B", "W1", -40, 54_000_000).conn("B", "W2", -80, 6_000_000);
        CycleResult plain = run(n, DeadlockBreaker.BASELINE);
        assertEquals(2, plain.filteredConnections());
        assertEquals("W2", plain.primaryApOf("A").orElseThrow()); // A@W1 filtered as W1's weakest
        assertEquals("W1", plain.primaryApOf("B").orElseThrow());
        // pinned: A@W1 is kept, so W1 filters B@W1 instead and W2 then filters A@W2 (B's last is exempt)
        CycleResult pinned = run(n.policy("A", UserPolicy.pinPrimary("W1")), DeadlockBreaker.BASELINE);
        assertEquals("W1", pinned.primaryApOf("A").orElseThrow());
        assertEquals("W2", pinned.primaryApOf("B").orElseThrow());
        assertEquals(2, pinned.filteredConnections());
        // exempt: neither of A's connections may go; W1 filters B@W1, W2 has nothing left to filter
        CycleResult exempt = run(n.policy("A", UserPolicy.EXEMPT), DeadlockBreaker.BASELINE);
        assertEquals(1, exempt.filteredConnections());
    }

    @Test
    public void policyValueSemantics() {
        assertEquals(UserPolicy.pinPrimary("W1"), UserPolicy.pinPrimary("W1"));
        assertNotEquals(UserPolicy.pinPrimary("W1"), UserPolicy.pinPrimary("W2"));
        assertNotEquals(UserPolicy.EXEMPT, UserPolicy.REGULATE);
        assertEquals("W1", UserPolicy.pinPrimary("W1").pinnedApId().orElseThrow());
        assertFalse(UserPolicy.EXEMPT.pinnedApId().isPresent());
        assertEquals(UserPolicy.REGULATE, new UserEquipment("x", true).policy());
        assertNotEquals(new UserEquipment("x", true), new UserEquipment("x", true, UserPolicy.EXEMPT));
        assertThrows(IllegalArgumentException.class, () -> UserPolicy.pinPrimary(" "));
        assertThrows(IllegalArgumentException.class, () -> new UserEquipment("x", true, null));
    }
}
