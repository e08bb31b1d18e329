package org.mpsdn.impl.telemetry;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Properties of the staleness policy.
 */
class FailOpenPolicyTest {

    @Property
    boolean neverDecreasesAndNeverExceedsCapacityFromBelow(
            @ForAll @IntRange(min = 0, max = 10) int hold,
            @ForAll @DoubleRange(min = 0.01, max = 1.0) double step,
            @ForAll @LongRange(min = 0, max = 100_000_000_000L) long current,
            @ForAll @LongRange(min = 1, max = 100_000_000_000L) long capacity,
            @ForAll @IntRange(min = 0, max = 1000) int missed) {
        long next = new FailOpenPolicy(hold, step).nextLimit(current, capacity, missed);
        boolean held = missed > hold || next == current;
        boolean bounded = current > capacity ? next == current : next <= capacity;
        return next >= current && held && bounded;
    }

    @Property
    boolean reachesCapacityWithinCeilOfOneOverStepSteps(
            @ForAll @DoubleRange(min = 0.01, max = 1.0) double step,
            @ForAll @LongRange(min = 0, max = 1_000_000_000L) long start,
            @ForAll @LongRange(min = 1, max = 1_000_000_000L) long capacity) {
        FailOpenPolicy p = new FailOpenPolicy(3, step);
        long limit = start;
        int steps = (int) Math.ceil(1.0 / step);
        for (int i = 0; i < steps; i++) {
            limit = p.nextLimit(limit, capacity, 4 + i);
        }
        return limit >= Math.min(capacity, Math.max(start, capacity));
    }
}
