package org.mpsdn.api.model;

/**
 * Radio technology of an access point; decides which throughput model applies.
 */
public enum ApKind {
    /** A Wi-Fi access point (packet-level fairness, MP-SDN Eq. 1-2). */
    WIFI,
    /** An LTE eNB (proportional fairness, MP-SDN Eq. 3). */
    LTE
}
