package org.mpsdn.impl.weights;

/**
 * Tier-2 state of one AP as the regulation core sees it: the current Tier-2 limit (meter rate), the measured
 * Tier-2 rate through the AP and the number of clients with Tier-2 (secondary) traffic on it.
 */
public final class ApTier2State {
    private final long limitBps;
    private final long tier2RateBps;
    private final int tier2Clients;

    /**
     * Creates the state.
     *
     * @param limitBps     current Tier-2 limit in bit/s (0 = no Tier-2 traffic allowed)
     * @param tier2RateBps measured Tier-2 rate through the AP in bit/s
     * @param tier2Clients number of clients with Tier-2 traffic on the AP
     */
    public ApTier2State(long limitBps, long tier2RateBps, int tier2Clients) {
        if (limitBps < 0) {
            throw new IllegalArgumentException("limitBps must be >= 0, got " + limitBps);
        }
        if (tier2RateBps < 0) {
            throw new IllegalArgumentException("tier2RateBps must be >= 0, got " + tier2RateBps);
        }
        if (tier2Clients < 0) {
            throw new IllegalArgumentException("tier2Clients must be >= 0, got " + tier2Clients);
        }
        this.limitBps = limitBps;
        this.tier2RateBps = tier2RateBps;
        this.tier2Clients = tier2Clients;
    }

    /**
     * Returns the Tier-2 limit.
     *
     * @return bit/s
     */
    public long limitBps() {
        return limitBps;
    }

    /**
     * Returns the measured Tier-2 rate.
     *
     * @return bit/s
     */
    public long tier2RateBps() {
        return tier2RateBps;
    }

    /**
     * Returns the number of Tier-2 clients.
     *
     * @return count
     */
    public int tier2Clients() {
        return tier2Clients;
    }
}
