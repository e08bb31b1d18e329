package org.mpsdn.impl.telemetry;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.Direction;
import org.mpsdn.agent.v1.QueueOccupancy;
import org.mpsdn.agent.v1.Station;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;

/**
 * Properties of report sanitizing: whatever an agent sends, accepted values lie in their
 * physical ranges, and untrustworthy reports are rejected with a reason.
 */
class StatusSanitizerTest {

    @Property
    boolean acceptedValuesAreInPhysicalRanges(@ForAll double occ, @ForAll long capacity, @ForAll int window,
                                             @ForAll double rssi, @ForAll long rate, @ForAll String mac) {
        ApStatus st = ApStatus.newBuilder().setApId("ap1").setCapacityBps(capacity).setWindowMs(window)
                .addQueues(QueueOccupancy.newBuilder().setDirection(Direction.DIRECTION_UPLINK).setOccupancyRatio(occ))
                .addStations(Station.newBuilder().setMac(mac).setRssiDbm(rssi).setTxPhyRateBps(rate)
                        .setRxPhyRateBps(rate).setTxBytes(rate))
                .build();
        StatusSanitizer.Result r = StatusSanitizer.sanitize(st, "ap1", 1L);
        if (Double.isNaN(occ) || Double.isInfinite(occ)) {
            return r.telemetry() == null && r.rejectReason().contains("not finite");
        }
        ApTelemetry t = r.telemetry();
        double o = t.occupancy(org.mpsdn.api.model.Direction.UPLINK).getAsDouble();
        StationTelemetry s = t.stations().get(0);
        return o >= 0 && o <= 1
                && t.capacityBps() >= 0 && t.capacityBps() <= StatusSanitizer.MAX_RATE_BPS
                && t.windowMillis() >= 0 && t.windowMillis() <= StatusSanitizer.MAX_WINDOW_MS
                && s.rssiDbm() <= 0 && s.rssiDbm() >= StatusSanitizer.MIN_RSSI_DBM
                && s.txPhyRateBps() >= 0 && s.txPhyRateBps() <= StatusSanitizer.MAX_RATE_BPS
                && s.txBytes() >= 0
                && s.mac().length() <= 64
                && (r.clamped() > 0) == (occ < 0 || occ > 1 || capacity < 0 || capacity > StatusSanitizer.MAX_RATE_BPS
                    || Integer.toUnsignedLong(window) > StatusSanitizer.MAX_WINDOW_MS
                    || (rssi != 0.0 && (rssi > 0 || rssi < StatusSanitizer.MIN_RSSI_DBM) || Double.isNaN(rssi)
                        || Double.isInfinite(rssi))
                    || rate < 0 || rate > StatusSanitizer.MAX_RATE_BPS || mac.length() > 64);
    }

    @Property
    boolean reportForAnotherApIsRejected(@ForAll String other) {
        ApStatus st = ApStatus.newBuilder().setApId(other)
                .addQueues(QueueOccupancy.newBuilder().setDirection(Direction.DIRECTION_DOWNLINK)).build();
        StatusSanitizer.Result r = StatusSanitizer.sanitize(st, "ap1", 1L);
        return other.equals("ap1") ? r.telemetry() != null : r.rejectReason() != null;
    }

    /** An eNB knows its UEs by IMSI/RNTI: its agent reports them without a MAC, by IP (issue 16). */
    @Example
    boolean stationWithoutMacKeepsItsIpsUnclamped() {
        ApStatus st = ApStatus.newBuilder().setApId("lte")
                .addQueues(QueueOccupancy.newBuilder().setDirection(Direction.DIRECTION_DOWNLINK))
                .addStations(Station.newBuilder().addIps("10.0.2.2").setTxPhyRateBps(34_000_000)).build();
        StatusSanitizer.Result r = StatusSanitizer.sanitize(st, "lte", 1L);
        StationTelemetry s = r.telemetry().stations().get(0);
        return r.clamped() == 0 && s.mac().isEmpty() && s.ips().equals(java.util.List.of("10.0.2.2"))
                && s.txPhyRateBps() == 34_000_000;
    }
}
