package org.mpsdn.core.model;

/**
 * Argument checks producing messages that name the field, its allowed range and the bad value.
 */
public final class Checks {

    private Checks() {
    }

    /**
     * Requires a non-null, non-blank identifier.
     *
     * @param name  field name used in the message
     * @param value the identifier
     * @return the identifier
     * @throws IllegalArgumentException if it is null or blank
     */
    public static String id(String name, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " must be a non-blank string, was "
                    + (value == null ? "null" : "\"" + value + "\""));
        }
        return value;
    }

    /**
     * Requires a non-null reference.
     *
     * @param name  field name used in the message
     * @param value the reference
     * @param <T>   its type
     * @return the reference
     * @throws IllegalArgumentException if it is null
     */
    public static <T> T nonNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /**
     * Requires {@code min <= value <= max}.
     *
     * @param name  field name used in the message
     * @param value the value
     * @param min   inclusive lower bound
     * @param max   inclusive upper bound
     * @return the value
     * @throws IllegalArgumentException if out of range
     */
    public static long inRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "], was " + value);
        }
        return value;
    }

    /**
     * Requires a finite {@code min <= value <= max}.
     *
     * @param name  field name used in the message
     * @param value the value
     * @param min   inclusive lower bound
     * @param max   inclusive upper bound
     * @return the value
     * @throws IllegalArgumentException if NaN, infinite or out of range
     */
    public static double inRange(String name, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(name + " must be in [" + fmt(min) + ", " + fmt(max) + "], was "
                    + fmt(value));
        }
        return value;
    }

    /**
     * Requires a finite {@code min < value <= max}.
     *
     * @param name  field name used in the message
     * @param value the value
     * @param min   exclusive lower bound
     * @param max   inclusive upper bound
     * @return the value
     * @throws IllegalArgumentException if NaN or out of range
     */
    public static double inLeftOpenRange(String name, double value, double min, double max) {
        if (!(value > min && value <= max)) {
            throw new IllegalArgumentException(name + " must be in (" + fmt(min) + ", " + fmt(max) + "], was "
                    + fmt(value));
        }
        return value;
    }

    /**
     * Requires a finite {@code min < value < max}.
     *
     * @param name  field name used in the message
     * @param value the value
     * @param min   exclusive lower bound
     * @param max   exclusive upper bound
     * @return the value
     * @throws IllegalArgumentException if NaN or out of range
     */
    public static double inOpenRange(String name, double value, double min, double max) {
        if (!(value > min && value < max)) {
            throw new IllegalArgumentException(name + " must be in (" + fmt(min) + ", " + fmt(max) + "), was "
                    + fmt(value));
        }
        return value;
    }

    /**
     * Formats a double for messages: integral values without a fraction ("1", not "1.0").
     *
     * @param v the value
     * @return its text
     */
    static String fmt(double v) {
        if (v == Math.rint(v) && !Double.isInfinite(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
