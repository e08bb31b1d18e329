package org.mpsdn.core.regulate;

import org.mpsdn.core.model.Checks;

/**
 * Limit validation, the idea of TCP's congestion-window validation (RFC 7661) applied to the
 * Tier-2 meter (not in the paper): the limit may only grow while Tier 2 uses it.
 * <ul>
 *   <li>Tier 2 is <i>application-limited</i> when the Tier-2 rate measured over the last interval is
 *       below limit / (1 + headroom) (RFC 7661 validates a cwnd only while pipeACK &lt; cwnd / 2, h = 1);
 *       otherwise it uses the limit: the meter binds.</li>
 *   <li>Meter-bound: Algorithm 2's increase, unchanged (a limit that binds is what Eq. 4 grows).</li>
 *   <li>Application-limited: an increase never raises the limit above its cap max(floor,
 *       &lceil;rate &middot; (1 + headroom)&rceil;) (nor above the capacity). As that cap is below the
 *       limit, the limit is held, not lowered (RFC 7661 keeps an unvalidated cwnd too): lowering it
 *       whenever TCP through the meter uses less than 1 / (1 + headroom) of it would spiral the limit
 *       down to R_m.</li>
 *   <li>A decrease halves the limit ({@link DecreaseBase#LIMIT}, the paper's) or the smaller of
 *       the limit and the measured rate ({@link DecreaseBase#RATE}, RFC 7661's max(pipeACK, LW) / 2),
 *       never below the floor. Halving the rate binds at once even when the limit was held above
 *       what Tier 2 uses.</li>
 *   <li>Without a measured rate the step is left as Algorithm 2 made it.</li>
 *   <li>One decrease per signal window: a decrease is held (the limit kept) when the signal was averaged
 *       over a window that began before the limit in force came into force. Such a window still holds
 *       the queues the previous, higher limit built, so it overstates the congestion under the new one;
 *       TCP likewise reduces its window once per round trip (RFC 5681 Sec. 3.1, RFC 6582). Measured in
 *       the lab (issue 17, round 3): halving on every 2-s window took the limit 50 &rarr; 1.6 Mb/s in five
 *       cycles while Tier 1 was satisfied.</li>
 *   <li>One decrease per effect: in the first window entirely under a limit that a decrease set, that
 *       decrease is still taking effect while the Tier-1 stations send at least {@link #RECOVERY_GAIN} more
 *       than over the window the decrease was decided on, and a decrease is held then too. Their queues
 *       still hold what built up while they were short, and they drain it at the rate the decrease
 *       freed, so the window reads as congested although the decrease worked (TCP's fast recovery
 *       likewise reduces once per loss episode, RFC 6582 Sec. 3.2). Measured in the lab (issue 17,
 *       round 4): 5 of the 14 decreases in the idle-capacity runs halved a limit again 4 s after a
 *       decrease while Tier 1 sent 15-47 % more than at that decrease; the one second decrease that
 *       Tier 1 needed (a limit above what Tier 2 used) came with Tier 1 sending the same.</li>
 * </ul>
 */
public final class LimitValidation {
    /** Largest accepted headroom. */
    public static final double MAX_HEADROOM = 10.0;
    /**
     * How much more the Tier-1 stations must send than at the last decrease for it to count as still
     * taking effect: 10 %, above the window-to-window spread of a served Tier-1 station's rate.
     */
    public static final double RECOVERY_GAIN = 0.10;

    private final double headroom;
    private final DecreaseBase decrease;

    /**
     * Creates the rule.
     *
     * @param headroom how far above the measured rate an increase may go, in [0, {@link #MAX_HEADROOM}]
     * @param decrease what a decrease halves
     * @throws IllegalArgumentException on a bad value
     */
    public LimitValidation(double headroom, DecreaseBase decrease) {
        this.headroom = Checks.inRange("headroom", headroom, 0.0, MAX_HEADROOM);
        this.decrease = Checks.nonNull("decrease", decrease);
    }

