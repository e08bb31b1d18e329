package org.mpsdn.core.model;

import org.mpsdn.api.model.Direction;

import java.util.Objects;

/**
 * An AP and a direction: the unit Algorithm 2 regulates (one Tier-2 meter each).
 */
public final class ApDirection implements Comparable<ApDirection> {
    private final String apId;
    private final Direction direction;

    /**
     * Creates the pair.
     *
     * @param apId      AP identifier
     * @param direction direction
     * @throws IllegalArgumentException on a blank id or null direction
     */
    public ApDirection(String apId, Direction direction) {
        this.apId = Checks.id("apId", apId);
        this.direction = Checks.nonNull("direction", direction);
    }

    /**
     * Creates the pair.
     *
     * @param apId      AP identifier
     * @param direction direction
     * @return the pair
     */
    public static ApDirection of(String apId, Direction direction) {
        return new ApDirection(apId, direction);
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
    public int compareTo(ApDirection o) {
        int c = apId.compareTo(o.apId);
        return c != 0 ? c : direction.compareTo(o.direction);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ApDirection)) {
            return false;
        }
        ApDirection that = (ApDirection) o;
        return apId.equals(that.apId) && direction == that.direction;
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
