package org.mpsdn.api.model;

/**
 * Why a Tier-2 limit of an AP and direction is what it is after a regulation cycle.
 */
public enum LimitReason {
    /** The deciding signal was below its threshold: Algorithm 2's increase (Eq. 4), up to the AP's capacity. */
    INCREASE,
    /** The deciding signal was at or above its threshold: the limit was cut. */
    DECREASE,
    /**
     * The limit was kept: no usable signal, or (mpsdn profile) a decrease held because the signal's window
     * began before the limit in force, or because the last decrease is still taking effect.
     */
    HOLD,
    /** An increase was capped near the measured Tier-2 rate (mpsdn profile's limit validation). */
    VALIDATION_CAP,
    /** A decrease was called for but the limit is already at its floor, min(R_m, capacity). */
    FLOOR,
    /** The AP's agent was silent for the fail-open delay: its Tier-2 limits are lifted (set by the ONOS glue). */
    FAIL_OPEN
}
