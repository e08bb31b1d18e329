package org.mpsdn.impl.loop;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.ApDirection;

import java.util.List;
import java.util.OptionalLong;

import static org.junit.Assert.assertEquals;

/**
 * jqwik: over random histories of the limit in force (one observation per 2-s cycle), a rate is under one
 * meter exactly when its window started no sooner than the cycle that saw the last change up to now
 * (computed here from the history, independently of {@link MeterChanges}).
 */
class MeterChangesPropertiesTest {
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);
    private static final long CYCLE_MS = 2_000L;

    @Property(tries = 500)
    void aRateIsUnderOneMeterExactlyWhenNoChangeWasSeenAfterItsWindowStarted(
            @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 3) Integer> limits,
            @ForAll @LongRange(min = -10_000L, max = 70_000L) long since) {
        MeterChanges c = new MeterChanges();
        long lastChange = -1;
        Integer before = null;
        for (int i = 0; i < limits.size(); i++) {
            int l = limits.get(i);
            long now = i * CYCLE_MS;
            c.observe(DL, l == 0 ? OptionalLong.empty() : OptionalLong.of(l * 1_000L), now, now);
            if (before == null || before != l) {
                lastChange = now;
            }
            before = l;
        }
        assertEquals("history " + limits + ", window since " + since, since >= lastChange,
                c.underOneMeter(DL, since));
    }
}
