package org.mpsdn.mptcp;

import org.mpsdn.api.detection.DetectionConflict;

/**
 * The kinds of disagreement between detection, static registration and AP station lists. Conflicts are
 * reported, not resolved silently: each is a {@link DetectionConflict} whose kind is the constant's name and
 * whose detail states which side was used for grouping.
 */
public enum ConflictKind {
    /** Static registration lists one address or MAC under two UE ids (the smallest id is used). */
    ADDRESS_IN_TWO_REGISTRATIONS,
    /** An MPTCP connection joins addresses registered to different UEs (not merged). */
    CONNECTION_SPANS_REGISTRATIONS,
    /** Two AP station lists give the same IP to different MACs (MAC of the IP left unknown). */
    ADDRESS_CLAIMED_BY_TWO_STATIONS,
    /** A station list maps an IP to a MAC registered to a different UE than the IP (IP's UE used). */
    REGISTRATION_STATION_MISMATCH;

    /**
     * A conflict of this kind.
     *
     * @param subject the address, MAC or connection concerned
     * @param detail  human-readable explanation naming both sides
     * @return the conflict, its kind this constant's name
     */
    public DetectionConflict conflict(String subject, String detail) {
        return new DetectionConflict(name(), subject, detail);
    }
}
