package org.mpsdn.core.model;

import java.util.Objects;
import java.util.Optional;

/**
 * The queue that holds one station's traffic at an AP in one direction, as its agent measured it
 * over the last interval: the window-averaged occupancy ratio of that queue and the device it
 * belongs to, when known. Not in the paper, which reads only the AP's MAC queue; the
 * {@link org.mpsdn.core.signal.SignalKind#TIER1 Tier-1-aware signal} reads these, and the mpsdn profile
 * the rate the queue sent at (whether a decrease is still taking effect, {@link
 * org.mpsdn.core.regulate.LimitValidation#recovering}).
 */
public final class StationLoad {
    /** A rate that was not reported. */
    public static final long UNKNOWN = -1L;

    private final String ueId;
    private final double occupancy;
    private final long sentBps;
    private final long droppedBps;
    private final double busyShare;

    /**
     * Creates a reading without the rate the queue sent at.
     *
     * @param ueId      identifier of the station's device in the snapshot, or null when unknown
     * @param occupancy window-averaged occupancy ratio of the station's queue, in [0, 1]
     * @throws IllegalArgumentException on a blank id or an occupancy that is NaN or outside [0, 1]
     */
    public StationLoad(String ueId, double occupancy) {
        this(ueId, occupancy, UNKNOWN);
    }

    /**
     * Creates a reading.
     *
     * @param ueId      identifier of the station's device in the snapshot, or null when the
     *                  station could not be matched to a device
     * @param occupancy window-averaged occupancy ratio of the station's queue, in [0, 1]
     * @param sentBps   bits the queue sent per second over the window, &ge; 0, or {@link #UNKNOWN}
     * @throws IllegalArgumentException on a blank id, an occupancy that is NaN or outside [0, 1], or a
     *                                  negative rate other than {@link #UNKNOWN}
     */
    public StationLoad(String ueId, double occupancy, long sentBps) {
        this(ueId, occupancy, sentBps, UNKNOWN);
    }

    /**
     * Creates a reading with what the queue dropped.
     *
     * @param ueId       as {@link #StationLoad(String, double, long)}
     * @param occupancy  as {@link #StationLoad(String, double, long)}
     * @param sentBps    as {@link #StationLoad(String, double, long)}
     * @param droppedBps bits per second the queue dropped over the window (it overflowed), &ge; 0, or
     *                   {@link #UNKNOWN}
     * @throws IllegalArgumentException as {@link #StationLoad(String, double, long)}, or on a negative dropped
     *                                  rate other than {@link #UNKNOWN}
     */
    public StationLoad(String ueId, double occupancy, long sentBps, long droppedBps) {
        this.ueId = ueId == null ? null : Checks.id("ueId", ueId);
        this.occupancy = Checks.inRange("occupancy", occupancy, 0.0, 1.0);
        this.sentBps = sentBps == UNKNOWN ? UNKNOWN : Checks.inRange("sentBps", sentBps, 0, Long.MAX_VALUE);
        this.droppedBps = droppedBps == UNKNOWN ? UNKNOWN
                : Checks.inRange("droppedBps", droppedBps, 0, Long.MAX_VALUE);
        this.busyShare = Double.NaN;
    }

    private StationLoad(StationLoad l, double busyShare) {
        this.ueId = l.ueId;
        this.occupancy = l.occupancy;
        this.sentBps = l.sentBps;
        this.droppedBps = l.droppedBps;
        this.busyShare = Double.isNaN(busyShare) ? busyShare : Checks.inRange("busyShare", busyShare, 0.0, 1.0);
    }

    /**
     * This reading with the share of the window's samples in which the queue held packets.
     *
     * @param share in [0, 1], or NaN when the agent did not report it
     * @return the reading
     * @throws IllegalArgumentException on a share outside [0, 1]
     */
    public StationLoad withBusyShare(double share) {
        return new StationLoad(this, share);
    }

    /** @return the share of the window's samples in which the queue held packets, in [0, 1]; NaN when unknown */
    public double busyShare() {
        return busyShare;
    }

    /** @return the station's device id, or empty when unknown */
    public Optional<String> ueId() {
        return Optional.ofNullable(ueId);
    }

    /** @return window-averaged occupancy ratio of the station's queue, in [0, 1] */
    public double occupancy() {
        return occupancy;
    }

    /** @return bits the queue sent per second over the window, or {@link #UNKNOWN} */
    public long sentBps() {
        return sentBps;
    }

    /** @return bits per second the queue dropped over the window, or {@link #UNKNOWN} */
    public long droppedBps() {
        return droppedBps;
    }

    /**
     * The share of what reached the queue that it dropped: dropped / (sent + dropped).
     *
     * @return in [0, 1]; 0 when either rate is unknown or nothing reached the queue
     */
    public double overflowShare() {
        if (sentBps == UNKNOWN || droppedBps == UNKNOWN || sentBps + droppedBps <= 0) {
            return 0.0;
        }
        return (double) droppedBps / ((double) sentBps + droppedBps);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof StationLoad)) {
            return false;
        }
        StationLoad that = (StationLoad) o;
        return Double.compare(occupancy, that.occupancy) == 0 && sentBps == that.sentBps
                && droppedBps == that.droppedBps && Double.compare(busyShare, that.busyShare) == 0
                && Objects.equals(ueId, that.ueId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(ueId, occupancy, sentBps, droppedBps, busyShare);
    }

    @Override
    public String toString() {
        return "StationLoad{" + (ueId == null ? "?" : ueId) + ", " + occupancy + ", sentBps=" + sentBps
                + (droppedBps == UNKNOWN ? "" : ", droppedBps=" + droppedBps)
                + (Double.isNaN(busyShare) ? "" : ", busyShare=" + busyShare) + "}";
    }
}
