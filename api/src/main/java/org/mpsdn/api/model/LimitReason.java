package org.mpsdn.api.model;

/**
 * Why a Tier-2 limit of an AP and direction is what it is after a regulation cycle.
 */
public enum LimitReason {
    /** The deciding signal was below its threshold: the limit was raised, up to the AP's capacity. */
    INCREASE,
    /** The deciding signal was at or above its threshold: the limit was cut. */
    DECREASE,
    /**
     * The limit was kept: no usable signal, or (mpsdn profile) nothing left idle for Tier 2, or Tier 1 draining
     * what the last decrease freed.
     */
    HOLD,
    /** A decrease was called for but the limit is already at its floor, min(R_m, capacity). */
    FLOOR,
    /** The AP's agent was silent for the fail-open delay: its Tier-2 limits are lifted (set by the ONOS glue). */
    FAIL_OPEN
}
