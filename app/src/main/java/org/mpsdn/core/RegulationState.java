package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Checks;
import org.mpsdn.core.model.NetworkSnapshot;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * What one cycle hands to the next: the Tier-2 limit of every regulated AP and direction
 * (Algorithm 2's BW_i) and every device's primary AP (for the optional hysteresis). Immutable.
 *
 * <p>Obtain it from {@link CycleResult#nextState()}, start with {@link #initial()}, or restore it
 * with {@link #of(Map, Map)} (e.g. after a controller restart or from a simulator).
 * An AP without a previous limit starts from min(R_m, capacity): secondary subflows earn
 * bandwidth once the AP reports occupancy below CTh.</p>
 */
public final class RegulationState {
    private static final RegulationState INITIAL = new RegulationState(null, null, null, null,
            Collections.emptyMap(), Collections.emptyMap(), Collections.emptyMap(), Collections.emptyMap(),
            Collections.emptyMap());

    private final NetworkSnapshot snapshot;
    private final long[] limits;
    private final int[] primaryOfUe;
    private final Map<ApDirection, Long> limitMap;
    private final Map<String, String> primaryMap;
    private final LawMemory[] memory;
    private final Map<ApDirection, LawMemory> memoryMap;
    private final Map<String, DemotionHold> demotionHolds;
    private final Map<String, PrimaryWatch> primaryWatches;

    @SuppressWarnings("checkstyle:ParameterNumber")
    private RegulationState(NetworkSnapshot snapshot, long[] limits, int[] primaryOfUe, LawMemory[] memory,
                            Map<ApDirection, Long> limitMap, Map<String, String> primaryMap,
                            Map<ApDirection, LawMemory> memoryMap, Map<String, DemotionHold> demotionHolds,
                            Map<String, PrimaryWatch> primaryWatches) {
        this.snapshot = snapshot;
        this.limits = limits;
        this.primaryOfUe = primaryOfUe;
        this.memory = memory;
        this.limitMap = limitMap;
        this.primaryMap = primaryMap;
        this.memoryMap = memoryMap;
        this.demotionHolds = demotionHolds;
        this.primaryWatches = primaryWatches;
    }

    /** @return the state before the first cycle: no limits, no primaries */
    public static RegulationState initial() {
        return INITIAL;
    }

    /**
     * Restores a state.
     *
     * @param tier2LimitsBps   Tier-2 limit per AP and direction, bit/s, each &ge; 1
     * @param primaryApByUeId  primary AP id per device id
     * @return the state
     * @throws IllegalArgumentException on a null key or value, or a limit &lt; 1
     */
    public static RegulationState of(Map<ApDirection, Long> tier2LimitsBps, Map<String, String> primaryApByUeId) {
        Map<ApDirection, Long> limits = new TreeMap<>();
        Checks.nonNull("tier2LimitsBps", tier2LimitsBps).forEach((k, v) -> {
            Checks.nonNull("tier2LimitsBps key", k);
            limits.put(k, Checks.inRange("tier2LimitsBps[" + k + "]", Checks.nonNull("tier2LimitsBps value", v),
                    1, Long.MAX_VALUE));
        });
        Map<String, String> primaries = new TreeMap<>();
        Checks.nonNull("primaryApByUeId", primaryApByUeId).forEach((k, v) ->
                primaries.put(Checks.id("primaryApByUeId key", k), Checks.id("primaryApByUeId[" + k + "]", v)));
        return new RegulationState(null, null, null, null, Collections.unmodifiableMap(limits),
                Collections.unmodifiableMap(primaries), Collections.emptyMap(), Collections.emptyMap(),
                Collections.emptyMap());
    }

    /**
     * Restores a state with what the mpsdn law remembers per AP and direction ({@link LawMemory}).
     *
     * @param tier2LimitsBps  the Tier-2 limit per AP and direction, bit/s
     * @param primaryApByUeId the primary AP of each multipath user
     * @param lawMemory       the law's memory per AP and direction; null keys and values are ignored
     * @return the state
     * @throws IllegalArgumentException on a null or out-of-range limit or id
     */
    public static RegulationState of(Map<ApDirection, Long> tier2LimitsBps, Map<String, String> primaryApByUeId,
                                     Map<ApDirection, LawMemory> lawMemory) {
        RegulationState base = of(tier2LimitsBps, primaryApByUeId);
        Map<ApDirection, LawMemory> kept = new TreeMap<>();
        Checks.nonNull("lawMemory", lawMemory).forEach((k, v) -> {
            if (k != null && v != null && !v.equals(LawMemory.NONE)) {
                kept.put(k, v);
            }
        });
        return new RegulationState(null, null, null, null, base.limitMap, base.primaryMap,
                Collections.unmodifiableMap(kept), Collections.emptyMap(), Collections.emptyMap());
    }

    /**
     * This state with the demotion holds in force ({@code DemotionHolds}: a multipath user's old primary AP kept
     * in Tier 1 after its primary moved).
     *
     * @param holds the hold per device id
     * @return a copy of this state with those holds
     * @throws IllegalArgumentException on a null or blank key or a null value
     */
    public RegulationState withDemotionHolds(Map<String, DemotionHold> holds) {
        Map<String, DemotionHold> copy = new TreeMap<>();
        Checks.nonNull("holds", holds).forEach((k, v) -> copy.put(Checks.id("holds key", k),
                Checks.nonNull("holds[" + k + "]", v)));
        return new RegulationState(snapshot, limits, primaryOfUe, memory, limitMap, primaryMap, memoryMap,
                Collections.unmodifiableMap(copy), primaryWatches);
    }

    /**
     * This state with what the confirmation of a primary change remembers of each multipath user
     * ({@link PrimaryWatch}).
     *
     * @param watches the memory per device id
     * @return a copy of this state with it
     * @throws IllegalArgumentException on a null or blank key or a null value
     */
    public RegulationState withPrimaryWatches(Map<String, PrimaryWatch> watches) {
        Map<String, PrimaryWatch> copy = new TreeMap<>();
        Checks.nonNull("watches", watches).forEach((k, v) -> copy.put(Checks.id("watches key", k),
                Checks.nonNull("watches[" + k + "]", v)));
        return new RegulationState(snapshot, limits, primaryOfUe, memory, limitMap, primaryMap, memoryMap,
                demotionHolds, Collections.unmodifiableMap(copy));
    }

    // wraps a cycle's arrays without copying (they are never modified afterwards)
    static RegulationState fromCycle(NetworkSnapshot snapshot, long[] limits, int[] primaryOfUe, LawMemory[] memory,
                                     Map<String, DemotionHold> holds, Map<String, PrimaryWatch> watches) {
        return new RegulationState(snapshot, limits, primaryOfUe, memory, null, null, null, holds, watches);
    }

    /** @return what the confirmation of a primary change remembers, by device id (unmodifiable) */
    public Map<String, PrimaryWatch> primaryWatches() {
        return primaryWatches;
    }

    /** @return the demotion holds in force, by device id (unmodifiable) */
    public Map<String, DemotionHold> demotionHolds() {
        return demotionHolds;
    }

    /**
     * What the mpsdn law remembers of an AP direction from the last cycle.
     *
     * @param apId      AP id
     * @param direction direction
     * @return the memory, {@link LawMemory#NONE} when there is none
     */
    public LawMemory lawMemory(String apId, Direction direction) {
        if (snapshot == null) {
            return memoryMap.getOrDefault(new ApDirection(apId, direction), LawMemory.NONE);
        }
        int ap = snapshot.apIndex(apId);
        return ap < 0 ? LawMemory.NONE : memory[ap * 2 + direction.ordinal()];
    }

    /**
     * Tier-2 limit of an AP and direction.
     *
     * @param apId      AP identifier
     * @param direction direction
     * @return the limit in bit/s, or empty if the AP/direction was not regulated
     */
    public OptionalLong tier2LimitBps(String apId, Direction direction) {
        if (snapshot == null) {
            Long v = limitMap.get(new ApDirection(apId, direction));
            return v == null ? OptionalLong.empty() : OptionalLong.of(v);
        }
        int ap = snapshot.apIndex(apId);
        long v = ap < 0 ? -1 : limits[ap * 2 + direction.ordinal()];
        return v < 0 ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /**
     * Primary AP of a device.
     *
     * @param ueId device identifier
     * @return the AP id, or empty if unknown
     */
    public Optional<String> primaryApOf(String ueId) {
        if (snapshot == null) {
            return Optional.ofNullable(primaryMap.get(ueId));
        }
        int ue = snapshot.ueIndex(ueId);
        int c = ue < 0 ? -1 : primaryOfUe[ue];
        return c < 0 ? Optional.empty() : Optional.of(snapshot.connection(c).apId());
    }

    /** @return every Tier-2 limit, sorted by AP id and direction (a fresh map: O(APs)) */
    public Map<ApDirection, Long> tier2Limits() {
        if (snapshot == null) {
            return limitMap;
        }
        Map<ApDirection, Long> out = new TreeMap<>();
        for (int ap = 0; ap < snapshot.apCount(); ap++) {
            for (Direction d : Direction.values()) {
                long v = limits[ap * 2 + d.ordinal()];
                if (v >= 0) {
                    out.put(new ApDirection(snapshot.ap(ap).id(), d), v);
                }
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** @return every device's primary AP id, sorted by device id (a fresh map: O(devices)) */
    public Map<String, String> primaries() {
        if (snapshot == null) {
            return primaryMap;
        }
        Map<String, String> out = new TreeMap<>();
        for (int ue = 0; ue < snapshot.ueCount(); ue++) {
            if (primaryOfUe[ue] >= 0) {
                out.put(snapshot.ue(ue).id(), snapshot.connection(primaryOfUe[ue]).apId());
            }
        }
        return Collections.unmodifiableMap(out);
    }

    @Override
    public String toString() {
        return "RegulationState{limits=" + tier2Limits() + "}";
    }
}
