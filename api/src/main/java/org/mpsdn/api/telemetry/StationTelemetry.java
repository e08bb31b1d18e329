package org.mpsdn.api.telemetry;

import java.util.List;
import java.util.Objects;

/**
 * One associated station (a UE interface) as its AP reports it.
 */
public final class StationTelemetry {
    private final String mac;
    private final List<String> ips;
    private final double rssiDbm;
    private final long txPhyRateBps;
    private final long rxPhyRateBps;
    private final long txBytes;
    private final long rxBytes;
    private final long inactiveMillis;

    /**
     * Creates a station report.
     *
     * @param mac            MAC address, lower-case colon-separated; empty when the AP knows none (an
     *                       eNB knows its UEs by IMSI/RNTI: they are identified by IP)
     * @param ips            IP addresses known for the station
     * @param rssiDbm        signal strength in dBm
     * @param txPhyRateBps   AP-to-station PHY rate in bit/s
     * @param rxPhyRateBps   station-to-AP PHY rate in bit/s
     * @param txBytes        bytes sent to the station
     * @param rxBytes        bytes received from the station
     * @param inactiveMillis time since the station was last active
     */
    public StationTelemetry(String mac, List<String> ips, double rssiDbm, long txPhyRateBps,
                            long rxPhyRateBps, long txBytes, long rxBytes, long inactiveMillis) {
        this.mac = Objects.requireNonNull(mac, "mac");
        this.ips = List.copyOf(ips);
        this.rssiDbm = rssiDbm;
        this.txPhyRateBps = txPhyRateBps;
        this.rxPhyRateBps = rxPhyRateBps;
        this.txBytes = txBytes;
        this.rxBytes = rxBytes;
        this.inactiveMillis = inactiveMillis;
    }

    /** @return MAC address, empty when the AP knows none */
    public String mac() {
        return mac;
    }

    /** @return IP addresses of the station */
    public List<String> ips() {
        return ips;
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

    /** @return bytes sent to the station */
    public long txBytes() {
        return txBytes;
    }

    /** @return bytes received from the station */
    public long rxBytes() {
        return rxBytes;
    }

    /** @return milliseconds since the station was last active */
    public long inactiveMillis() {
        return inactiveMillis;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof StationTelemetry)) {
            return false;
        }
        StationTelemetry that = (StationTelemetry) o;
        return Double.compare(rssiDbm, that.rssiDbm) == 0 && txPhyRateBps == that.txPhyRateBps
                && rxPhyRateBps == that.rxPhyRateBps && txBytes == that.txBytes
                && rxBytes == that.rxBytes && inactiveMillis == that.inactiveMillis
                && mac.equals(that.mac) && ips.equals(that.ips);
    }

    @Override
    public int hashCode() {
        return Objects.hash(mac, ips, rssiDbm, txPhyRateBps, rxPhyRateBps, txBytes, rxBytes, inactiveMillis);
    }

    @Override
    public String toString() {
        return "StationTelemetry{mac=" + mac + ", ips=" + ips + ", rssiDbm=" + rssiDbm
                + ", txPhyRateBps=" + txPhyRateBps + ", rxPhyRateBps=" + rxPhyRateBps + "}";
    }
}
