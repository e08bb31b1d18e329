package org.mpsdn.impl.loop;

import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.flow.FlowSample;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * When the Tier-2 limit in force of each AP direction last changed, as the regulation cycle sees it in
 * the store (loop thread only), so that a Tier-2 rate counted across a change is not read as the use of
 * the new limit. A change is dated by the cycle that first sees it, no earlier than it happened (the
 * stepper records a limit when ONOS has confirmed its meter and the rule points to it); the first sight
 * of an AP direction counts as a change. A rate is under one meter when its window started, at the
 * earliest, no sooner than that date. A change the stepper recorded (the store's time of the record, when the
 * switch had confirmed it) is dated by that record, no later than the cycle that sees it.
 */
final class MeterChanges {
    private final Map<ApDirection, OptionalLong> seen = new HashMap<>();
    private final Map<ApDirection, Long> changedAt = new HashMap<>();

    /**
     * Records the limit in force of an AP direction now, with the time it was recorded in the store.
     *
     * @param key            AP and direction
     * @param inForce        the limit in force in kbit/s, empty when unlimited
     * @param recordedMillis when the store's state was last written (the stepper writes it when the switch
     *                       confirmed the limit); ignored unless in (0, nowMillis]
     * @param nowMillis      the cycle's time
     */
    void observe(ApDirection key, OptionalLong inForce, long recordedMillis, long nowMillis) {
        OptionalLong before = seen.put(key, inForce);
        if (before == null) {
            changedAt.put(key, nowMillis);
        } else if (!before.equals(inForce)) {
            long at = recordedMillis > 0 && recordedMillis <= nowMillis ? recordedMillis : nowMillis;
            changedAt.put(key, at);
        }
    }

    /**
     * Whether a rate was counted under the limit in force now.
     *
     * @param key        AP and direction
     * @param sinceMillis the earliest start of the rate's window ({@link FlowSample#rateSinceMillis()})
     * @return true when the window started after the last change seen and the rule was not re-installed
     */
    boolean underOneMeter(ApDirection key, long sinceMillis) {
        Long changed = changedAt.get(key);
        return changed != null && sinceMillis != FlowSample.COUNTERS_RESET && sinceMillis != FlowSample.SINCE_UNKNOWN
                && changed <= sinceMillis;
    }

    /**
     * Forgets the APs that are no longer configured.
     *
     * @param apIds the configured APs
     */
    void retain(Set<String> apIds) {
        seen.keySet().removeIf(k -> !apIds.contains(k.apId()));
        changedAt.keySet().removeIf(k -> !apIds.contains(k.apId()));
    }
}
