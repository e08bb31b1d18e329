package org.mpsdn.api.regulation;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;

import java.util.Objects;

/**
 * A flow (5-tuple) with a per-flow rule installed by the app at an AP switch.
 */
public final class ManagedFlow {
    private final String apId;
    private final String ueId;
    private final String fiveTuple;
    private final Direction direction;
    private final Tier tier;
    private final long bytes;
    private final double rateBps;

    /**
     * Creates a managed-flow view.
     *
     * @param apId      AP the flow passes
     * @param ueId      UE the flow belongs to
     * @param fiveTuple textual 5-tuple (proto src:port-dst:port)
     * @param direction direction of the flow
     * @param tier      current tier
     * @param bytes     bytes counted by the flow's rule
     * @param rateBps   last measured rate in bit/s
     */
    public ManagedFlow(String apId, String ueId, String fiveTuple, Direction direction, Tier tier,
                       long bytes, double rateBps) {
        this.apId = Objects.requireNonNull(apId, "apId");
        this.ueId = Objects.requireNonNull(ueId, "ueId");
        this.fiveTuple = Objects.requireNonNull(fiveTuple, "fiveTuple");
        this.direction = Objects.requireNonNull(direction, "direction");
        this.tier = Objects.requireNonNull(tier, "tier");
        this.bytes = bytes;
        this.rateBps = rateBps;
    }

    /** @return AP id */
    public String apId() {
        return apId;
    }

    /** @return UE id */
    public String ueId() {
        return ueId;
    }

    /** @return textual 5-tuple */
    public String fiveTuple() {
        return fiveTuple;
    }

    /** @return direction */
    public Direction direction() {
        return direction;
    }

    /** @return tier */
    public Tier tier() {
        return tier;
    }

    /** @return byte count of the rule */
    public long bytes() {
        return bytes;
    }

    /** @return last rate in bit/s */
    public double rateBps() {
        return rateBps;
    }

    @Override
    public String toString() {
        return "ManagedFlow{" + apId + " " + fiveTuple + " " + direction + " " + tier + " ue=" + ueId + "}";
    }
}
