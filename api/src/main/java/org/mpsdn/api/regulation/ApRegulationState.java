package org.mpsdn.api.regulation;

import org.mpsdn.api.model.Direction;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Regulation state of one AP, shared in the cluster so that a new master of the AP's
 * switch resumes with the last Tier-2 limits. Immutable; one value per direction.
 */
public final class ApRegulationState {
    private static final long NONE = -1L;

    private final String apId;
    private final String deviceId;
    private final long downlinkLimitKbps;
    private final long uplinkLimitKbps;
    private final long downlinkMeterId;
    private final long uplinkMeterId;
    private final double downlinkOccupancy;
    private final double uplinkOccupancy;
    private final LimitDecision downlinkDecision;
    private final LimitDecision uplinkDecision;
    private final long updatedMillis;

    private ApRegulationState(Builder b) {
        this.apId = Objects.requireNonNull(b.apId, "apId");
        this.deviceId = Objects.requireNonNull(b.deviceId, "deviceId");
        this.downlinkLimitKbps = b.downlinkLimitKbps;
        this.uplinkLimitKbps = b.uplinkLimitKbps;
        this.downlinkMeterId = b.downlinkMeterId;
        this.uplinkMeterId = b.uplinkMeterId;
        this.downlinkOccupancy = b.downlinkOccupancy;
        this.uplinkOccupancy = b.uplinkOccupancy;
        this.downlinkDecision = b.downlinkDecision;
        this.uplinkDecision = b.uplinkDecision;
        this.updatedMillis = b.updatedMillis;
    }

    /**
     * Returns a builder for a fresh state (no limits, no meters).
     *
     * @param apId     AP identifier
     * @param deviceId device id of the AP's switch
     * @return builder
     */
    public static Builder builder(String apId, String deviceId) {
        Builder b = new Builder();
        b.apId = apId;
        b.deviceId = deviceId;
        return b;
    }

    /**
     * Returns a builder initialised from this state.
     *
     * @return builder
     */
    public Builder toBuilder() {
        Builder b = builder(apId, deviceId);
        b.downlinkLimitKbps = downlinkLimitKbps;
        b.uplinkLimitKbps = uplinkLimitKbps;
        b.downlinkMeterId = downlinkMeterId;
        b.uplinkMeterId = uplinkMeterId;
        b.downlinkOccupancy = downlinkOccupancy;
        b.uplinkOccupancy = uplinkOccupancy;
        b.downlinkDecision = downlinkDecision;
        b.uplinkDecision = uplinkDecision;
        b.updatedMillis = updatedMillis;
        return b;
    }

    /**
     * AP identifier.
     *
     * @return AP id
     */
    public String apId() {
        return apId;
    }

    /**
     * Device id (string form) of the switch in front of the AP.
     *
     * @return device id
     */
    public String deviceId() {
        return deviceId;
    }

