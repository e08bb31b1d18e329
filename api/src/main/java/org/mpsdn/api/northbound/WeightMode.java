package org.mpsdn.api.northbound;

/**
 * How an MPTCP client's path weights are chosen.
 */
public enum WeightMode {
    /** Operator-given weights per path. */
    MANUAL,
    /** Weights computed from the Tier-2 state. */
    AUTOMATIC
}
