package org.mpsdn.impl.weights;

import java.util.Objects;

/**
 * The weight of one client path and why it has it. Weight 0 marks a backup path.
 */
public final class Weight {
    /** Largest weight the contract carries. */
    public static final int MAX = 65535;
    /** The weight of a path that may carry its full share (the primary path in automatic mode). */
    public static final int FULL = 1000;

    private final String pathId;
    private final int value;
    private final String reason;

    /**
     * Creates a weight.
     *
     * @param pathId path identifier
     * @param value  0..{@link #MAX}
     * @param reason short reason, e.g. "primary"
     */
    public Weight(String pathId, int value, String reason) {
        if (value < 0 || value > MAX) {
            throw new IllegalArgumentException("weight of path " + pathId + " must be in [0, " + MAX + "], got "
                    + value);
        }
        this.pathId = Objects.requireNonNull(pathId, "pathId");
        this.value = value;
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /**
     * Returns the path identifier.
     *
     * @return path id
     */
    public String pathId() {
        return pathId;
    }

    /**
     * Returns the weight.
     *
     * @return 0..{@link #MAX}
     */
    public int value() {
        return value;
    }

    /**
     * Returns the reason.
     *
     * @return reason
     */
    public String reason() {
        return reason;
    }

    /**
     * Returns a copy with another value and reason.
     *
     * @param newValue  weight
     * @param newReason reason
     * @return the copy
     */
    public Weight with(int newValue, String newReason) {
        return new Weight(pathId, newValue, newReason);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Weight)) {
            return false;
        }
        Weight w = (Weight) o;
        return value == w.value && pathId.equals(w.pathId) && reason.equals(w.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pathId, value, reason);
    }

    @Override
    public String toString() {
        return pathId + "=" + value + "(" + reason + ")";
    }
}
