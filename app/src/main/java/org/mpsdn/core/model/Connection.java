package org.mpsdn.core.model;

import java.util.Objects;

/**
 * A wireless connection (association) of one UE to one AP, with its link quality:
 * the RSSI used by the baseline connection filtering and the physical-layer data rate
 * r_i used by Eq. (2)-(3) and by the priority-based ordering (MP-SDN Section V-A2).
 */
public final class Connection {
    /** Lowest accepted RSSI in dBm. */
    public static final double MIN_RSSI_DBM = -150.0;
    /** Highest accepted RSSI in dBm. */
    public static final double MAX_RSSI_DBM = 0.0;
    /** Largest accepted PHY rate: 10 Tb/s. */
    public static final long MAX_PHY_RATE_BPS = 10_000_000_000_000L;

    private final String ueId;
    private final String apId;
    private final double rssiDbm;
    private final long phyRateBps;

    /**
     * Creates a connection.
     *
     * @param ueId       the device's identifier
     * @param apId       the access point's identifier
     * @param rssiDbm    received signal strength in dBm, in [{@link #MIN_RSSI_DBM}, {@link #MAX_RSSI_DBM}]
     * @param phyRateBps physical-layer data rate in bit/s, in [1, {@link #MAX_PHY_RATE_BPS}]
     * @throws IllegalArgumentException on a blank id or out-of-range value
     */
    public Connection(String ueId, String apId, double rssiDbm, long phyRateBps) {
        this.ueId = Checks.id("ueId", ueId);
        this.apId = Checks.id("apId", apId);
        this.rssiDbm = Checks.inRange("rssiDbm", rssiDbm, MIN_RSSI_DBM, MAX_RSSI_DBM);
        this.phyRateBps = Checks.inRange("phyRateBps", phyRateBps, 1, MAX_PHY_RATE_BPS);
    }

    /** @return the device's identifier */
    public String ueId() {
        return ueId;
    }

    /** @return the access point's identifier */
    public String apId() {
        return apId;
    }

    /** @return RSSI in dBm */
    public double rssiDbm() {
        return rssiDbm;
    }

    /** @return PHY rate in bit/s */
    public long phyRateBps() {
        return phyRateBps;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Connection)) {
            return false;
        }
        Connection that = (Connection) o;
        return Double.compare(that.rssiDbm, rssiDbm) == 0 && phyRateBps == that.phyRateBps
                && ueId.equals(that.ueId) && apId.equals(that.apId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(ueId, apId, rssiDbm, phyRateBps);
    }

    @Override
    public String toString() {
        return "Connection{" + ueId + "@" + apId + ", " + rssiDbm + " dBm, " + phyRateBps + " bit/s}";
    }
}