    /**
     * Current Tier-2 limit of a direction.
     *
     * @param direction direction
     * @return limit in kbit/s, or empty when Tier 2 is not limited (no meter yet)
     */
    public OptionalLong limitKbps(Direction direction) {
        long v = direction == Direction.DOWNLINK ? downlinkLimitKbps : uplinkLimitKbps;
        return v == NONE ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /**
     * Meter currently referenced by the direction's Tier-2 rule.
     *
     * @param direction direction
     * @return meter id, or empty when there is none
     */
    public OptionalLong meterId(Direction direction) {
        long v = direction == Direction.DOWNLINK ? downlinkMeterId : uplinkMeterId;
        return v == NONE ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /**
     * Last MAC queue occupancy the loop acted on.
     *
     * @param direction direction
     * @return ratio in [0, 1], or empty when none was seen yet
     */
    public OptionalDouble occupancy(Direction direction) {
        double v = direction == Direction.DOWNLINK ? downlinkOccupancy : uplinkOccupancy;
        return Double.isNaN(v) ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /**
     * The last regulation decision of a direction (signal, threshold, target, cap, reason).
     *
     * @param direction direction
     * @return the decision, empty before the first one
     */
    public Optional<LimitDecision> decision(Direction direction) {
        return Optional.ofNullable(direction == Direction.DOWNLINK ? downlinkDecision : uplinkDecision);
    }

    /**
     * Wall-clock time of the last update.
     *
     * @return milliseconds since the epoch
     */
    public long updatedMillis() {
        return updatedMillis;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ApRegulationState)) {
            return false;
        }
        ApRegulationState s = (ApRegulationState) o;
        return downlinkLimitKbps == s.downlinkLimitKbps && uplinkLimitKbps == s.uplinkLimitKbps
                && downlinkMeterId == s.downlinkMeterId && uplinkMeterId == s.uplinkMeterId
                && Double.compare(downlinkOccupancy, s.downlinkOccupancy) == 0
                && Double.compare(uplinkOccupancy, s.uplinkOccupancy) == 0
                && Objects.equals(downlinkDecision, s.downlinkDecision)
                && Objects.equals(uplinkDecision, s.uplinkDecision)
                && updatedMillis == s.updatedMillis && apId.equals(s.apId) && deviceId.equals(s.deviceId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(apId, deviceId, downlinkLimitKbps, uplinkLimitKbps, downlinkMeterId, uplinkMeterId,
                downlinkOccupancy, uplinkOccupancy, downlinkDecision, uplinkDecision, updatedMillis);
    }

    @Override
    public String toString() {
        return "ApRegulationState{apId=" + apId + ", deviceId=" + deviceId
                + ", dlLimitKbps=" + downlinkLimitKbps + ", ulLimitKbps=" + uplinkLimitKbps
                + ", dlMeter=" + downlinkMeterId + ", ulMeter=" + uplinkMeterId
                + ", dlOcc=" + downlinkOccupancy + ", ulOcc=" + uplinkOccupancy + "}";
    }

    /**
     * Builder of {@link ApRegulationState}.
     */
    public static final class Builder {
        private String apId;
        private String deviceId;
        private long downlinkLimitKbps = NONE;
        private long uplinkLimitKbps = NONE;
        private long downlinkMeterId = NONE;
        private long uplinkMeterId = NONE;
        private double downlinkOccupancy = Double.NaN;
        private double uplinkOccupancy = Double.NaN;
        private LimitDecision downlinkDecision;
        private LimitDecision uplinkDecision;
        private long updatedMillis;

        private Builder() {
        }

        /**
         * Sets the Tier-2 limit and the meter carrying it for a direction.
         *
         * @param direction direction
         * @param limitKbps limit in kbit/s (must be positive)
         * @param meterId   meter id (non-negative)
         * @return this builder
         */
        public Builder limit(Direction direction, long limitKbps, long meterId) {
            if (limitKbps <= 0) {
                throw new IllegalArgumentException("limitKbps must be positive, was " + limitKbps);
            }
            if (meterId < 0) {
                throw new IllegalArgumentException("meterId must be non-negative, was " + meterId);
            }
            if (direction == Direction.DOWNLINK) {
                downlinkLimitKbps = limitKbps;
                downlinkMeterId = meterId;
            } else {
                uplinkLimitKbps = limitKbps;
                uplinkMeterId = meterId;
            }
            return this;
        }

        /**
         * Removes the limit (and meter) of a direction: Tier 2 unlimited.
         *
         * @param direction direction
         * @return this builder
         */
        public Builder unlimited(Direction direction) {
            if (direction == Direction.DOWNLINK) {
                downlinkLimitKbps = NONE;
                downlinkMeterId = NONE;
            } else {
                uplinkLimitKbps = NONE;
                uplinkMeterId = NONE;
            }
            return this;
        }

        /**
         * Sets the last occupancy of a direction.
         *
         * @param direction direction
         * @param ratio     occupancy ratio in [0, 1]
         * @return this builder
         */
        public Builder occupancy(Direction direction, double ratio) {
            if (Double.isNaN(ratio) || ratio < 0.0 || ratio > 1.0) {
                throw new IllegalArgumentException("occupancy must be in [0, 1], was " + ratio);
            }
            if (direction == Direction.DOWNLINK) {
                downlinkOccupancy = ratio;
            } else {
                uplinkOccupancy = ratio;
            }
            return this;
        }

        /**
         * Sets the last regulation decision of a direction.
         *
         * @param direction direction
         * @param decision  the decision
         * @return this builder
         */
        public Builder decision(Direction direction, LimitDecision decision) {
            Objects.requireNonNull(decision, "decision");
            if (direction == Direction.DOWNLINK) {
                downlinkDecision = decision;
            } else {
                uplinkDecision = decision;
            }
            return this;
        }

        /**
         * Sets the update time.
         *
         * @param millis wall-clock milliseconds
         * @return this builder
         */
        public Builder updatedMillis(long millis) {
            this.updatedMillis = millis;
            return this;
        }

        /**
         * Builds the state.
         *
         * @return immutable state
         */
        public ApRegulationState build() {
            return new ApRegulationState(this);
        }
    }
}
