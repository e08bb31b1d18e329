package org.mpsdn.api.northbound;

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Per-AP overrides of the regulation parameters; an absent value uses the global parameter.
 */
public final class ApOverride {
    private static final ApOverride NONE = new ApOverride(OptionalDouble.empty(), OptionalDouble.empty(),
            OptionalLong.empty());

    private final OptionalDouble cth;
    private final OptionalDouble alpha;
    private final OptionalLong rmKbps;

    /**
     * Creates overrides.
     *
     * @param cth    congestion threshold in (0, 1]
     * @param alpha  aggressiveness in (0, 1)
     * @param rmKbps Tier-2 floor in kbit/s, at least 1
     * @throws IllegalArgumentException naming the field when a value is out of range
     */
    public ApOverride(OptionalDouble cth, OptionalDouble alpha, OptionalLong rmKbps) {
        this.cth = Objects.requireNonNull(cth, "cth");
        this.alpha = Objects.requireNonNull(alpha, "alpha");
        this.rmKbps = Objects.requireNonNull(rmKbps, "rmKbps");
        if (cth.isPresent() && !(cth.getAsDouble() > 0.0 && cth.getAsDouble() <= 1.0)) {
            throw new IllegalArgumentException("cth: must be in (0, 1], was " + cth.getAsDouble());
        }
        if (alpha.isPresent() && !(alpha.getAsDouble() > 0.0 && alpha.getAsDouble() < 1.0)) {
            throw new IllegalArgumentException("alpha: must be in (0, 1), was " + alpha.getAsDouble());
        }
        if (rmKbps.isPresent() && rmKbps.getAsLong() < 1) {
            throw new IllegalArgumentException("rmKbps: must be >= 1, was " + rmKbps.getAsLong());
        }
    }

    /**
     * No overrides.
     *
     * @return empty overrides
     */
    public static ApOverride none() {
        return NONE;
    }

    /** @return CTh override */
    public OptionalDouble cth() {
        return cth;
    }

    /** @return alpha override */
    public OptionalDouble alpha() {
        return alpha;
    }

    /** @return R_m override in kbit/s */
    public OptionalLong rmKbps() {
        return rmKbps;
    }

    /** @return true when nothing is overridden */
    public boolean isEmpty() {
        return cth.isEmpty() && alpha.isEmpty() && rmKbps.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ApOverride)) {
            return false;
        }
        ApOverride a = (ApOverride) o;
        return cth.equals(a.cth) && alpha.equals(a.alpha) && rmKbps.equals(a.rmKbps);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cth, alpha, rmKbps);
    }

    @Override
    public String toString() {
        return "ApOverride{cth=" + cth + ", alpha=" + alpha + ", rmKbps=" + rmKbps + "}";
    }
}
