package org.mpsdn.core.model;

import org.mpsdn.api.model.ApKind;

import java.util.Objects;

/**
 * A wireless access point of the WNS: a Wi-Fi AP or an LTE eNB (MP-SDN Section III-A).
 * The capacity bounds its achievable throughput and the Tier-2 limit of Algorithm 2.
 */
public final class AccessPoint {
    /** Largest accepted capacity: 10 Tb/s. */
    public static final long MAX_CAPACITY_BPS = 10_000_000_000_000L;

    private final String id;
    private final ApKind kind;
    private final long capacityBps;

    /**
     * Creates an access point.
     *
     * @param id          identifier, unique in a snapshot (non-blank)
     * @param kind        Wi-Fi or LTE
     * @param capacityBps capacity in bit/s, in [1, {@link #MAX_CAPACITY_BPS}]
     * @throws IllegalArgumentException on a blank id, null kind or out-of-range capacity
     */
    public AccessPoint(String id, ApKind kind, long capacityBps) {
        this.id = Checks.id("id", id);
        this.kind = Checks.nonNull("kind", kind);
        this.capacityBps = Checks.inRange("capacityBps", capacityBps, 1, MAX_CAPACITY_BPS);
    }

    /** @return identifier */
    public String id() {
        return id;
    }

    /** @return radio technology */
    public ApKind kind() {
        return kind;
    }

    /** @return capacity in bit/s */
    public long capacityBps() {
        return capacityBps;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AccessPoint)) {
            return false;
        }
        AccessPoint that = (AccessPoint) o;
        return capacityBps == that.capacityBps && id.equals(that.id) && kind == that.kind;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, kind, capacityBps);
    }

    @Override
    public String toString() {
        return "AccessPoint{" + id + ", " + kind + ", " + capacityBps + " bit/s}";
    }
}
