package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.categorize.PrimarySelection;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.NetworkSnapshot;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiConsumer;

/**
 * The decisions of one control cycle, indexed like its {@link NetworkSnapshot}: the primary
 * connection of every device, the tier of every flow, and the new Tier-2 limit of every
 * regulated AP and direction. Immutable; accessors by index are O(1).
 */
public final class CycleResult {
    private static final Tier[] TIERS = Tier.values();

    private final NetworkSnapshot snapshot;
    private final PrimarySelection selection;
    private final byte[] tiers;
    private final int tier2Flows;
    private final int[] tier2FlowsPerApDirection;
    private final long[] limits;
    private final double[] signals;
    private final double[] thresholds;
    private final Tier2Decision[] decisions;
    private final long[] tier2Rates;
    private final int missingOccupancy;
    private final int invalidOccupancy;
    private final int signalFallbacks;
    private final long[] tier1Sent;
    private final Profile profile;
    private final RegulationState nextState;

    CycleResult(NetworkSnapshot snapshot, PrimarySelection selection, FlowTiers tiers, Tier2Limits limits,
                Profile profile, DemotionHolds holds) {
        this.snapshot = snapshot;
        this.selection = selection;
        this.tiers = tiers.codes;
        this.tier2Flows = tiers.tier2;
        this.tier2FlowsPerApDirection = tiers.perApDirection;
        this.limits = limits.bps;
        this.signals = limits.signals;
        this.thresholds = limits.thresholds;
        this.decisions = limits.decisions;
        this.tier2Rates = tiers.tier2RateBps;
        this.missingOccupancy = limits.missing;
        this.invalidOccupancy = limits.invalid;
        this.signalFallbacks = limits.fallbacks;
        this.tier1Sent = limits.tier1SentBps;
        this.profile = profile;
        this.nextState = RegulationState.fromCycle(snapshot, this.limits, primaryArray(snapshot, selection),
                limits.memory, holds.next,
                profile.confirmsPrimaryChange() ? PrimaryWatches.next(snapshot, selection) : Collections.emptyMap());
    }

    private static int[] primaryArray(NetworkSnapshot s, PrimarySelection sel) {
        int[] p = new int[s.ueCount()];
        for (int ue = 0; ue < p.length; ue++) {
            p[ue] = sel.primaryConnection(ue);
        }
        return p;
    }

    /** @return the snapshot the decisions refer to */
    public NetworkSnapshot snapshot() {
        return snapshot;
    }

    /**
     * Tier of a flow.
     *
     * @param flow flow index in the snapshot
     * @return its tier
     */
    public Tier tier(int flow) {
        return TIERS[tiers[flow]];
    }

    /**
     * Visits every flow with its tier, in snapshot order.
     *
     * @param visitor receives each flow and its tier
     */
    public void forEachFlow(BiConsumer<Flow, Tier> visitor) {
        for (int i = 0; i < tiers.length; i++) {
            visitor.accept(snapshot.flow(i), TIERS[tiers[i]]);
        }
    }

    /** @return number of Tier-2 flows */
    public int tier2FlowCount() {
        return tier2Flows;
    }

    /**
     * Number of Tier-2 flows of an AP in a direction.
     *
     * @param ap        AP index
     * @param direction direction
     * @return the count
     */
    public int tier2FlowCount(int ap, Direction direction) {
        return tier2FlowsPerApDirection[ap * 2 + direction.ordinal()];
    }

    /**
     * Primary connection of a device.
     *
     * @param ue device index
     * @return connection index, or -1 if the device has no connection
     */
    public int primaryConnection(int ue) {
        return selection.primaryConnection(ue);
    }

    /**
     * Primary AP of a device. For a single-path device it is its (best-ranked) connection; it
     * does not change any tier.
     *
     * @param ueId device identifier
     * @return the AP id, or empty if the device is unknown or has no connection
     */
    public Optional<String> primaryApOf(String ueId) {
        return nextState.primaryApOf(ueId);
    }

    /**
     * Achievable throughput estimate of a connection, as used by Algorithm 1.
     *
     * @param connection connection index
     * @return bit/s
     * @see PrimarySelection#estimatedThroughputBps(int)
     */
    public double estimatedThroughputBps(int connection) {
        return selection.estimatedThroughputBps(connection);
    }

    /** @return connections removed by the baseline filtering (0 for the priority-based breaker) */
    public int filteredConnections() {
        return selection.filteredConnections();
    }

    /**
     * New Tier-2 limit of an AP in a direction.
     *
     * @param ap        AP index
     * @param direction direction
     * @return bit/s, or -1 if that direction is not regulated
     */
    public long tier2LimitBps(int ap, Direction direction) {
        return limits[ap * 2 + direction.ordinal()];
    }

