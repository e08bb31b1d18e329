package org.mpsdn.impl.enb;

/**
 * DIDA optimal reorder hold time (Pasca, Patro, Tamma, Franklin, "A Packet
 * Level Steering Solution for Tightly Coupled LWIP Networks").
 *
 * <p>With {@code e1 = e^-1},
 * {@code A = deltaBuff * w * (1 - beta(w))} and
 * {@code B = deltaBuff * alpha(w) * T_E}:</p>
 * <pre>
 * t_opt = ( (2 A e1 RTT + B (1 - e1))
 *         + sqrt( (2 A e1 RTT + B (1 - e1))^2 + 4 A e1 (e1 B RTT - A e1 RTT^2) ) ) / (2 A e1)
 * </pre>
 * <p>that is, the larger root of
 * {@code A e1 t^2 - (2 A e1 RTT + B (1 - e1)) t - (e1 B RTT - A e1 RTT^2) = 0}.
 * The operating range is {@code [t_opt - R / (S1 theta), t_opt + R / (S2 theta)]}.</p>
 *
 * <p>Inputs (the paper's slides give the formula, not the definitions; this is
 * how mpsdn feeds it, all times in seconds):</p>
 * <ul>
 * <li>{@code rttSeconds} RTT: the flow's round-trip time (measured, or the path RTT);</li>
 * <li>{@code windowPackets} w: the sender's congestion window in packets
 *     (estimate: rate x RTT / MSS);</li>
 * <li>{@code alpha} alpha(w): additive increase per RTT of the sender's TCP
 *     at window w (Reno/CUBIC-friendly region: 1; HighSpeed TCP, RFC 3649: its table);</li>
 * <li>{@code beta} beta(w): multiplicative decrease factor in [0, 1) (Reno 0.5,
 *     CUBIC 0.3, RFC 3649: its table);</li>
 * <li>{@code deltaBuff} delta_buff: the share of the flow's packets that arrive out
 *     of order and are buffered by the mux, in (0, 1] (for a split with LTE share
 *     f, at most min(f, 1 - f) x 2);</li>
 * <li>{@code epochSeconds} T_E: the congestion epoch, the time between two window
 *     reductions of the sender (estimate: w x (1 - beta) / alpha RTTs).</li>
 * </ul>
 * <p>Validation: every input finite, {@code A > 0} (so deltaBuff &gt; 0, w &gt; 0,
 * beta &lt; 1), {@code B >= 0}, RTT &gt; 0, and a non-negative discriminant;
 * otherwise {@link IllegalArgumentException} naming the input.</p>
 */
public final class DidaHoldTime {

    private static final double E1 = Math.exp(-1);

    private DidaHoldTime() {
    }

    /**
     * Computes A = deltaBuff x w x (1 - beta).
     *
     * @param deltaBuff     buffered share
     * @param windowPackets congestion window in packets
     * @param beta          multiplicative decrease factor
     * @return A
     */
    public static double coefficientA(double deltaBuff, double windowPackets, double beta) {
        return deltaBuff * windowPackets * (1 - beta);
    }

    /**
     * Computes B = deltaBuff x alpha x T_E.
     *
     * @param deltaBuff    buffered share
     * @param alpha        additive increase
     * @param epochSeconds congestion epoch in seconds
     * @return B
     */
    public static double coefficientB(double deltaBuff, double alpha, double epochSeconds) {
        return deltaBuff * alpha * epochSeconds;
    }

    /**
     * Computes t_opt in seconds.
     *
     * @param rttSeconds    round-trip time (s), &gt; 0
     * @param windowPackets congestion window w (packets), &gt; 0
     * @param alpha         alpha(w), &gt;= 0
     * @param beta          beta(w), in [0, 1)
     * @param deltaBuff     delta_buff, in (0, 1]
     * @param epochSeconds  T_E (s), &gt;= 0
     * @return t_opt in seconds
     */
    public static double tOptSeconds(double rttSeconds, double windowPackets, double alpha, double beta,
                                     double deltaBuff, double epochSeconds) {
        check("rttSeconds", rttSeconds, Double.MIN_VALUE, Double.MAX_VALUE);
        check("windowPackets", windowPackets, Double.MIN_VALUE, Double.MAX_VALUE);
        check("alpha", alpha, 0, Double.MAX_VALUE);
        check("beta", beta, 0, Math.nextDown(1.0));
        check("deltaBuff", deltaBuff, Double.MIN_VALUE, 1);
        check("epochSeconds", epochSeconds, 0, Double.MAX_VALUE);
        double a = coefficientA(deltaBuff, windowPackets, beta);
        double b = coefficientB(deltaBuff, alpha, epochSeconds);
        double lin = 2 * a * E1 * rttSeconds + b * (1 - E1);
        double disc = lin * lin + 4 * a * E1 * (E1 * b * rttSeconds - a * E1 * rttSeconds * rttSeconds);
        if (!(disc >= 0)) {
            throw new IllegalArgumentException("inputs give no real t_opt (discriminant " + disc + ")");
        }
        return (lin + Math.sqrt(disc)) / (2 * a * E1);
    }

    /**
     * Computes t_opt in whole microseconds (rounded), as sent in
     * {@code FlowSplit.hold_time_us}.
     *
     * @param rttSeconds    round-trip time (s)
     * @param windowPackets congestion window (packets)
     * @param alpha         alpha(w)
     * @param beta          beta(w)
     * @param deltaBuff     delta_buff
     * @param epochSeconds  T_E (s)
     * @return t_opt in microseconds
     */
    public static long tOptMicros(double rttSeconds, double windowPackets, double alpha, double beta,
                                  double deltaBuff, double epochSeconds) {
        return Math.round(tOptSeconds(rttSeconds, windowPackets, alpha, beta, deltaBuff, epochSeconds) * 1e6);
    }

    /**
     * Computes the operating range [LB, UB] around t_opt:
     * LB = t_opt - R / (S1 theta), UB = t_opt + R / (S2 theta), LB clamped at 0.
     *
     * @param tOpt  t_opt (s)
     * @param r     R
     * @param s1    S1, &gt; 0
     * @param s2    S2, &gt; 0
     * @param theta theta, &gt; 0
     * @return {LB, UB}
     */
    public static double[] operatingRange(double tOpt, double r, double s1, double s2, double theta) {
        check("tOpt", tOpt, 0, Double.MAX_VALUE);
        check("r", r, 0, Double.MAX_VALUE);
        check("s1", s1, Double.MIN_VALUE, Double.MAX_VALUE);
        check("s2", s2, Double.MIN_VALUE, Double.MAX_VALUE);
        check("theta", theta, Double.MIN_VALUE, Double.MAX_VALUE);
        return new double[] {Math.max(0, tOpt - r / (s1 * theta)), tOpt + r / (s2 * theta)};
    }

    private static void check(String name, double v, double lo, double hi) {
        if (!(v >= lo && v <= hi)) {
            throw new IllegalArgumentException(name + ": " + v + " not in [" + lo + ", " + hi + "]");
        }
    }
}
