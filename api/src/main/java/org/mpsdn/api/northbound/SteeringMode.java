package org.mpsdn.api.northbound;

/**
 * Steering mode of a {@link IntentKind#STEERING} intent, named after ATSSS's (3GPP TS 23.501
 * §5.32.8). {@link #code()} is the value of the Steering Mode IE of TS 29.244 §8.2.125.
 */
public enum SteeringMode {
    /** All traffic on the active path; the standby path carries nothing while the active one is up. */
    ACTIVE_STANDBY(0),
    /** The path with the lower measured RTT is the primary, re-evaluated with a hysteresis. */
    SMALLEST_DELAY(1),
    /** Fixed split percentages per path, or autonomous (the regulation's automatic weights). */
    LOAD_BALANCING(2),
    /** The regulation's own behaviour: the primary protected, the other path gets what its AP can spare. */
    PRIORITY_BASED(3);

    private final int code;

    SteeringMode(int code) {
        this.code = code;
    }

    /** @return the Steering Mode IE value (TS 29.244 §8.2.125) */
    public int code() {
        return code;
    }

    /**
     * Returns the mode of a Steering Mode IE value.
     *
     * @param field field name for the message
     * @param code  IE value
     * @return the mode
     * @throws IllegalArgumentException naming the field when no mode has the code
     */
    public static SteeringMode ofCode(String field, long code) {
        for (SteeringMode m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        throw new IllegalArgumentException(field + ": must be a TS 29.244 steering mode code (0 ACTIVE_STANDBY, "
                + "1 SMALLEST_DELAY, 2 LOAD_BALANCING, 3 PRIORITY_BASED), was " + code);
    }
}
