package org.mpsdn.impl.telemetry;

import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.QueueOccupancy;
import org.mpsdn.agent.v1.Station;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns an agent's {@link ApStatus} into an {@link ApTelemetry}, clamping every value to its
 * physical range and rejecting reports that cannot be trusted (wrong AP, non-finite
 * occupancy, no queue). A station's MAC is passed on lower-cased (empty when the agent has none,
 * as for an eNB's UEs: the detection then knows the station by IP and rejects only an entry
 * whose MAC is malformed, see {@code impl.detect.StationFeed}); the fields added after the first
 * version are {@link StationQueueSanitizer}'s.
 */
public final class StatusSanitizer {
    /** Largest capacity or PHY rate accepted, bit/s (100 Gbit/s). */
    public static final long MAX_RATE_BPS = 100_000_000_000L;
    /** Longest window accepted, ms. */
    public static final long MAX_WINDOW_MS = 600_000L;
    /** Weakest signal kept, dBm. */
    public static final double MIN_RSSI_DBM = -120.0;
    /** Most stations kept per report. */
    public static final int MAX_STATIONS = 4096;
    /** Most IPs kept per station. */
    public static final int MAX_IPS = 16;

    private static final int MAX_IP_LENGTH = 64;

    private StatusSanitizer() {
    }

    /**
     * Outcome of sanitizing one report.
     */
    public static final class Result {
        private final ApTelemetry telemetry;
        private final String rejectReason;
        private final int clamped;

        private Result(ApTelemetry telemetry, String rejectReason, int clamped) {
            this.telemetry = telemetry;
            this.rejectReason = rejectReason;
            this.clamped = clamped;
        }

        /** @return the telemetry, or null when rejected */
        public ApTelemetry telemetry() {
            return telemetry;
        }

        /** @return why the report was rejected, or null when accepted */
        public String rejectReason() {
            return rejectReason;
        }

        /** @return number of values clamped into range */
        public int clamped() {
            return clamped;
        }
    }

    /**
     * Sanitizes a report.
     *
     * @param status     the agent's report
     * @param apId       the AP the report must be for
     * @param nowMillis  controller time of acceptance
     * @return the result
     */
    public static Result sanitize(ApStatus status, String apId, long nowMillis) {
        if (!apId.equals(status.getApId())) {
            return reject("report is for AP '" + status.getApId() + "', expected '" + apId + "'");
        }
        int[] clamped = {0};
        Map<Direction, Double> occ = new EnumMap<>(Direction.class);
        for (QueueOccupancy q : status.getQueuesList()) {
            Direction d;
            switch (q.getDirection()) {
                case DIRECTION_DOWNLINK:
                    d = Direction.DOWNLINK;
                    break;
                case DIRECTION_UPLINK:
                    d = Direction.UPLINK;
                    break;
                default:
                    clamped[0]++;
                    continue;
            }
            double r = q.getOccupancyRatio();
            if (Double.isNaN(r) || Double.isInfinite(r)) {
                return reject("occupancy of " + d + " is not finite: " + r);
            }
            occ.put(d, clampD(r, 0.0, 1.0, clamped));
        }
        if (occ.isEmpty()) {
            return reject("report carries no queue occupancy");
        }
        long window = clampU(Integer.toUnsignedLong(status.getWindowMs()), MAX_WINDOW_MS, clamped);
        long capacity = clampU(status.getCapacityBps(), MAX_RATE_BPS, clamped);
        List<StationTelemetry> stations = new ArrayList<>();
        for (Station s : status.getStationsList()) {
            if (stations.size() == MAX_STATIONS) {
                clamped[0]++;
                break;
            }
            stations.add(station(s, clamped));
        }
        ApTelemetry t = StationQueueSanitizer.apply(status,
                new ApTelemetry(apId, status.getSequence(), window, occ, capacity, stations, nowMillis));
        return new Result(t, null, clamped[0]);
    }

    private static StationTelemetry station(Station s, int[] clamped) {
        List<String> ips = new ArrayList<>();
        for (String ip : s.getIpsList()) {
            if (ips.size() == MAX_IPS || ip.length() > MAX_IP_LENGTH) {
                clamped[0]++;
                continue;
            }
            ips.add(ip);
        }
        double rssi = s.getRssiDbm();
        if (Double.isNaN(rssi) || Double.isInfinite(rssi)) {
            rssi = 0.0;
            clamped[0]++;
        } else if (rssi != 0.0) {
            rssi = clampD(rssi, MIN_RSSI_DBM, 0.0, clamped);
        }
        String mac = s.getMac().toLowerCase(Locale.ROOT);
        if (mac.length() > MAX_IP_LENGTH) {
            mac = "";
            clamped[0]++;
        }
        return new StationTelemetry(mac, ips, rssi,
                clampU(s.getTxPhyRateBps(), MAX_RATE_BPS, clamped),
                clampU(s.getRxPhyRateBps(), MAX_RATE_BPS, clamped),
                clampU(s.getTxBytes(), Long.MAX_VALUE, clamped),
                clampU(s.getRxBytes(), Long.MAX_VALUE, clamped),
                Integer.toUnsignedLong(s.getInactiveMs()));
    }

    private static Result reject(String why) {
        return new Result(null, why, 0);
    }

    private static double clampD(double v, double lo, double hi, int[] clamped) {
        if (v < lo) {
            clamped[0]++;
            return lo;
        }
        if (v > hi) {
            clamped[0]++;
            return hi;
        }
        return v;
    }

    /** Clamps a proto uint64 (read as signed long) to [0, hi]. */
    private static long clampU(long unsigned, long hi, int[] clamped) {
        if (unsigned < 0 || unsigned > hi) {
            clamped[0]++;
            return hi;
        }
        return unsigned;
    }
}
