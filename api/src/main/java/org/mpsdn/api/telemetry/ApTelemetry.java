package org.mpsdn.api.telemetry;

import org.mpsdn.api.model.Direction;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One accepted status report of an AP agent: the average MAC queue occupancy per
 * direction over the agent's sampling window, and the stations it serves; from agents that
 * report them, also the per-station queues, the window mode applied and how old the newest
 * sample was when the agent answered.
 */
public final class ApTelemetry {
    private final String apId;
    private final long sequence;
    private final long windowMillis;
    private final Map<Direction, Double> occupancy;
    private final long capacityBps;
    private final List<StationTelemetry> stations;
    private final long receivedAtMillis;
    private final List<StationQueueTelemetry> stationQueues;
    private final int skippedStationQueues;
    private final long sampleAgeNanos;
    private final WindowMode windowMode;

    /**
     * Creates a report without per-station queues or window details (as from an agent that
     * predates them).
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
        this(apId, sequence, windowMillis, occupancy, capacityBps, stations, receivedAtMillis, List.of(), 0, -1,
                WindowMode.UNREPORTED);
    }

    private ApTelemetry(String apId, long sequence, long windowMillis, Map<Direction, Double> occupancy,
                        long capacityBps, List<StationTelemetry> stations, long receivedAtMillis,
                        List<StationQueueTelemetry> stationQueues, int skippedStationQueues, long sampleAgeNanos,
                        WindowMode windowMode) {
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
        this.stationQueues = List.copyOf(stationQueues);
        if (skippedStationQueues < 0) {
            throw new IllegalArgumentException("skippedStationQueues must be >= 0, was " + skippedStationQueues);
        }
        this.skippedStationQueues = skippedStationQueues;
        this.sampleAgeNanos = Math.max(-1L, sampleAgeNanos);
        this.windowMode = Objects.requireNonNull(windowMode, "windowMode");
    }

    /**
     * This report with the agent's per-station queues.
     *
     * @param queues  the station queues that passed sanitising
     * @param skipped entries dropped for being malformed, &ge; 0
     * @return a copy carrying them
     */
    public ApTelemetry withStationQueues(List<StationQueueTelemetry> queues, int skipped) {
        return new ApTelemetry(apId, sequence, windowMillis, occupancy, capacityBps, stations, receivedAtMillis,
                queues, skipped, sampleAgeNanos, windowMode);
    }

    /**
     * This report with the freshness the agent reported.
     *
     * @param ageNanos agent's monotonic time at the answer minus the time of the newest sample
     *                 averaged in, ns; negative when the agent did not report it
     * @param mode     the window mode the agent applied
     * @return a copy carrying them
     */
    public ApTelemetry withFreshness(long ageNanos, WindowMode mode) {
        return new ApTelemetry(apId, sequence, windowMillis, occupancy, capacityBps, stations, receivedAtMillis,
                stationQueues, skippedStationQueues, ageNanos, mode);
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

    /** @return per-station queues of every direction (empty from agents that predate them) */
    public List<StationQueueTelemetry> stationQueues() {
        return stationQueues;
    }

    /** @return station-queue entries of the agent's report skipped for being malformed */
    public int skippedStationQueues() {
        return skippedStationQueues;
    }

    /** @return the window mode the agent applied */
    public WindowMode windowMode() {
        return windowMode;
    }

    /**
     * How old the newest sample averaged into this report was when the agent answered.
     *
     * @return nanoseconds, or empty when the agent did not report it
     */
    public OptionalLong sampleAgeNanos() {
        return sampleAgeNanos < 0 ? OptionalLong.empty() : OptionalLong.of(sampleAgeNanos);
    }

    /**
     * Age of the signal at a given time: the newest sample's age when the agent answered plus the
     * time since the report was accepted.
     *
     * @param nowMillis controller wall-clock time, ms since the epoch
     * @return milliseconds (never negative), or empty when the agent did not report its newest sample
     */
    public OptionalDouble signalAgeMillis(long nowMillis) {
        if (sampleAgeNanos < 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(sampleAgeNanos / 1e6 + Math.max(0L, nowMillis - receivedAtMillis));
    }

    @Override
    public String toString() {
        return "ApTelemetry{apId=" + apId + ", sequence=" + sequence + ", windowMillis=" + windowMillis
                + ", occupancy=" + occupancy + ", stations=" + stations.size() + ", stationQueues="
                + stationQueues.size() + ", windowMode=" + windowMode + "}";
    }
}
