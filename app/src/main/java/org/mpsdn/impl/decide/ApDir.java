package org.mpsdn.impl.decide;

import org.mpsdn.api.model.Direction;

import java.util.Objects;

/**
 * An AP and a direction: the unit that has one Tier-2 meter.
 */
public final class ApDir {
    private final String apId;
    private final Direction direction;

    /**
     * Creates the pair.
     *
     * @param apId      AP identifier
     * @param direction direction
     */
    public ApDir(String apId, Direction direction) {
        this.apId = Objects.requireNonNull(apId);
        this.direction = Objects.requireNonNull(direction);
    }

    /** @return AP identifier */
    public String apId() {
        return apId;
    }

    /** @return direction */
    public Direction direction() {
        return direction;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ApDir && apId.equals(((ApDir) o).apId) && direction == ((ApDir) o).direction;
    }

    @Override
    public int hashCode() {
        return Objects.hash(apId, direction);
    }

    @Override
    public String toString() {
        return apId + "/" + direction;
    }
}
