package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.core.categorize.BaselineSelector;
import org.mpsdn.core.categorize.FlowTiering;
import org.mpsdn.core.categorize.PrimarySelection;
import org.mpsdn.core.categorize.PrimarySelector;
import org.mpsdn.core.categorize.PrioritySelector;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Checks;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.regulate.BandwidthRegulator;
import org.mpsdn.core.signal.SignalInputs;
import org.mpsdn.core.throughput.AchievableThroughput;
import org.mpsdn.core.throughput.ThroughputModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Regulation Center (RCt) of MP-SDN (Section V-A): one call runs one control cycle, i.e.
 * Algorithm 1 (flow categorization) followed by Algorithm 2 (bandwidth regulation).
 *
 * <h2>Use</h2>
 * <pre>
 *   RegulationCenter rct = new RegulationCenter(RegulationParameters.defaults());
 *   RegulationState state = RegulationState.initial();
 *   every parameters().intervalMillis():
 *       NetworkSnapshot net = NetworkSnapshot.builder().add(ap)...add(ue)...add(connection)...add(flow)...build();
 *       Map&lt;ApDirection, Double&gt; macOcc = ...;   // average MAC queue occupancy over the last interval
 *       CycleResult r = rct.cycle(net, macOcc, state);
 *       r.tier(i) / r.forEachFlow(..)               // Tier 1: no meter; Tier 2: the AP's Tier-2 meter
 *       r.tier2LimitBps(ap, direction)              // the new rate of that meter
 *       state = r.nextState();
 * </pre>
 *
 * <h2>What a cycle does</h2>
 * <ol>
 *   <li><b>Primary selection</b> (Algorithm 1, line 3): every device's connection with the
 *       maximal achievable throughput (Wi-Fi Eq. 2, LTE Eq. 3, see
 *       {@link AchievableThroughput}), the estimation deadlock broken by the
 *       {@link DeadlockBreaker#PRIORITY priority-based} (default) or
 *       {@link DeadlockBreaker#BASELINE baseline} solution, optionally with hysteresis against
 *       the previous primary.</li>
 *   <li><b>Tiering</b> (Algorithm 1, lines 4-20, Sections V-A2 and V-C): secondary TCP subflows of
 *       multipath users are Tier 2; single-path users' flows, primary subflows, non-TCP flows,
 *       unregulated directions and (when both directions are regulated) ACK streams are Tier 1;
 *       see {@link FlowTiering}.</li>
 *   <li><b>Regulation</b> (Algorithm 2, Eq. 4 as corrected by the erratum): for every AP and
 *       regulated direction, the Tier-2 limit is halved (not below R_m) when MacOcc &ge; CTh
 *       and raised by BW&middot;&alpha;&middot;(CTh &minus; MacOcc)/MacOcc (not above the AP's
 *       capacity) otherwise; see {@link BandwidthRegulator}. A missing or invalid occupancy
 *       leaves the limit unchanged and is counted in the result.</li>
 * </ol>
 *
 * <h2>Profiles</h2>
 * {@link Profile#PAPER} (the default of {@link RegulationParameters}; the ONOS app defaults to
 * {@link Profile#MPSDN}) is the above, exactly as published. {@link Profile#MPSDN}
 * replaces MacOcc with the Tier-1-aware signal ({@link org.mpsdn.core.signal.SignalKind#TIER1},
 * from the station queues in the {@link Measurements}), compared with its own threshold
 * ({@link RegulationParameters#tier1Threshold()}): while a Tier-1 station is held back, Tier 2 gives
 * back half of what it sent; otherwise it takes a share &alpha; of the capacity left idle
 * ({@link org.mpsdn.core.regulate.Tier1FirstLaw}, {@link org.mpsdn.core.signal.SpareCapacity});
 * in Algorithm 1 the priority-based solution charges a weak Wi-Fi link for what its AP's other
 * stations lose when it joins ({@link Profile#chargesAirtime()}); the baseline solution is the
 * paper's in both; a user's old primary stays in Tier 1 after its primary moves until the new one
 * carries as much of its traffic ({@code DemotionHolds}). See docs/regulation.md.
 *
 * <h2>Operator policies (not in the paper)</h2>
 * A device may carry a {@link org.mpsdn.core.model.UserPolicy}: an <i>exempt</i> device's flows
 * are all Tier 1 and each of its connections counts as active load in primary selection; a
 * <i>pinned</i> device's primary is its connection to the pinned AP (no hysteresis), the other
 * connections being secondaries as usual. A pin to an AP the device has no connection to is
 * ignored for that cycle (default regulation) and reported by {@link CycleResult#unmetPins()}.
 *
 * <h2>Properties</h2>
 * Deterministic and independent of the order in which the snapshot's parts were added. Cost
 * O(F + C&middot;log C + A) for F flows, C connections and A APs, with no per-flow allocation
 * or hashing. Stateless and immutable: thread-safe; all memory between cycles is the
 * {@link RegulationState} the caller passes back.
 */
public final class RegulationCenter {
    private final RegulationParameters parameters;
    private final ThroughputModel model;
    private final PrimarySelector selector;
    private final Tier2Limits.Law law;

    /** Creates a Regulation Center with the paper's defaults. */
    public RegulationCenter() {
        this(RegulationParameters.defaults());
    }

    /**
     * Creates a Regulation Center with the default throughput models.
     *
     * @param parameters validated parameters
     */
    public RegulationCenter(RegulationParameters parameters) {
        this(parameters, new AchievableThroughput());
    }

    /**
     * Creates a Regulation Center.
     *
     * @param parameters validated parameters
     * @param model      achievable-throughput model for primary selection
     */
    public RegulationCenter(RegulationParameters parameters, ThroughputModel model) {
        this.parameters = Checks.nonNull("parameters", parameters);
        this.model = Checks.nonNull("model", model);
        this.selector = parameters.deadlockBreaker() == DeadlockBreaker.BASELINE
                ? new BaselineSelector() : new PrioritySelector(parameters.profile().chargesAirtime());
        this.law = new Tier2Limits.Law(parameters, model);
    }

    /** @return the parameters */
    public RegulationParameters parameters() {
        return parameters;
    }

    /** @return the Algorithm 2 step with CTh (the one for MacOcc) */
    public BandwidthRegulator regulator() {
        return law.regulator;
    }

    /**
     * Runs one control cycle on MacOcc alone (what the paper's Algorithm 2 reads): same as
     * {@link #cycle(NetworkSnapshot, Measurements, RegulationState)} with
     * {@link Measurements#of(Map)}.
     *
     * @param snapshot  the network now
     * @param occupancy average MAC queue occupancy ratio in [0, 1] per AP and direction over the
     *                  last interval; entries for unknown APs or unregulated directions are ignored
     * @param previous  the previous cycle's {@link CycleResult#nextState()}, or
     *                  {@link RegulationState#initial()}
     * @return primaries, tiers and new Tier-2 limits
     * @throws IllegalArgumentException if an argument is null
     */
    public CycleResult cycle(NetworkSnapshot snapshot, Map<ApDirection, Double> occupancy,
                             RegulationState previous) {
        return cycle(snapshot, Measurements.of(Checks.nonNull("occupancy", occupancy)), previous);
    }

    /**
     * Runs one control cycle: categorize (Algorithm 1) then regulate (Algorithm 2).
     *
     * @param snapshot     the network now
     * @param measurements what was measured over the last interval (MacOcc; for the mpsdn profile
     *                     also station queues)
     * @param previous     the previous cycle's {@link CycleResult#nextState()}, or
     *                     {@link RegulationState#initial()}
     * @return primaries, tiers and new Tier-2 limits
     * @throws IllegalArgumentException if an argument is null
     */
    public CycleResult cycle(NetworkSnapshot snapshot, Measurements measurements, RegulationState previous) {
        Checks.nonNull("snapshot", snapshot);
        Checks.nonNull("measurements", measurements);
        Checks.nonNull("previous", previous);
        // Algorithm 1, line 3: every user's primary connection, the one with maximal achievable throughput
        // (mpsdn: a change with the user's own links unchanged waits for a second cycle that confirms it)
        PrimarySelection selection = selector.select(snapshot, model, PrimaryWatches.history(snapshot, previous,
                parameters.hysteresis(), parameters.profile().confirmsPrimaryChange()));
        // mpsdn: an old primary stays Tier 1 until the new one carries as much of its user's traffic
        DemotionHolds holds = parameters.profile().holdsDemotion()
                ? DemotionHolds.of(snapshot, selection, measurements.stations(), previous)
                : DemotionHolds.none(snapshot);
        // Algorithm 1, lines 4-21: Tier 1 over primary connections and for single-path users, else Tier 2
        FlowTiers tiers = new FlowTiers(snapshot, selection, holds.held, parameters.regulateUplink());
        // Algorithm 2: the Tier-2 limit of every AP (and regulated direction) from its congestion signal
        SignalInputs in = new SignalInputs(snapshot, measurements.occupancy(), measurements.stations(),
                tiers.tier2Connections, lawBefore(snapshot, previous));
        Tier2Limits limits = new Tier2Limits(snapshot, in, tiers.tier2RateBps, previous, law,
                parameters.regulateUplink());
        return new CycleResult(snapshot, selection, tiers, limits, parameters.profile(), holds);
    }

    /** Per AP and direction ({@code ap * 2 + direction.ordinal()}): what the law remembers from the last cycle. */
    private static List<LawMemory> lawBefore(NetworkSnapshot snapshot, RegulationState previous) {
        List<LawMemory> out = new ArrayList<>(snapshot.apCount() * 2);
        for (int ap = 0; ap < snapshot.apCount(); ap++) {
            for (Direction d : Direction.values()) {
                out.add(previous.lawMemory(snapshot.ap(ap).id(), d));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "RegulationCenter{" + parameters + ", " + model + "}";
    }
}