    /**
     * The highest limit an increase may reach.
     *
     * @param rateBps     measured Tier-2 rate, bit/s, &ge; 0
     * @param floorBps    min(R_m, capacity)
     * @param capacityBps the AP's capacity
     * @return max(floor, min(capacity, &lceil;rate &middot; (1 + headroom)&rceil;))
     */
    public long capBps(long rateBps, long floorBps, long capacityBps) {
        double cap = Math.ceil(rateBps * (1.0 + headroom));
        long c = cap >= capacityBps ? capacityBps : (long) cap;
        return Math.max(floorBps, c);
    }

    /**
     * Whether Tier 2 left the limit unused (RFC 7661's non-validated phase): the measured rate is below
     * limit / (1 + headroom).
     *
     * @param rateBps  measured Tier-2 rate, bit/s; negative when unknown
     * @param limitBps the limit in force BW_i
     * @return true when the rate is known and rate &middot; (1 + headroom) &lt; limit
     */
    public boolean applicationLimited(long rateBps, long limitBps) {
        return rateBps >= 0 && rateBps * (1.0 + headroom) < limitBps;
    }

    /**
     * Validates one Algorithm 2 step.
     *
     * @param proposedBps the step's result BW_{i+1}, in [floor, capacity]
     * @param currentBps  the limit in force BW_i, in [floor, capacity]
     * @param congested   whether the step was a decrease (signal &ge; CTh)
     * @param rateBps     measured Tier-2 rate over the last interval, bit/s; negative when unknown
     * @param floorBps    min(R_m, capacity)
     * @param capacityBps the AP's capacity
     * @return the validated limit, in [floor, capacity]
     */
    public long next(long proposedBps, long currentBps, boolean congested, long rateBps, long floorBps,
                     long capacityBps) {
        if (rateBps < 0) {
            return proposedBps;
        }
        if (congested) {
            return decrease == DecreaseBase.RATE
                    ? Math.max(floorBps, Math.min(currentBps, rateBps) / 2) : proposedBps;
        }
        if (!applicationLimited(rateBps, currentBps)) {
            return proposedBps; // the meter binds: Algorithm 2's increase
        }
        return Math.min(proposedBps, Math.max(currentBps, capBps(rateBps, floorBps, capacityBps)));
    }

    /**
     * Whether a decrease is held: the step is a decrease and its signal's window began before the limit
     * in force came into force.
     *
     * @param congested           whether the step is a decrease (signal &ge; its threshold)
     * @param signalPredatesLimit whether the signal's window began before the limit in force took effect
     * @return true when the limit is to be kept as it is
     */
    public boolean holdsDecrease(boolean congested, boolean signalPredatesLimit) {
        return congested && signalPredatesLimit;
    }

    /**
     * Whether the last decrease is still taking effect (see the class comment): the Tier-1 stations sent at
     * least (1 + {@link #RECOVERY_GAIN}) times what they sent over the window the decrease was decided on.
     *
     * @param tier1SentBps      what the Tier-1 stations sent over this window, bit/s; negative when unknown
     * @param sentAtDecreaseBps what they sent over the window of the last decrease, bit/s; negative when
     *                          unknown or when this is not the first window entirely under it
     * @return true when both are known and the Tier-1 stations send that much more now (and more than nothing)
     */
    public boolean recovering(long tier1SentBps, long sentAtDecreaseBps) {
        return tier1SentBps > 0 && sentAtDecreaseBps >= 0
                && tier1SentBps >= Math.round(sentAtDecreaseBps * (1.0 + RECOVERY_GAIN)); // rounded: 30 M x 1.1 is 33 M
    }

    /** @return the headroom */
    public double headroom() {
        return headroom;
    }

    /** @return what a decrease halves */
    public DecreaseBase decrease() {
        return decrease;
    }

    @Override
    public String toString() {
        return "LimitValidation{headroom=" + headroom + ", decrease=" + decrease + "}";
    }
}
