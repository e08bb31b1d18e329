package org.mpsdn.core;

/**
 * How Algorithm 1 breaks the deadlock between primary selection and achievable-throughput
 * estimation (MP-SDN Section V-A2).
 */
public enum DeadlockBreaker {
    /** Per-AP filtering of the B_f % lowest-RSSI connections, then estimate with the rest active. */
    BASELINE,
    /** Steps 1-4: connections in decreasing PHY-rate order, each user decided once. The paper's default. */
    PRIORITY
}
