package org.mpsdn.api.northbound;

import org.mpsdn.api.model.Tier;

import java.util.Objects;
import java.util.Optional;

/**
 * One wireless connection of a UE (a station at one AP).
 */
public final class UeConnection {
    private final String apId;
    private final String ip;
    private final String mac;
    private final double rssiDbm;
    private final long txPhyRateBps;
    private final long rxPhyRateBps;
    private final boolean primary;
    private final Tier tier;

    /**
     * Creates a connection view.
     *
     * @param apId         AP of the connection
     * @param ip           interface IP ("" if unknown)
     * @param mac          station MAC ("" if unknown)
     * @param rssiDbm      signal strength in dBm
     * @param txPhyRateBps AP-to-UE PHY rate in bit/s
     * @param rxPhyRateBps UE-to-AP PHY rate in bit/s
     * @param primary      whether this is the UE's primary connection
     * @param tier         tier of the UE's flows on this connection, null when it has none
     */
    public UeConnection(String apId, String ip, String mac, double rssiDbm, long txPhyRateBps, long rxPhyRateBps,
                        boolean primary, Tier tier) {
        this.apId = Objects.requireNonNull(apId, "apId");
        this.ip = Objects.requireNonNull(ip, "ip");
        this.mac = Objects.requireNonNull(mac, "mac");
        this.rssiDbm = rssiDbm;
        this.txPhyRateBps = txPhyRateBps;
        this.rxPhyRateBps = rxPhyRateBps;
        this.primary = primary;
        this.tier = tier;
    }

    /** @return AP id */
    public String apId() {
        return apId;
    }

    /** @return interface IP, "" if unknown */
    public String ip() {
        return ip;
    }

    /** @return station MAC, "" if unknown */
    public String mac() {
        return mac;
    }

    /** @return RSSI in dBm */
    public double rssiDbm() {
        return rssiDbm;
    }

    /** @return downlink PHY rate in bit/s */
    public long txPhyRateBps() {
        return txPhyRateBps;
    }

    /** @return uplink PHY rate in bit/s */
    public long rxPhyRateBps() {
        return rxPhyRateBps;
    }

    /** @return true for the primary connection */
    public boolean primary() {
        return primary;
    }

    /** @return tier of the connection's flows, empty when it carries none */
    public Optional<Tier> tier() {
        return Optional.ofNullable(tier);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof UeConnection)) {
            return false;
        }
        UeConnection c = (UeConnection) o;
        return apId.equals(c.apId) && ip.equals(c.ip) && mac.equals(c.mac)
                && Double.compare(rssiDbm, c.rssiDbm) == 0 && txPhyRateBps == c.txPhyRateBps
                && rxPhyRateBps == c.rxPhyRateBps && primary == c.primary && tier == c.tier;
    }

    @Override
    public int hashCode() {
        return Objects.hash(apId, ip, mac, rssiDbm, txPhyRateBps, rxPhyRateBps, primary, tier);
    }

    @Override
    public String toString() {
        return "UeConnection{" + apId + " " + ip + " rssi=" + rssiDbm + (primary ? " primary" : "") + "}";
    }
}
