package org.mpsdn.impl.weights;

/**
 * What a client reported for one of its paths: the smoothed RTT and the rate of its subflows.
 */
public final class PathMeasurement {
    /** Value of {@link #srttUs()} when no subflow reported an RTT. */
    public static final long UNKNOWN = -1;

    private final long srttUs;
    private final long rateBps;

    /**
     * Creates a measurement.
     *
     * @param srttUs  smoothed RTT in microseconds, or {@link #UNKNOWN}
     * @param rateBps rate in bit/s (sum over the path's subflows)
     */
    public PathMeasurement(long srttUs, long rateBps) {
        if (srttUs < UNKNOWN) {
            throw new IllegalArgumentException("srttUs must be >= 0 or UNKNOWN, got " + srttUs);
        }
        if (rateBps < 0) {
            throw new IllegalArgumentException("rateBps must be >= 0, got " + rateBps);
        }
        this.srttUs = srttUs;
        this.rateBps = rateBps;
    }

    /**
     * Returns the smoothed RTT.
     *
     * @return microseconds, or {@link #UNKNOWN}
     */
    public long srttUs() {
        return srttUs;
    }

    /**
     * Returns the rate.
     *
     * @return bit/s
     */
    public long rateBps() {
        return rateBps;
    }

    @Override
    public String toString() {
        return "PathMeasurement{srttUs=" + srttUs + ", rateBps=" + rateBps + "}";
    }
}
