package org.mpsdn.api.northbound;

/**
 * Scheduling disciplines of an eNB (inside a user cluster or between clusters).
 */
public enum EnbDiscipline {
    /** Proportional fair. */
    PFS,
    /** Max carrier-to-interference. */
    MAX_CI,
    /** Round robin. */
    ROUND_ROBIN
}
