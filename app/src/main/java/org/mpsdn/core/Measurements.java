package org.mpsdn.core;

import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Checks;
import org.mpsdn.core.model.StationLoad;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the network measured over the last interval, per AP and direction: the AP's average MAC
 * queue occupancy (MacOcc, the paper's only input to Algorithm 2), and for the
 * {@link Profile#MPSDN mpsdn} profile the station queues (the measured Tier-2 rate comes from the
 * flows' rates, {@link org.mpsdn.core.model.Flow#rateBps()}). Immutable; entries for unknown APs
 * or unregulated directions are ignored by the cycle.
 *
 * <p>The mpsdn profile also reads which AP directions' signal window began before the Tier-2 limit
 * in force came into force ({@link #predatesLimit(ApDirection)}): such a window mixes the old limit's
 * queues with the new one's, and the profile does not decrease the limit again on it
 * ({@link org.mpsdn.core.regulate.LimitValidation}). For the first window that does not predate a limit
 * that a decrease set, it also reads what the Tier-1 stations sent over the window that decrease was decided
 * on ({@link #tier1SentAtDecreaseBps(ApDirection)}): while they send more now, the decrease is still taking
 * effect and the profile does not decrease again. And it reads what they sent over the previous cycle's window
 * ({@link #tier1SentBeforeBps(ApDirection)}): a decrease while they send clearly more than then answers a rise of
 * the Tier-1 demand and halves; one that does not undoes Tier 2's probing and is gentler.</p>
 *
 * <p>An occupancy may be null, NaN or outside [0, 1]: the cycle then holds the limit and counts it
 * invalid, as {@link RegulationCenter#cycle(org.mpsdn.core.model.NetworkSnapshot, Map, RegulationState)}
 * always did. Station readings are validated when created.</p>
 */
public final class Measurements {
    private static final Measurements NONE = new Measurements(new Builder());

    private final Map<ApDirection, Double> occupancy;
    private final Map<ApDirection, List<StationLoad>> stations;
    private final Set<ApDirection> predatesLimit;
    private final Map<ApDirection, Long> sentAtDecrease;
    private final Map<ApDirection, Long> sentBefore;

    private Measurements(Builder b) {
        this.occupancy = Collections.unmodifiableMap(new HashMap<>(b.occupancy));
        Map<ApDirection, List<StationLoad>> st = new HashMap<>();
        b.stations.forEach((k, v) -> st.put(k, List.copyOf(v)));
        this.stations = Collections.unmodifiableMap(st);
        this.predatesLimit = Set.copyOf(b.predatesLimit);
        this.sentAtDecrease = Map.copyOf(b.sentAtDecrease);
        this.sentBefore = Map.copyOf(b.sentBefore);
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

    /**
     * Whether the signal of an AP direction was averaged over a window that began before its Tier-2
     * limit in force came into force (unknown counts as not).
     *
     * @param key AP and direction
     * @return true when the window straddles the last limit change
     */
    public boolean predatesLimit(ApDirection key) {
        return predatesLimit.contains(key);
    }

    /**
     * What the Tier-1 stations of an AP direction sent over the window on which its limit in force was
     * decreased, when this cycle's window is the first one after that decrease that does not predate it.
     *
     * @param key AP and direction
     * @return bit/s, or {@link StationLoad#UNKNOWN} when not supplied
     */
    public long tier1SentAtDecreaseBps(ApDirection key) {
        return sentAtDecrease.getOrDefault(key, StationLoad.UNKNOWN);
    }

    /**
     * What the Tier-1 stations of an AP direction sent over the previous cycle's window.
     *
     * @param key AP and direction
     * @return bit/s, or {@link StationLoad#UNKNOWN} when not supplied
     */
    public long tier1SentBeforeBps(ApDirection key) {
        return sentBefore.getOrDefault(key, StationLoad.UNKNOWN);
    }

    @Override
    public String toString() {
        return "Measurements{occupancy=" + occupancy.size() + ", stations=" + stations.size()
                + ", predatesLimit=" + predatesLimit.size() + ", sentAtDecrease=" + sentAtDecrease.size() + "}";
    }

    /** Collects measurements. Not thread-safe. */
    public static final class Builder {
        private final Map<ApDirection, Double> occupancy = new HashMap<>();
        private final Map<ApDirection, List<StationLoad>> stations = new HashMap<>();
        private final Set<ApDirection> predatesLimit = new HashSet<>();
        private final Map<ApDirection, Long> sentAtDecrease = new HashMap<>();
        private final Map<ApDirection, Long> sentBefore = new HashMap<>();

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

        /**
         * Marks the signal of an AP direction as averaged over a window that began before its Tier-2
         * limit in force came into force.
         *
         * @param key AP and direction
         * @return this builder
         */
        public Builder signalPredatesLimit(ApDirection key) {
            predatesLimit.add(Checks.nonNull("key", key));
            return this;
        }

        /**
         * Supplies what the Tier-1 stations of an AP direction sent over the window on which its limit in
         * force was decreased (for the first window after the decrease that does not predate it).
         *
         * @param key         AP and direction
         * @param tier1SentBps bit/s, &ge; 0
         * @return this builder
         */
        public Builder tier1SentAtDecrease(ApDirection key, long tier1SentBps) {
            sentAtDecrease.put(Checks.nonNull("key", key), Checks.inRange("tier1SentBps", tier1SentBps, 0,
                    Long.MAX_VALUE));
            return this;
        }

        /**
         * Supplies what the Tier-1 stations of an AP direction sent over the previous cycle's window.
         *
         * @param key          AP and direction
         * @param tier1SentBps bit/s, &ge; 0
         * @return this builder
         */
        public Builder tier1SentBefore(ApDirection key, long tier1SentBps) {
            sentBefore.put(Checks.nonNull("key", key), Checks.inRange("tier1SentBps", tier1SentBps, 0,
                    Long.MAX_VALUE));
            return this;
        }

        /** @return the measurements */
        public Measurements build() {
            return new Measurements(this);
        }
    }
}
