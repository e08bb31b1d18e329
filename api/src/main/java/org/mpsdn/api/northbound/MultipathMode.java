package org.mpsdn.api.northbound;

/**
 * Per-UE multipath policy.
 */
public enum MultipathMode {
    /** Default: the regulation center picks the primary and tiers the subflows. */
    REGULATE,
    /** Never limited: every subflow of the UE is Tier 1. */
    EXEMPT,
    /** The primary is pinned to one AP; the other connections are Tier 2. */
    PIN_PRIMARY
}
