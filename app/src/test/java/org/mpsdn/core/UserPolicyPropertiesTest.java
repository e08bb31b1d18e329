package org.mpsdn.core;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.UserEquipment;
import org.mpsdn.core.model.UserPolicy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.Assert.assertEquals;

/**
 * Property-based tests (jqwik) of operator policies over random networks.
 */
class UserPolicyPropertiesTest {
    private static final long R_M = RegulationParameters.DEFAULT_MIN_RATE_BPS;

    /** Random networks where about a third of the devices are exempt and a third pinned (some to APs they miss). */
    private static Nets withPolicies(long seed, int aps, int ues) {
        Nets n = Nets.random(seed, aps, ues, 0.7, R_M);
        Random r = new Random(~seed);
        for (UserEquipment u : new ArrayList<>(n.ues)) {
            int pick = r.nextInt(3);
            if (pick == 1) {
                n.policy(u.id(), UserPolicy.EXEMPT);
            } else if (pick == 2) {
                n.policy(u.id(), UserPolicy.pinPrimary("ap" + r.nextInt(aps + 1)));
            }
        }
        return n;
    }

    private static RegulationCenter center(DeadlockBreaker breaker, boolean uplink) {
        return new RegulationCenter(RegulationParameters.builder().deadlockBreaker(breaker)
                .regulateUplink(uplink).hysteresis(0.5).build());
    }

    @Property(tries = 200)
    void exemptDevicesHaveOnlyTier1Flows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 10) int aps,
                                         @ForAll @IntRange(min = 0, max = 50) int ues,
                                         @ForAll DeadlockBreaker breaker, @ForAll boolean uplink) {
        NetworkSnapshot s = withPolicies(seed, aps, ues).build();
        CycleResult r = center(breaker, uplink).cycle(s, Map.of(), RegulationState.initial());
        for (int i = 0; i < s.flowCount(); i++) {
            int ue = s.connectionUe(s.flowConnection(i));
            if (s.ueExempt(ue)) {
                assertEquals(s.flow(i).toString(), Tier.TIER1, r.tier(i));
            }
        }
    }

    @Property(tries = 200)
    void pinnedDevicesHaveThePinnedPrimaryOrAreReported(@ForAll long seed,
                                                        @ForAll @IntRange(min = 1, max = 10) int aps,
                                                        @ForAll @IntRange(min = 0, max = 50) int ues,
                                                        @ForAll DeadlockBreaker breaker) {
        NetworkSnapshot s = withPolicies(seed, aps, ues).build();
        CycleResult r = center(breaker, false).cycle(s, Map.of(), RegulationState.initial());
        List<String> unmet = new ArrayList<>();
        for (int ue = 0; ue < s.ueCount(); ue++) {
            UserPolicy p = s.ue(ue).policy();
            if (p.mode() != UserPolicy.Mode.PIN_PRIMARY) {
                continue;
            }
            String ap = p.pinnedApId().orElseThrow();
            int c = s.connectionIndex(ue, ap);
            if (c < 0) {
                unmet.add(s.ue(ue).id());
                continue;
            }
            assertEquals(s.ue(ue).toString(), c, r.primaryConnection(ue));
            assertEquals(ap, r.primaryApOf(s.ue(ue).id()).orElseThrow());
            for (int i = 0; i < s.flowCount(); i++) {
                if (s.flowConnection(i) == c) {
                    assertEquals(Tier.TIER1, r.tier(i));
                }
            }
        }
        assertEquals(unmet, r.unmetPins());
    }

    @Property(tries = 100)
    void policiesKeepTheResultIndependentOfInputOrder(@ForAll long seed,
                                                      @ForAll @IntRange(min = 1, max = 8) int aps,
                                                      @ForAll @IntRange(min = 0, max = 40) int ues,
                                                      @ForAll DeadlockBreaker breaker) {
        Nets n = withPolicies(seed, aps, ues);
        RegulationCenter rct = center(breaker, true);
        CycleResult a = rct.cycle(n.build(), Map.of(), RegulationState.initial());
        CycleResult b = rct.cycle(n.buildShuffled(new Random(seed)), Map.of(), RegulationState.initial());
        assertEquals(a.nextState().primaries(), b.nextState().primaries());
        assertEquals(a.tier2FlowCount(), b.tier2FlowCount());
        assertEquals(a.unmetPins(), b.unmetPins());
    }

    @Property(tries = 100)
    void explicitRegulateIsTheDefault(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps,
                                      @ForAll @IntRange(min = 0, max = 40) int ues, @ForAll DeadlockBreaker breaker) {
        Nets plain = Nets.random(seed, aps, ues, 0.7, R_M);
        Nets explicit = Nets.random(seed, aps, ues, 0.7, R_M);
        for (UserEquipment u : new ArrayList<>(explicit.ues)) {
            explicit.policy(u.id(), UserPolicy.REGULATE);
        }
        RegulationCenter rct = center(breaker, true);
        CycleResult a = rct.cycle(plain.build(), Map.of(), RegulationState.initial());
        CycleResult b = rct.cycle(explicit.build(), Map.of(), RegulationState.initial());
        assertEquals(a.nextState().primaries(), b.nextState().primaries());
        for (int i = 0; i < a.snapshot().flowCount(); i++) {
            assertEquals(a.tier(i), b.tier(i));
        }
    }
}
