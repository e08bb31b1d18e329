package org.mpsdn.api.model;

/**
 * Regulation tier of a flow (MP-SDN Section V-A2).
 */
public enum Tier {
    /** Single-path users, primary subflows, non-TCP flows and ACK streams: never limited. */
    TIER1,
    /** Secondary subflows of multipath users: share the AP's Tier-2 meter. */
    TIER2
}
