package org.mpsdn.api.model;

/**
 * The congestion signal a Tier-2 limit was decided on.
 */
public enum SignalSource {
    /** The AP's MAC queue occupancy (MacOcc), compared with CTh: the paper profile, and the mpsdn fallback. */
    MAC_OCC,
    /** The busiest queue of the stations carrying only Tier-1 traffic, compared with the Tier-1 threshold. */
    TIER1_STATIONS
}
