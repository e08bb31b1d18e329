package org.mpsdn.impl.decide;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.StationQueueTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.config.ApSpec;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One AP as a cycle sees it: its config, fresh occupancy (only observed directions),
 * its current Tier-2 limits (absent: unlimited), its stations and their queues.
 */
public final class ApView {
    private final ApSpec spec;
    private final Map<Direction, Double> occupancy;
    private final Map<Direction, Long> limitKbps;
    private final List<StationTelemetry> stations;
    private final List<StationQueueTelemetry> stationQueues;
    private final SignalWindow window;

    /**
     * Creates an AP view without station queues (as from an agent that predates them).
     *
     * @param spec      config of the AP
     * @param occupancy fresh occupancy per observed direction
     * @param limitKbps current Tier-2 limit per limited direction
     * @param stations  associated stations from telemetry
     */
    public ApView(ApSpec spec, Map<Direction, Double> occupancy, Map<Direction, Long> limitKbps,
                  List<StationTelemetry> stations) {
        this(spec, occupancy, limitKbps, stations, List.of());
    }

    /**
     * Creates an AP view.
     *
     * @param spec          config of the AP
     * @param occupancy     fresh occupancy per observed direction
     * @param limitKbps     Tier-2 limit to decide from (BW_i) per limited direction: the limit in force, or
     *                      in the mpsdn profile the target of a step ONOS has not confirmed yet
     * @param stations      associated stations from telemetry
     * @param stationQueues the stations' queues from telemetry ({@code ApTelemetry.stationQueues()})
     */
    public ApView(ApSpec spec, Map<Direction, Double> occupancy, Map<Direction, Long> limitKbps,
                  List<StationTelemetry> stations, List<StationQueueTelemetry> stationQueues) {
        this(spec, occupancy, limitKbps, stations, stationQueues, SignalWindow.none());
    }

    /**
     * Creates an AP view with its report's window (its length turns the station queues' sent bytes into rates).
     *
     * @param spec          config of the AP
     * @param occupancy     fresh occupancy per observed direction
     * @param limitKbps     Tier-2 limit to decide from (BW_i) per limited direction
     * @param stations      associated stations from telemetry
     * @param stationQueues the stations' queues from telemetry
     * @param window        the report's window
     */
    public ApView(ApSpec spec, Map<Direction, Double> occupancy, Map<Direction, Long> limitKbps,
                  List<StationTelemetry> stations, List<StationQueueTelemetry> stationQueues,
                  SignalWindow window) {
        this.spec = Objects.requireNonNull(spec);
        this.window = Objects.requireNonNull(window);
        this.occupancy = copy(occupancy);
        this.limitKbps = copy(limitKbps);
        this.stations = List.copyOf(stations);
        this.stationQueues = List.copyOf(stationQueues);
    }

    private static <V> Map<Direction, V> copy(Map<Direction, V> m) {
        return m.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(m));
    }

    /** @return the report's window */
    public SignalWindow window() {
        return window;
    }

    /** @return AP config */
    public ApSpec spec() {
        return spec;
    }

    /** @return occupancy per observed direction */
    public Map<Direction, Double> occupancy() {
        return occupancy;
    }

    /** @return current limit per limited direction in kbit/s */
    public Map<Direction, Long> limitKbps() {
        return limitKbps;
    }

    /** @return stations */
    public List<StationTelemetry> stations() {
        return stations;
    }

    /** @return the stations' queues (empty from agents that predate them) */
    public List<StationQueueTelemetry> stationQueues() {
        return stationQueues;
    }
}
