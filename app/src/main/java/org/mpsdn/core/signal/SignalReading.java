package org.mpsdn.core.signal;

import org.mpsdn.core.model.Checks;

/**
 * One congestion-signal reading: a value in [0, 1] and where it came from, or why there is none.
 */
public final class SignalReading {
    /** Where a reading came from. */
    public enum Source {
        /** The AP's MacOcc as reported (the paper's signal, or the Tier-1 signal's fallback). */
        AP_OCCUPANCY,
        /** The queues of the stations that carry only Tier-1 traffic. */
        TIER1_STATIONS,
        /** No occupancy was supplied for the AP and direction. */
        MISSING,
        /** The supplied occupancy was null, NaN or outside [0, 1]. */
        INVALID
    }

    /** No occupancy supplied. */
    public static final SignalReading MISSING = new SignalReading(Double.NaN, Source.MISSING);
    /** Occupancy unusable. */
    public static final SignalReading INVALID = new SignalReading(Double.NaN, Source.INVALID);

    private final double value;
    private final Source source;

    private SignalReading(double value, Source source) {
        this.value = value;
        this.source = source;
    }

    /**
     * A usable reading.
     *
     * @param value  in [0, 1]
     * @param source where it came from ({@link Source#AP_OCCUPANCY} or {@link Source#TIER1_STATIONS})
     * @return the reading
     * @throws IllegalArgumentException if the value is NaN or outside [0, 1]
     */
    public static SignalReading of(double value, Source source) {
        Checks.inRange("signal", value, 0.0, 1.0);
        if (source == Source.MISSING || source == Source.INVALID) {
            throw new IllegalArgumentException("a reading with a value cannot be " + source);
        }
        return new SignalReading(value, source);
    }

    /** @return whether there is a value */
    public boolean present() {
        return !Double.isNaN(value);
    }

    /** @return the value in [0, 1], or NaN when there is none */
    public double value() {
        return value;
    }

    /** @return where the reading came from */
    public Source source() {
        return source;
    }

    @Override
    public String toString() {
        return present() ? value + " (" + source + ")" : source.toString();
    }
}
