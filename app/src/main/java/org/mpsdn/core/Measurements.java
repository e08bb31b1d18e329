package org.mpsdn.core;

import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Checks;
import org.mpsdn.core.model.StationLoad;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the network measured over the last interval, per AP and direction: the AP's average MAC
 * queue occupancy (MacOcc, the paper's only input to Algorithm 2), and for the
 * {@link Profile#MPSDN mpsdn} profile the station queues, with what each sent over the window. Immutable;
 * entries for unknown APs or unregulated directions are ignored by the cycle.
 *
 * <p>An occupancy may be null, NaN or outside [0, 1]: the cycle then holds the limit and counts it
 * invalid, as {@link RegulationCenter#cycle(org.mpsdn.core.model.NetworkSnapshot, Map, RegulationState)}
 * always did. Station readings are validated when created.</p>
 */
public final class Measurements {
    private static final Measurements NONE = new Measurements(new Builder());

    private final Map<ApDirection, Double> occupancy;
    private final Map<ApDirection, List<StationLoad>> stations;

    private Measurements(Builder b) {
        this.occupancy = Collections.unmodifiableMap(new HashMap<>(b.occupancy));
        Map<ApDirection, List<StationLoad>> st = new HashMap<>();
        b.stations.forEach((k, v) -> st.put(k, List.copyOf(v)));
        this.stations = Collections.unmodifiableMap(st);
    }

    /** @return no measurement at all */
    public static Measurements none() {
        return NONE;
    }

    /**
     * Only MacOcc, as the paper's Algorithm 2 reads.
     *
     * @param occupancy MacOcc per AP and direction (values may be null or invalid, see the class comment)
     * @return the measurements
     */
    public static Measurements of(Map<ApDirection, Double> occupancy) {
        return builder().occupancy(occupancy).build();
    }

    /** @return an empty builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return MacOcc per AP and direction, as supplied (values may be null or invalid) */
    public Map<ApDirection, Double> occupancy() {
        return occupancy;
    }

    /** @return station queue readings per AP and direction (directions without any are absent) */
    public Map<ApDirection, List<StationLoad>> stations() {
        return stations;
    }

    @Override
    public String toString() {
        return "Measurements{occupancy=" + occupancy.size() + ", stations=" + stations.size() + "}";
    }

    /** Collects measurements. Not thread-safe. */
    public static final class Builder {
        private final Map<ApDirection, Double> occupancy = new HashMap<>();
        private final Map<ApDirection, List<StationLoad>> stations = new HashMap<>();

        private Builder() {
        }

        /**
         * Adds MacOcc values.
         *
         * @param values per AP and direction (null values are kept: they count as invalid; a null
         *               key names no AP and is skipped)
         * @return this builder
         */
        public Builder occupancy(Map<ApDirection, Double> values) {
            Checks.nonNull("occupancy", values).forEach((k, v) -> {
                if (k != null) {
                    occupancy.put(k, v);
                }
            });
            return this;
        }

        /**
         * Sets the MacOcc of an AP and direction.
         *
         * @param key   AP and direction
         * @param value the ratio (null, NaN or out of range counts as invalid)
         * @return this builder
         */
        public Builder occupancy(ApDirection key, Double value) {
            occupancy.put(Checks.nonNull("key", key), value);
            return this;
        }

        /**
         * Adds one station queue reading.
         *
         * @param key     AP and direction of the queue
         * @param station the reading
         * @return this builder
         */
        public Builder station(ApDirection key, StationLoad station) {
            stations.computeIfAbsent(Checks.nonNull("key", key), k -> new ArrayList<>())
                    .add(Checks.nonNull("station", station));
            return this;
        }

        /** @return the measurements */
        public Measurements build() {
            return new Measurements(this);
        }
    }
}
