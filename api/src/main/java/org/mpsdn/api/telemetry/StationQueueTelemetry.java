package org.mpsdn.api.telemetry;

import org.mpsdn.api.model.Direction;

import java.util.List;
import java.util.Objects;

/**
 * The queue that holds one station's (one UE's) traffic at an AP in one direction, averaged over
 * the report's window (the proto's {@code StationQueue}). Values are as the agent reported them,
 * clamped to their physical range by the controller. Build with {@link #builder()}.
 */
public final class StationQueueTelemetry {
    /** {@link #emptySamples()} of an agent that does not report it. */
    public static final long NOT_REPORTED = -1L;

    private final Direction direction;
    private final String source;
    private final String queueId;
    private final String mac;
    private final List<String> ips;
    private final String ueId;
    private final double occupancy;
    private final long sampleCount;
    private final long limitPackets;
    private final long limitBytes;
    private final long backlogPackets;
    private final long backlogBytes;
    private final long drops;
    private final long sentBytes;
    private final long emptySamples;

    private StationQueueTelemetry(Builder b) {
        this.direction = Objects.requireNonNull(b.direction, "direction");
        this.source = Objects.requireNonNull(b.source, "source");
        this.queueId = Objects.requireNonNull(b.queueId, "queueId");
        this.mac = Objects.requireNonNull(b.mac, "mac");
        this.ips = List.copyOf(b.ips);
        this.ueId = Objects.requireNonNull(b.ueId, "ueId");
        if (!(b.occupancy >= 0.0 && b.occupancy <= 1.0)) {
            throw new IllegalArgumentException("occupancy must be in [0, 1], was " + b.occupancy);
        }
        this.occupancy = b.occupancy;
        this.sampleCount = nonNegative("sampleCount", b.sampleCount);
        this.limitPackets = nonNegative("limitPackets", b.limitPackets);
        this.limitBytes = nonNegative("limitBytes", b.limitBytes);
        this.backlogPackets = nonNegative("backlogPackets", b.backlogPackets);
        this.backlogBytes = nonNegative("backlogBytes", b.backlogBytes);
        this.drops = nonNegative("drops", b.drops);
        this.sentBytes = nonNegative("sentBytes", b.sentBytes);
        if (b.emptySamples < NOT_REPORTED || b.emptySamples > sampleCount) {
            throw new IllegalArgumentException("emptySamples " + b.emptySamples + ": want -1 (not reported) or 0.."
                    + sampleCount + " (the sample count)");
        }
        this.emptySamples = b.emptySamples;
    }

    private static long nonNegative(String name, long v) {
        if (v < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, was " + v);
        }
        return v;
    }

    /** @return a builder with empty identity and zero counters */
    public static Builder builder() {
        return new Builder();
    }

    /** @return direction of the queue's traffic */
    public Direction direction() {
        return direction;
    }

    /** @return data source: "qdisc", "mac80211-txq" or "enb" */
    public String source() {
        return source;
    }

    /** @return the queue within its source (leaf class, station MAC or eNB UE id) */
    public String queueId() {
        return queueId;
    }

    /** @return station MAC address, lower-case colon-separated, or "" when unknown */
    public String mac() {
        return mac;
    }

    /** @return IP addresses known for the station */
    public List<String> ips() {
        return ips;
    }

    /** @return the eNB's UE id, or "" when unknown */
    public String ueId() {
        return ueId;
    }

    /** @return window-averaged occupancy ratio, in [0, 1] */
    public double occupancy() {
        return occupancy;
    }

    /** @return samples averaged into the occupancy */
    public long sampleCount() {
        return sampleCount;
    }

    /** @return queue limit in packets at the last sample (0: not limited in packets) */
    public long limitPackets() {
        return limitPackets;
    }

    /** @return queue limit in bytes at the last sample (0: not limited in bytes) */
    public long limitBytes() {
        return limitBytes;
    }

    /** @return backlog in packets at the last sample */
    public long backlogPackets() {
        return backlogPackets;
    }

    /** @return backlog in bytes at the last sample */
    public long backlogBytes() {
        return backlogBytes;
    }

    /** @return packets dropped by the queue during the window */
    public long drops() {
        return drops;
    }

    /** @return bytes the queue sent towards the station during the window */
    public long sentBytes() {
        return sentBytes;
    }

