package org.mpsdn.core;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.core.categorize.PrimarySelection;
import org.mpsdn.core.categorize.PrioritySelector;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.AchievableThroughput;
import org.mpsdn.core.throughput.ApLoad;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Property-based tests (jqwik) of the airtime charge in Algorithm 1's priority-based primary choice
 * (mpsdn profile): the charge is never negative, nil at the AP's mean rate and for LTE, falls as the
 * link gets faster; the paper profile's choice is the paper's; the input order does not change the
 * choice.
 */
class AirtimeChargePropertiesTest {
    private static final long[] RATES = {6_000_000, 12_000_000, 24_000_000, 54_000_000, 65_000_000, 150_000_000};

    @Property(tries = 300)
    void theChargeIsNonNegativeZeroAtTheMeanRateAndFallsWithTheRate(
            @ForAll long seed, @ForAll boolean lte, @ForAll @IntRange(max = 20) int stations) {
        Random r = new Random(seed);
        long capacity = 1 + (long) (r.nextDouble() * 200_000_000L);
        ApLoad load = new AchievableThroughput().newLoad(new AccessPoint("a", lte ? ApKind.LTE : ApKind.WIFI,
                capacity));
        double inverseSum = 0.0;
        for (int i = 0; i < stations; i++) {
            long rate = RATES[r.nextInt(RATES.length)];
            load.add(new Connection("u" + i, "a", -60, rate));
            inverseSum += 1.0 / rate;
        }
        double previous = Double.POSITIVE_INFINITY;
        for (long rate : RATES) {
            double charge = load.airtimeCharge(new Connection("m", "a", -70, rate));
            assertTrue(rate + ": " + charge, charge >= 0.0 && charge <= previous + 1e-6);
            if (lte || stations == 0) {
                assertEquals(0.0, charge, 0.0);
            }
            previous = charge;
        }
        if (stations > 0) {
            long mean = Math.round(stations / inverseSum);
            double atMean = load.airtimeCharge(new Connection("m", "a", -70, mean));
            assertEquals(0.0, atMean, 1e-6 * load.apThroughput() + 1.0);
        }
    }

    @Property(tries = 300)
    void paperProfileChoosesByOwnThroughput(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps, @ForAll @IntRange(max = 30) int ues,
            @ForAll @DoubleRange(max = 2.0) double hysteresis, @ForAll long previousSeed) {
        Nets n = Nets.random(seed, aps, ues, 0.6, 1);
        NetworkSnapshot s = n.build();
        RegulationState previous = RegulationState.of(Map.of(), randomPrimaries(n, previousSeed));
        RegulationParameters p = RegulationParameters.builder().profile(Profile.PAPER).hysteresis(hysteresis)
                .build();
        CycleResult r = new RegulationCenter(p).cycle(s, Map.of(), previous);
        PrimarySelection own = new PrioritySelector().select(s, new AchievableThroughput(),
                previousIndices(s, previous), hysteresis);
        assertEquals(primaries(s, own), r.nextState().primaries());
    }

    @Property(tries = 300)
    void inputOrderDoesNotChangeTheChargedChoice(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps, @ForAll @IntRange(max = 30) int ues,
            @ForAll @DoubleRange(max = 2.0) double hysteresis, @ForAll long previousSeed, @ForAll long orderSeed) {
        Nets n = Nets.random(seed, aps, ues, 0.6, 1);
        RegulationState previous = RegulationState.of(Map.of(), randomPrimaries(n, previousSeed));
        RegulationParameters p = RegulationParameters.builder().profile(Profile.MPSDN).hysteresis(hysteresis)
                .build();
        RegulationCenter center = new RegulationCenter(p);
        CycleResult r1 = center.cycle(n.build(), Map.of(), previous);
        CycleResult r2 = center.cycle(n.buildShuffled(new Random(orderSeed)), Map.of(), previous);
        assertEquals(r1.nextState().primaries(), r2.nextState().primaries());
    }

    @Property(tries = 200)
    void aUserAloneOnItsApsGetsThePapersPrimary(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int aps) {
        Nets n = Nets.random(seed, aps, 1, 1.0, 1);
        NetworkSnapshot s = n.build();
        PrimarySelection own = new PrioritySelector(false).select(s, new AchievableThroughput(), null, 0.0);
        PrimarySelection charged = new PrioritySelector(true).select(s, new AchievableThroughput(), null, 0.0);
        assertEquals(primaries(s, own), primaries(s, charged));
    }

    /** A previous primary for about half of the devices: one of their connections' APs, or a stale AP. */
    private static Map<String, String> randomPrimaries(Nets n, long seed) {
        Random r = new Random(seed);
        Map<String, String> m = new HashMap<>();
        for (Connection c : n.connections) {
            if (r.nextBoolean()) {
                m.put(c.ueId(), r.nextInt(10) == 0 ? "gone" : c.apId());
            }
        }
        return m;
    }

    private static int[] previousIndices(NetworkSnapshot s, RegulationState previous) {
        int[] prev = new int[s.ueCount()];
        for (int ue = 0; ue < prev.length; ue++) {
            String ap = previous.primaryApOf(s.ue(ue).id()).orElse(null);
            prev[ue] = ap == null ? -1 : s.connectionIndex(ue, ap);
        }
        return prev;
    }

    private static Map<String, String> primaries(NetworkSnapshot s, PrimarySelection sel) {
        Map<String, String> m = new HashMap<>();
        for (int ue = 0; ue < s.ueCount(); ue++) {
            int c = sel.primaryConnection(ue);
            if (c >= 0) {
                m.put(s.ue(ue).id(), s.connection(c).apId());
            }
        }
        return m;
    }
}
