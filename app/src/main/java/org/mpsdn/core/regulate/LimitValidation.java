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
 *   <li>A decrease multiplies the limit ({@link DecreaseBase#LIMIT}) or the smaller of the limit and the
 *       measured rate ({@link DecreaseBase#RATE}, RFC 7661's max(pipeACK, LW) &middot; &beta;; the limit
 *       when the rate is unknown) by a factor, rounded down to bit/s, never below the floor. Reducing the
 *       rate binds at once even when the limit was held above what Tier 2 uses. The factor is &beta; (the
 *       mpsdn default 1/&radic;2, one rung of the default meter ladder, about CUBIC's 0.7, RFC 9438 Sec.
 *       4.6) when the Tier-1 stations send less than {@link #RECOVERY_GAIN} more than over the previous
 *       window ({@link #steady}): Tier 2's own probing reached the edge. Otherwise it is one half
 *       (Algorithm 2's): their demand rose, and Tier 2 must give back a step's worth at once; or what they
 *       sent is unknown (an agent without station queues, the ns-3 bridge), and the paper's step stands.
 *       Measured in the lab (issue 17, round 6): halving every time made Tier 2 average 0.72-0.79 of its
 *       sawtooth's peaks, &beta; every time cost a demand step up a third cycle.</li>
 *   <li>Without a measured rate an increase is left as Algorithm 2 made it.</li>
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
    private final double factor;

    /**
     * Creates the rule with Algorithm 2's halving.
     *
     * @param headroom how far above the measured rate an increase may go, in [0, {@link #MAX_HEADROOM}]
     * @param decrease what a decrease halves
     * @throws IllegalArgumentException on a bad value
     */
    public LimitValidation(double headroom, DecreaseBase decrease) {
        this(headroom, decrease, 0.5);
    }

    /**
     * Creates the rule.
     *
     * @param headroom how far above the measured rate an increase may go, in [0, {@link #MAX_HEADROOM}]
     * @param decrease what a decrease multiplies
     * @param factor   the decrease factor &beta;, in (0, 1)
     * @throws IllegalArgumentException on a bad value
     */
    public LimitValidation(double headroom, DecreaseBase decrease, double factor) {
        this.headroom = Checks.inRange("headroom", headroom, 0.0, MAX_HEADROOM);
        this.decrease = Checks.nonNull("decrease", decrease);
        this.factor = Checks.inOpenRange("factor", factor, 0.0, 1.0);
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
        return next(proposedBps, currentBps, congested, true, rateBps, floorBps, capacityBps);
    }

    /**
     * Validates one Algorithm 2 step.
     *
     * @param proposedBps the step's result BW_{i+1}, in [floor, capacity]
     * @param currentBps  the limit in force BW_i, in [floor, capacity]
     * @param congested   whether the step was a decrease (signal &ge; CTh)
     * @param steady      whether the Tier-1 demand is known not to have risen ({@link #steady}): a decrease
     *                    multiplies by &beta;, else it halves
     * @param rateBps     measured Tier-2 rate over the last interval, bit/s; negative when unknown
     * @param floorBps    min(R_m, capacity)
     * @param capacityBps the AP's capacity
     * @return the validated limit, in [floor, capacity]
     */
    public long next(long proposedBps, long currentBps, boolean congested, boolean steady, long rateBps,
                     long floorBps, long capacityBps) {
        if (congested) {
            long base = decrease == DecreaseBase.RATE && rateBps >= 0 ? Math.min(currentBps, rateBps) : currentBps;
            return Math.max(floorBps, Math.min(currentBps, (long) (base * (steady ? factor : 0.5))));
        }
        if (rateBps < 0) {
            return proposedBps;
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
        return gained(tier1SentBps, sentAtDecreaseBps);
    }

    /**
     * Whether the Tier-1 demand is known not to have risen: both rates are known and the Tier-1 stations sent
     * less than (1 + {@link #RECOVERY_GAIN}) times what they sent over the previous window.
     *
     * @param tier1SentBps  what the Tier-1 stations sent over this window, bit/s; negative when unknown
     * @param sentBeforeBps what they sent over the previous window, bit/s; negative when unknown
     * @return true when a decrease may be gentle
     */
    public boolean steady(long tier1SentBps, long sentBeforeBps) {
        return tier1SentBps >= 0 && sentBeforeBps >= 0 && !gained(tier1SentBps, sentBeforeBps);
    }

    private static boolean gained(long now, long then) {
        return now > 0 && then >= 0 && now >= Math.round(then * (1.0 + RECOVERY_GAIN)); // rounded: 30 M x 1.1 is 33 M
    }

    /** @return the headroom */
    public double headroom() {
        return headroom;
    }

    /** @return what a decrease multiplies */
    public DecreaseBase decrease() {
        return decrease;
    }

    /** @return the decrease factor &beta; */
    public double factor() {
        return factor;
    }

    @Override
    public String toString() {
        return "LimitValidation{headroom=" + headroom + ", decrease=" + decrease + ", factor=" + factor + "}";
    }
}