    /**
     * How many of the window's samples found the queue empty.
     *
     * @return 0..{@link #sampleCount()}, or {@link #NOT_REPORTED}
     */
    public long emptySamples() {
        return emptySamples;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof StationQueueTelemetry)) {
            return false;
        }
        StationQueueTelemetry t = (StationQueueTelemetry) o;
        return direction == t.direction && source.equals(t.source) && queueId.equals(t.queueId)
                && mac.equals(t.mac) && ips.equals(t.ips) && ueId.equals(t.ueId)
                && Double.compare(occupancy, t.occupancy) == 0 && sampleCount == t.sampleCount
                && limitPackets == t.limitPackets && limitBytes == t.limitBytes
                && backlogPackets == t.backlogPackets && backlogBytes == t.backlogBytes && drops == t.drops
                && sentBytes == t.sentBytes && emptySamples == t.emptySamples;
    }

    @Override
    public int hashCode() {
        return Objects.hash(direction, source, queueId, mac, ips, ueId, occupancy, sampleCount, limitPackets,
                limitBytes, backlogPackets, backlogBytes, drops, sentBytes, emptySamples);
    }

    @Override
    public String toString() {
        return "StationQueueTelemetry{" + direction + " " + source + ":" + queueId + " mac=" + mac + " ips=" + ips
                + " ue=" + ueId + " occupancy=" + occupancy + " drops=" + drops + " sentBytes=" + sentBytes
                + " emptySamples=" + emptySamples + "}";
    }

    /** Collects the fields of a station queue. Not thread-safe. */
    public static final class Builder {
        private Direction direction;
        private String source = "";
        private String queueId = "";
        private String mac = "";
        private List<String> ips = List.of();
        private String ueId = "";
        private double occupancy;
        private long sampleCount;
        private long limitPackets;
        private long limitBytes;
        private long backlogPackets;
        private long backlogBytes;
        private long drops;
        private long sentBytes;
        private long emptySamples = NOT_REPORTED;

        private Builder() {
        }

        /**
         * Sets which queue this is.
         *
         * @param dir     direction of its traffic
         * @param src     data source name
         * @param queue   the queue within its source
         * @return this builder
         */
        public Builder queue(Direction dir, String src, String queue) {
            this.direction = dir;
            this.source = src;
            this.queueId = queue;
            return this;
        }

        /**
         * Sets the station's identity ("" and an empty list where unknown).
         *
         * @param stationMac MAC address
         * @param stationIps IP addresses
         * @param enbUeId    the eNB's UE id
         * @return this builder
         */
        public Builder station(String stationMac, List<String> stationIps, String enbUeId) {
            this.mac = stationMac;
            this.ips = stationIps;
            this.ueId = enbUeId;
            return this;
        }

        /**
         * Sets the window-averaged occupancy.
         *
         * @param ratio   in [0, 1]
         * @param samples samples averaged
         * @return this builder
         */
        public Builder occupancy(double ratio, long samples) {
            this.occupancy = ratio;
            this.sampleCount = samples;
            return this;
        }

        /**
         * Sets the limit and backlog at the last sample.
         *
         * @param limitPkts   limit in packets (0: none)
         * @param limitBts    limit in bytes (0: none)
         * @param backlogPkts backlog in packets
         * @param backlogBts  backlog in bytes
         * @return this builder
         */
        public Builder fill(long limitPkts, long limitBts, long backlogPkts, long backlogBts) {
            this.limitPackets = limitPkts;
            this.limitBytes = limitBts;
            this.backlogPackets = backlogPkts;
            this.backlogBytes = backlogBts;
            return this;
        }

        /**
         * Sets the window's counters.
         *
         * @param droppedPackets packets dropped
         * @param sent           bytes sent
         * @return this builder
         */
        public Builder window(long droppedPackets, long sent) {
            this.drops = droppedPackets;
            this.sentBytes = sent;
            return this;
        }

        /**
         * Sets how many of the window's samples found the queue empty.
         *
         * @param samples 0..the sample count, or {@link #NOT_REPORTED}
         * @return this builder
         */
        public Builder emptySamples(long samples) {
            this.emptySamples = samples;
            return this;
        }

        /**
         * Builds the queue report.
         *
         * @return it
         * @throws NullPointerException     without a direction
         * @throws IllegalArgumentException on an occupancy outside [0, 1] or a negative counter
         */
        public StationQueueTelemetry build() {
            return new StationQueueTelemetry(this);
        }
    }
}
