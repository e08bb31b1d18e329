package org.mpsdn.core.model;

import java.util.Objects;
import java.util.Optional;

/**
 * The queue that holds one station's traffic at an AP in one direction, as its agent measured it
 * over the last interval: the window-averaged occupancy ratio of that queue and the device it
 * belongs to, when known. Not in the paper, which reads only the AP's MAC queue; the
 * {@link org.mpsdn.core.signal.SignalKind#TIER1 Tier-1-aware signal} reads these.
 */
public final class StationLoad {
    private final String ueId;
    private final double occupancy;

    /**
     * Creates a reading.
     *
     * @param ueId      identifier of the station's device in the snapshot, or null when the
     *                  station could not be matched to a device
     * @param occupancy window-averaged occupancy ratio of the station's queue, in [0, 1]
     * @throws IllegalArgumentException on a blank id or an occupancy that is NaN or outside [0, 1]
     */
    public StationLoad(String ueId, double occupancy) {
        this.ueId = ueId == null ? null : Checks.id("ueId", ueId);
        this.occupancy = Checks.inRange("occupancy", occupancy, 0.0, 1.0);
    }

    /** @return the station's device id, or empty when unknown */
    public Optional<String> ueId() {
        return Optional.ofNullable(ueId);
    }

    /** @return window-averaged occupancy ratio of the station's queue, in [0, 1] */
    public double occupancy() {
        return occupancy;
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
        return Double.compare(occupancy, that.occupancy) == 0 && Objects.equals(ueId, that.ueId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(ueId, occupancy);
    }

    @Override
    public String toString() {
        return "StationLoad{" + (ueId == null ? "?" : ueId) + ", " + occupancy + "}";
    }
}
