package org.mpsdn.impl.loop;

import org.mpsdn.core.model.ApDirection;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What the Tier-1 stations of each AP direction sent over the window on which its limit was last decreased
 * (loop thread only), handed to the first cycle whose window does not predate the limit in force: the mpsdn
 * profile holds a second decrease while Tier 1 sends clearly more than then
 * ({@link org.mpsdn.core.regulate.LimitValidation#recovering}). A raise forgets it; so does its first use, and
 * age: a decrease older than {@value #MAX_AGE_CYCLES} cycles (its step never came into force in time) is
 * forgotten unused. It also keeps what they sent over each AP direction's previous cycle's window
 * ({@link #before}): a decrease is gentle only while they send less than clearly more than then
 * ({@link org.mpsdn.core.regulate.LimitValidation#steady}).
 */
final class DecreaseEffects {
    /** Cycles after which an unused decrease is forgotten. */
    static final int MAX_AGE_CYCLES = 3;

    /** Per AP direction: {what Tier 1 sent (bit/s), when the decrease was decided (ms)}. */
    private final Map<ApDirection, long[]> decreases = new HashMap<>();
    /** Per AP direction: {what Tier 1 sent over the last cycle's window (bit/s), that cycle's time (ms)}. */
    private final Map<ApDirection, long[]> last = new HashMap<>();

    /**
     * Records a cycle's decision for an AP direction.
     *
     * @param key          AP and direction
     * @param fromKbps     the limit the cycle decided from (BW_i), empty when none
     * @param toKbps       the limit it decided, empty when none
     * @param tier1SentBps what the Tier-1 stations sent over the cycle's window, empty when unknown
     * @param nowMillis    the cycle's time
     */
    void decided(ApDirection key, OptionalLong fromKbps, OptionalLong toKbps, OptionalLong tier1SentBps,
                 long nowMillis) {
        if (tier1SentBps.isPresent()) {
            last.put(key, new long[]{tier1SentBps.getAsLong(), nowMillis});
        } else {
            last.remove(key);
        }
        if (fromKbps.isEmpty() || toKbps.isEmpty()) {
            return;
        }
        if (toKbps.getAsLong() < fromKbps.getAsLong()) {
            if (tier1SentBps.isPresent()) {
                decreases.put(key, new long[]{tier1SentBps.getAsLong(), nowMillis});
            } else {
                decreases.remove(key);
            }
        } else if (toKbps.getAsLong() > fromKbps.getAsLong()) {
            decreases.remove(key);
        }
    }

    /**
     * What the Tier-1 stations sent at the last decrease, for a window that does not predate the limit in force
     * (then forgotten); kept for a window that predates it.
     *
     * @param key           AP and direction
     * @param predatesLimit whether this cycle's window began before the limit in force came into force
     * @param nowMillis     the cycle's time
     * @param intervalMs    the cycle's interval
     * @return bit/s, or empty
     */
    OptionalLong take(ApDirection key, boolean predatesLimit, long nowMillis, long intervalMs) {
        long[] d = decreases.get(key);
        if (d == null) {
            return OptionalLong.empty();
        }
        if (nowMillis - d[1] > MAX_AGE_CYCLES * intervalMs) {
            decreases.remove(key);
            return OptionalLong.empty();
        }
        if (predatesLimit) {
            return OptionalLong.empty();
        }
        decreases.remove(key);
        return OptionalLong.of(d[0]);
    }

    /**
     * What the Tier-1 stations sent over the previous cycle's window, if that cycle was the one before this one
     * (at most 1.5 intervals ago: a missed cycle leaves a gap, and a window before it is no reference).
     *
     * @param key        AP and direction
     * @param nowMillis  this cycle's time
     * @param intervalMs the cycle's interval
     * @return bit/s, or empty
     */
    OptionalLong before(ApDirection key, long nowMillis, long intervalMs) {
        long[] l = last.get(key);
        return l == null || nowMillis - l[1] > intervalMs * 3 / 2 ? OptionalLong.empty() : OptionalLong.of(l[0]);
    }

    /**
     * Forgets the APs that are no longer configured.
     *
     * @param apIds the configured APs
     */
    void retain(Set<String> apIds) {
        decreases.keySet().removeIf(k -> !apIds.contains(k.apId()));
        last.keySet().removeIf(k -> !apIds.contains(k.apId()));
    }
}
