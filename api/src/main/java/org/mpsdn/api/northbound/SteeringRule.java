package org.mpsdn.api.northbound;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link IntentKind#STEERING} intent asks for (an ATSSS rule): its precedence, the flows
 * it applies to and the steering mode with the mode's parameters.
 * <ul>
 * <li>{@code precedence}: in [0, {@value #MAX_PRECEDENCE}]; where intents overlap (same UE or all
 *     UEs, and flows both can match) the lower number wins;</li>
 * <li>{@code trafficDescriptor}: the flows, null for all of the UE's traffic;</li>
 * <li>{@code mode}: see {@link SteeringMode};</li>
 * <li>{@code activeAp}: ACTIVE_STANDBY only, mandatory: the AP of the active path (every other
 *     path is standby);</li>
 * <li>{@code shares}: LOAD_BALANCING with fixed split: percent of the traffic per AP, each in
 *     [0, 100], summing to 100;</li>
 * <li>{@code autonomous}: LOAD_BALANCING only: true for the regulation's automatic weights
 *     (then no shares);</li>
 * <li>{@code rttHysteresisMs}: SMALLEST_DELAY only: how much lower another path's RTT must be
 *     to take over the primary, in [0, {@value #MAX_HYSTERESIS_MS}] ms, default
 *     {@value #DEFAULT_HYSTERESIS_MS}.</li>
 * </ul>
 * {@link Builder#build()} rejects bad values with an {@link IllegalArgumentException} whose
 * message starts with {@code precedence}, {@code steering.<field>} or
 * {@code trafficDescriptor.<field>}.
 */
public final class SteeringRule {
    /** Target of a steering intent for every UE. */
    public static final String ALL_UES = "*";
    /** Largest precedence (ATSSS rule precedence is one octet). */
    public static final int MAX_PRECEDENCE = 255;
    /** Default RTT hysteresis of SMALLEST_DELAY in ms. */
    public static final int DEFAULT_HYSTERESIS_MS = 20;
    /** Largest RTT hysteresis in ms. */
    public static final int MAX_HYSTERESIS_MS = 10_000;
    /** Path prefix of the mode's fields in error messages. */
    public static final String PREFIX = "steering.";

    private final int precedence;
    private final TrafficDescriptor trafficDescriptor;
    private final SteeringMode mode;
    private final String activeAp;
    private final Map<String, Integer> shares;
    private final boolean autonomous;
    private final int rttHysteresisMs;

    private SteeringRule(Builder b) {
        precedence = b.precedence;
        trafficDescriptor = b.trafficDescriptor;
        mode = b.mode;
        activeAp = b.activeAp;
        shares = Map.copyOf(b.shares);
        autonomous = b.autonomous;
        rttHysteresisMs = b.rttHysteresisMs == null ? (mode == SteeringMode.SMALLEST_DELAY
                ? DEFAULT_HYSTERESIS_MS : 0) : b.rttHysteresisMs;
    }

    /**
     * Returns a new builder.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** @return precedence, lower wins */
    public int precedence() {
        return precedence;
    }

    /** @return the flows, or null for all traffic */
    public TrafficDescriptor trafficDescriptor() {
        return trafficDescriptor;
    }

    /** @return mode */
    public SteeringMode mode() {
        return mode;
    }

    /** @return AP of the active path (ACTIVE_STANDBY), else null */
    public String activeAp() {
        return activeAp;
    }

    /** @return percent per AP (LOAD_BALANCING with a fixed split), else empty */
    public Map<String, Integer> shares() {
        return shares;
    }

    /** @return true for autonomous LOAD_BALANCING */
    public boolean autonomous() {
        return autonomous;
    }

    /** @return RTT hysteresis in ms (SMALLEST_DELAY), else 0 */
    public int rttHysteresisMs() {
        return rttHysteresisMs;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SteeringRule)) {
            return false;
        }
        SteeringRule r = (SteeringRule) o;
        return precedence == r.precedence && Objects.equals(trafficDescriptor, r.trafficDescriptor)
                && mode == r.mode && Objects.equals(activeAp, r.activeAp) && shares.equals(r.shares)
                && autonomous == r.autonomous && rttHysteresisMs == r.rttHysteresisMs;
    }

    @Override
    public int hashCode() {
        return Objects.hash(precedence, trafficDescriptor, mode, activeAp, shares, autonomous, rttHysteresisMs);
    }

    @Override
    public String toString() {
        return "SteeringRule{" + mode + " precedence=" + precedence + (activeAp == null ? "" : " active=" + activeAp)
                + (shares.isEmpty() ? "" : " shares=" + shares) + (autonomous ? " autonomous" : "")
                + (trafficDescriptor == null ? "" : " " + trafficDescriptor) + "}";
    }

    /**
     * Builder of steering rules.
     */
    public static final class Builder {
        private int precedence = -1;
        private TrafficDescriptor trafficDescriptor;
        private SteeringMode mode;
        private String activeAp;
        private final Map<String, Integer> shares = new LinkedHashMap<>();
        private boolean autonomous;
        private Integer rttHysteresisMs;

        private Builder() {
        }

        /**
         * Sets the precedence.
         *
         * @param v precedence in [0, {@value SteeringRule#MAX_PRECEDENCE}], lower wins
         * @return this builder
         */
        public Builder precedence(int v) {
            precedence = v;
            return this;
        }

        /**
         * Sets the traffic descriptor.
         *
         * @param v descriptor, null for all traffic
         * @return this builder
         */
        public Builder trafficDescriptor(TrafficDescriptor v) {
            trafficDescriptor = v;
            return this;
        }

        /**
         * Sets the mode.
         *
         * @param v mode
         * @return this builder
         */
        public Builder mode(SteeringMode v) {
            mode = v;
            return this;
        }

        /**
         * Sets the AP of the active path.
         *
         * @param v AP id
         * @return this builder
         */
        public Builder activeAp(String v) {
            activeAp = v;
            return this;
        }

        /**
         * Sets the share of one AP's path.
         *
         * @param apId    AP id
         * @param percent share in [0, 100]
         * @return this builder
         */
        public Builder share(String apId, int percent) {
            shares.put(apId, percent);
            return this;
        }

        /**
         * Sets autonomous load balancing.
         *
         * @param v true for the regulation's automatic weights
         * @return this builder
         */
        public Builder autonomous(boolean v) {
            autonomous = v;
            return this;
        }

        /**
         * Sets the RTT hysteresis.
         *
         * @param v ms, null for the default
         * @return this builder
         */
        public Builder rttHysteresisMs(Integer v) {
            rttHysteresisMs = v;
            return this;
        }

        /**
         * Validates and builds the rule.
         *
         * @return rule
         * @throws IllegalArgumentException naming the first invalid field
         */
        public SteeringRule build() {
            if (precedence < 0 || precedence > MAX_PRECEDENCE) {
                throw new IllegalArgumentException("precedence: is mandatory for STEERING, in [0, "
                        + MAX_PRECEDENCE + "] (lower wins)" + (precedence == -1 ? "" : ", was " + precedence));
            }
            if (mode == null) {
                throw new IllegalArgumentException(PREFIX + "mode: is mandatory (ACTIVE_STANDBY, SMALLEST_DELAY, "
                        + "LOAD_BALANCING, PRIORITY_BASED, or modeCode 0-3)");
            }
            if (mode == SteeringMode.ACTIVE_STANDBY) {
                MpsdnIntent.checkId(PREFIX + "activeAp", activeAp);
            } else if (activeAp != null) {
                throw new IllegalArgumentException(PREFIX + "activeAp: only with mode ACTIVE_STANDBY");
            }
            checkLoadBalancing();
            if (rttHysteresisMs != null && mode != SteeringMode.SMALLEST_DELAY) {
                throw new IllegalArgumentException(PREFIX + "rttHysteresisMs: only with mode SMALLEST_DELAY");
            }
            if (rttHysteresisMs != null && (rttHysteresisMs < 0 || rttHysteresisMs > MAX_HYSTERESIS_MS)) {
                throw new IllegalArgumentException(PREFIX + "rttHysteresisMs: must be in [0, " + MAX_HYSTERESIS_MS
                        + "] ms, was " + rttHysteresisMs);
            }
            return new SteeringRule(this);
        }

        private void checkLoadBalancing() {
            if (mode != SteeringMode.LOAD_BALANCING) {
                if (!shares.isEmpty()) {
                    throw new IllegalArgumentException(PREFIX + "shares: only with mode LOAD_BALANCING");
                }
                if (autonomous) {
                    throw new IllegalArgumentException(PREFIX + "autonomous: only with mode LOAD_BALANCING");
                }
                return;
            }
            if (autonomous == !shares.isEmpty()) {
                throw new IllegalArgumentException(PREFIX + "shares: LOAD_BALANCING needs either shares (percent "
                        + "per AP, summing to 100) or autonomous true, not " + (autonomous ? "both" : "neither"));
            }
            int sum = 0;
            for (Map.Entry<String, Integer> e : shares.entrySet()) {
                MpsdnIntent.checkId(PREFIX + "shares key", e.getKey());
                Integer v = e.getValue();
                if (v == null || v < 0 || v > 100) {
                    throw new IllegalArgumentException(PREFIX + "shares." + e.getKey() + ": must be a percent in "
                            + "[0, 100], was " + v);
                }
                sum += v;
            }
            if (!shares.isEmpty() && sum != 100) {
                throw new IllegalArgumentException(PREFIX + "shares: must sum to 100, was " + sum);
            }
        }
    }
}
