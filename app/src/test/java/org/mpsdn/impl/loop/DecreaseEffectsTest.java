package org.mpsdn.impl.loop;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.ApDirection;

import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertEquals;

/**
 * What Tier 1 sent at a decrease reaches the first window that does not predate the limit, once.
 */
public class DecreaseEffectsTest {
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);
    private static final long T = 2000;
    private final DecreaseEffects effects = new DecreaseEffects();

    private void decide(long from, long to, long sent, long now) {
        effects.decided(DL, OptionalLong.of(from), OptionalLong.of(to), OptionalLong.of(sent), now);
    }

    @Test
    public void aDecreaseIsHandedOnceToTheFirstWindowThatDoesNotPredateIt() {
        decide(12_500, 6_250, 20_000_000L, 0);
        assertEquals("the window straddles the change", OptionalLong.empty(), effects.take(DL, true, T, T));
        assertEquals(OptionalLong.of(20_000_000L), effects.take(DL, false, 2 * T, T));
        assertEquals("used once", OptionalLong.empty(), effects.take(DL, false, 3 * T, T));
    }

    @Test
    public void aHeldLimitKeepsItARaiseOrAgeForgetsIt() {
        decide(12_500, 6_250, 20_000_000L, 0);
        decide(6_250, 6_250, 25_000_000L, T); // held: the decrease is still the last
        assertEquals(OptionalLong.of(20_000_000L), effects.take(DL, false, 2 * T, T));
        decide(12_500, 6_250, 20_000_000L, 3 * T);
        decide(6_250, 8_839, 25_000_000L, 4 * T);
        assertEquals("raised", OptionalLong.empty(), effects.take(DL, false, 5 * T, T));
        decide(12_500, 6_250, 20_000_000L, 6 * T);
        assertEquals("the step never came into force in 3 cycles", OptionalLong.empty(),
                effects.take(DL, false, 6 * T + 3 * T + 1, T));
        assertEquals(OptionalLong.empty(), effects.take(DL, false, 6 * T + 3 * T + 2, T));
    }

    @Test
    public void unknownTier1OrLimitsRecordNothingAndRemovedApsAreForgotten() {
        effects.decided(DL, OptionalLong.of(12_500), OptionalLong.of(6_250), OptionalLong.empty(), 0);
        assertEquals(OptionalLong.empty(), effects.take(DL, false, T, T));
        effects.decided(DL, OptionalLong.empty(), OptionalLong.of(6_250), OptionalLong.of(1L), 0);
        assertEquals(OptionalLong.empty(), effects.take(DL, false, T, T));
        decide(12_500, 6_250, 20_000_000L, 0);
        effects.retain(Set.of("lte1"));
        assertEquals(OptionalLong.empty(), effects.take(DL, false, T, T));
    }

    @Test
    public void thePreviousCyclesTier1RateIsKeptForTheNextCycleOnly() {
        assertEquals(OptionalLong.empty(), effects.before(DL, T, T));
        decide(12_500, 12_500, 20_000_000L, 0); // held or not: every decision records it
        assertEquals(OptionalLong.of(20_000_000L), effects.before(DL, T, T));
        assertEquals("a cycle late is still the previous one", OptionalLong.of(20_000_000L),
                effects.before(DL, T + T / 2, T));
        assertEquals("a missed cycle leaves no reference", OptionalLong.empty(), effects.before(DL, 2 * T, T));
        decide(12_500, 17_678, 24_000_000L, T);
        assertEquals(OptionalLong.of(24_000_000L), effects.before(DL, 2 * T, T));
        effects.decided(DL, OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), 2 * T);
        assertEquals("unknown this cycle: none for the next", OptionalLong.empty(), effects.before(DL, 3 * T, T));
        decide(12_500, 12_500, 20_000_000L, 3 * T);
        effects.retain(Set.of("lte1"));
        assertEquals(OptionalLong.empty(), effects.before(DL, 4 * T, T));
    }
}
