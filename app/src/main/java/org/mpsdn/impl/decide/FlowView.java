package org.mpsdn.impl.decide;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.impl.flow.FlowMatch;

import java.util.Objects;

/**
 * One flow with a per-flow rule at an AP switch, as a cycle sees it.
 */
public final class FlowView {
    private final String apId;
    private final FlowMatch match;
    private final Direction direction;
    private final String ueId;
    private final Tier tier;
    private final long bytes;
    private final long packets;
    private final double rateBps;
    private final boolean rateUnderOneMeter;

    /**
     * Creates a flow view whose rate was measured under the meter in force.
     *
     * @param apId      AP the flow passes
     * @param match     5-tuple
     * @param direction direction
     * @param ueId      UE the flow belongs to
     * @param tier      tier its rule currently implements
     * @param bytes     byte counter of its rule
     * @param packets   packet counter of its rule
     * @param rateBps   rate over the last cycle in bit/s
     */
    public FlowView(String apId, FlowMatch match, Direction direction, String ueId, Tier tier, long bytes,
                    long packets, double rateBps) {
        this(apId, match, direction, ueId, tier, bytes, packets, rateBps, true);
    }

    /**
     * Creates a flow view.
     *
     * @param apId      AP the flow passes
     * @param match     5-tuple
     * @param direction direction
     * @param ueId      UE the flow belongs to
     * @param tier      tier its rule currently implements
     * @param bytes     byte counter of its rule
     * @param packets   packet counter of its rule
     * @param rateBps   rate over the last cycle in bit/s
     * @param rateUnderOneMeter whether the rate was counted under the rule and the Tier-2 meter in force now
     *                          (neither changed within the rate's window)
     */
    public FlowView(String apId, FlowMatch match, Direction direction, String ueId, Tier tier, long bytes,
                    long packets, double rateBps, boolean rateUnderOneMeter) {
        this.rateUnderOneMeter = rateUnderOneMeter;
        this.apId = Objects.requireNonNull(apId);
        this.match = Objects.requireNonNull(match);
        this.direction = Objects.requireNonNull(direction);
        this.ueId = Objects.requireNonNull(ueId);
        this.tier = Objects.requireNonNull(tier);
        this.bytes = bytes;
        this.packets = packets;
        this.rateBps = rateBps;
    }

    /** @return AP id */
    public String apId() {
        return apId;
    }

    /** @return 5-tuple */
    public FlowMatch match() {
        return match;
    }

    /** @return direction */
    public Direction direction() {
        return direction;
    }

    /** @return UE id */
    public String ueId() {
        return ueId;
    }

    /** @return current tier */
    public Tier tier() {
        return tier;
    }

    /** @return bytes */
    public long bytes() {
        return bytes;
    }

    /** @return packets */
    public long packets() {
        return packets;
    }

    /**
     * Whether {@link #rateBps()} was counted under the rule and the Tier-2 meter of its AP direction in force
     * now; if not, limit validation treats it as unknown (the paper's step).
     *
     * @return true when neither changed within the rate's window
     */
    public boolean rateUnderOneMeter() {
        return rateUnderOneMeter;
    }

    /** @return rate in bit/s over the last cycle */
    public double rateBps() {
        return rateBps;
    }

    @Override
    public String toString() {
        return "FlowView{" + apId + " " + match + " " + direction + " " + tier + " ue=" + ueId + "}";
    }
}
