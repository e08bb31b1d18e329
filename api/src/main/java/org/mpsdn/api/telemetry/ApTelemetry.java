package org.mpsdn.api.telemetry;

import org.mpsdn.api.model.Direction;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One accepted status report of an AP agent: the average MAC queue occupancy per
 * direction over the agent's sampling window, and the stations it serves.
 */
public final class ApTelemetry {
    private final String apId;
    private final long sequence;
    private final long windowMillis;
    private final Map<Direction, Double> occupancy;
    private final long capacityBps;
    private final List<StationTelemetry> stations;
    private final long receivedAtMillis;

    /**
     * Creates a report.
     *
     * @param apId             AP identifier (as in the app's network config)
     * @param sequence         agent sequence number of the report
     * @param windowMillis     sampling window the occupancy is averaged over
     * @param occupancy        average occupancy ratio in [0, 1] per observed direction
     * @param capacityBps      the AP's nominal capacity in bit/s as reported by its agent
     * @param stations         associated stations
     * @param receivedAtMillis controller wall-clock time the report was accepted
     */
    public ApTelemetry(String apId, long sequence, long windowMillis, Map<Direction, Double> occupancy,
                       long capacityBps, List<StationTelemetry> stations, long receivedAtMillis) {
        this.apId = Objects.requireNonNull(apId, "apId");
        this.sequence = sequence;
        this.windowMillis = windowMillis;
        Map<Direction, Double> occ = new EnumMap<>(Direction.class);
        occupancy.forEach((d, v) -> {
            if (v == null || v.isNaN() || v < 0.0 || v > 1.0) {
                throw new IllegalArgumentException("occupancy[" + d + "] must be in [0, 1], was " + v);
            }
            occ.put(d, v);
        });
        this.occupancy = Map.copyOf(occ);
        this.capacityBps = capacityBps;
        this.stations = List.copyOf(stations);
        this.receivedAtMillis = receivedAtMillis;
    }

    /** @return AP identifier */
    public String apId() {
        return apId;
    }

    /** @return agent sequence number */
    public long sequence() {
        return sequence;
    }

    /** @return averaging window in milliseconds */
    public long windowMillis() {
        return windowMillis;
    }

    /**
     * Average MAC queue occupancy ratio (MacOcc) of a direction.
     *
     * @param direction traffic direction
     * @return the ratio, or empty if the agent does not observe that direction
     */
    public OptionalDouble occupancy(Direction direction) {
        Double v = occupancy.get(direction);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /** @return capacity in bit/s as reported by the agent (0 if unknown) */
    public long capacityBps() {
        return capacityBps;
    }

    /** @return associated stations */
    public List<StationTelemetry> stations() {
        return stations;
    }

    /** @return controller time (ms since epoch) the report was accepted */
    public long receivedAtMillis() {
        return receivedAtMillis;
    }

    @Override
    public String toString() {
        return "ApTelemetry{apId=" + apId + ", sequence=" + sequence + ", windowMillis=" + windowMillis
                + ", occupancy=" + occupancy + ", stations=" + stations.size() + "}";
    }
}