    /**
     * New Tier-2 limit of an AP in a direction.
     *
     * @param apId      AP identifier
     * @param direction direction
     * @return bit/s, or empty if the AP is unknown or the direction not regulated
     */
    public OptionalLong tier2LimitBps(String apId, Direction direction) {
        return nextState.tier2LimitBps(apId, direction);
    }

    /**
     * The congestion signal Algorithm 2 compared with CTh for an AP and direction this cycle.
     *
     * @param ap        AP index
     * @param direction direction
     * @return the value in [0, 1], or NaN when the direction is not regulated or had no reading
     */
    public double signal(int ap, Direction direction) {
        return signals[ap * 2 + direction.ordinal()];
    }

    /**
     * The threshold the signal of an AP and direction was compared with this cycle: CTh for MacOcc,
     * the Tier-1 threshold for the mpsdn profile's station signal.
     *
     * @param ap        AP index
     * @param direction direction
     * @return the threshold in (0, 1], or NaN when there was no signal
     */
    public double threshold(int ap, Direction direction) {
        return thresholds[ap * 2 + direction.ordinal()];
    }

    /**
     * How the Tier-2 limit of an AP and direction was decided this cycle: the signal and its threshold, the
     * limit before and after, the cap and the reason.
     *
     * @param apId      AP identifier
     * @param direction direction
     * @return the decision, or empty when the AP is unknown or the direction not regulated
     */
    public Optional<Tier2Decision> decision(String apId, Direction direction) {
        int ap = snapshot.apIndex(apId);
        return ap < 0 ? Optional.empty() : Optional.ofNullable(decisions[ap * 2 + direction.ordinal()]);
    }

    /**
     * The measured Tier-2 rate of an AP and direction: the sum of the rates of this cycle's Tier-2
     * flows there over the last interval (what the mpsdn profile validates the limit against).
     *
     * @param ap        AP index
     * @param direction direction
     * @return bit/s; 0 without Tier-2 flows; -1 when one of them has no measured rate
     */
    public long tier2RateBps(int ap, Direction direction) {
        return tier2Rates[ap * 2 + direction.ordinal()];
    }

    /**
     * What the Tier-1 stations of an AP and direction sent over the window this cycle read: the sum of the
     * sent rates of the station queues that carry no Tier-2 flow (mpsdn profile; what
     * {@link org.mpsdn.core.regulate.LimitValidation#recovering} compares with the next cycle's).
     *
     * @param apId      AP identifier
     * @param direction direction
     * @return bit/s, or empty when unknown, not regulated or in the paper profile
     */
    public OptionalLong tier1SentBps(String apId, Direction direction) {
        int ap = snapshot.apIndex(apId);
        long v = ap < 0 ? -1 : tier1Sent[ap * 2 + direction.ordinal()];
        return v < 0 ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /** @return the profile that made the decisions */
    public Profile profile() {
        return profile;
    }

    /**
     * Regulated AP-directions whose Tier-1-aware signal fell back to the AP's MacOcc because no
     * station queue was reported (always 0 in the paper profile).
     *
     * @return the count
     */
    public int signalFallbacks() {
        return signalFallbacks;
    }

    /** @return every new Tier-2 limit by AP and direction (a fresh sorted map, O(APs)) */
    public Map<ApDirection, Long> tier2Limits() {
        return nextState.tier2Limits();
    }

    /**
     * Regulated AP-directions for which no occupancy was supplied; their limit was carried
     * over unchanged (or started at min(R_m, capacity)).
     *
     * @return the count
     */
    public int missingOccupancy() {
        return missingOccupancy;
    }

    /**
     * Supplied occupancies that were ignored for being null, NaN or outside [0, 1]; their
     * limit was carried over unchanged.
     *
     * @return the count
     */
    public int invalidOccupancy() {
        return invalidOccupancy;
    }

    /**
     * Devices pinned to an AP they have no connection to in this snapshot; they were regulated
     * by default this cycle.
     *
     * @return their ids in ascending order (a fresh list, O(devices))
     */
    public List<String> unmetPins() {
        List<String> unmet = new ArrayList<>();
        for (int ue = 0; ue < snapshot.ueCount(); ue++) {
            if (snapshot.uePinUnmet(ue)) {
                unmet.add(snapshot.ue(ue).id());
            }
        }
        return unmet;
    }

    /** @return the state to pass to the next cycle */
    public RegulationState nextState() {
        return nextState;
    }

    @Override
    public String toString() {
        return "CycleResult{" + snapshot + ", profile=" + profile.id() + ", tier2Flows=" + tier2Flows
                + ", missingOccupancy=" + missingOccupancy + ", invalidOccupancy=" + invalidOccupancy
                + ", signalFallbacks=" + signalFallbacks + "}";
    }
}
