package org.mpsdn.api.northbound;

import org.onlab.packet.IpAddress;

import java.util.Objects;

/**
 * Request, inside an {@link IntentKind#ENB_SCHEDULING} intent, to split one downlink TCP flow
 * across the target UE's direct LTE link and a second path (the LTE link of a relay UE and its
 * D2D/Wi-Fi hop), with the eNB's in-order mux holding out-of-order packets for DIDA's t_opt.
 *
 * <p>Fields and units:</p>
 * <ul>
 * <li>{@code targetUe}: UE that receives the flow (first path: its direct LTE link);</li>
 * <li>{@code secondPathUe}: UE whose LTE link carries the second path (differs from the target);</li>
 * <li>{@code dstIp}: the flow's destination address (the target user's IPv4/IPv6 address);</li>
 * <li>{@code dstPort}: the flow's destination TCP port, 0 (default) for every TCP flow to dstIp;</li>
 * <li>{@code mode}: {@link SplitMode#FIXED_SHARE} (default) or {@link SplitMode#SHARED_BUFFER};</li>
 * <li>{@code lteShare}: share of the flow's packets on the direct LTE link, in [0, 1]
 *     (dimensionless; with SHARED_BUFFER the share the operator expects, used only for DIDA's
 *     delta_buff = 2 min(share, 1 - share));</li>
 * <li>DIDA inputs of t_opt: {@code rttMs} the flow's round-trip time in milliseconds (&gt; 0,
 *     at most 10000); {@code windowPackets} w, the sender's congestion window in packets
 *     (&gt; 0, at most 1e6; estimate rate x RTT / MSS); {@code alpha} alpha(w), additive
 *     increase of the sender's TCP in packets per RTT (&gt;= 0, default 1: Reno/CUBIC-friendly);
 *     {@code beta} beta(w), its multiplicative decrease factor (dimensionless, in [0, 1),
 *     default 0.5: Reno; CUBIC 0.3); {@code epochMs} T_E, the congestion epoch (time between
 *     two window reductions) in milliseconds (&gt;= 0; default w (1 - beta) / alpha RTTs,
 *     mandatory when alpha is 0).</li>
 * </ul>
 * {@link Builder#build()} fills the defaults, so a built split always carries every value, and
 * rejects bad values with an {@link IllegalArgumentException} whose message starts with
 * {@code split.<field>}.
 */
public final class EnbSplit {
    /** Largest accepted RTT in ms. */
    public static final double MAX_RTT_MS = 10_000;
    /** Largest accepted congestion window in packets. */
    public static final double MAX_WINDOW_PACKETS = 1e6;
    /** Largest accepted alpha in packets per RTT. */
    public static final double MAX_ALPHA = 1000;
    /** Largest accepted congestion epoch in ms (one hour). */
    public static final double MAX_EPOCH_MS = 3_600_000;
    /** Default alpha (Reno). */
    public static final double DEFAULT_ALPHA = 1;
    /** Default beta (Reno). */
    public static final double DEFAULT_BETA = 0.5;

    private final String targetUe;
    private final String secondPathUe;
    private final String dstIp;
    private final int dstPort;
    private final SplitMode mode;
    private final double lteShare;
    private final double rttMs;
    private final double windowPackets;
    private final double alpha;
    private final double beta;
    private final double epochMs;

    private EnbSplit(Builder b, double epoch) {
        targetUe = b.targetUe;
        secondPathUe = b.secondPathUe;
        dstIp = b.dstIp;
        dstPort = b.dstPort;
        mode = b.mode;
        lteShare = b.lteShare;
        rttMs = b.rttMs;
        windowPackets = b.windowPackets;
        alpha = b.alpha;
        beta = b.beta;
        epochMs = epoch;
    }

    /**
     * Returns a new builder.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns a builder initialised from this split.
     *
     * @return builder
     */
    public Builder toBuilder() {
        return new Builder().targetUe(targetUe).secondPathUe(secondPathUe).dstIp(dstIp).dstPort(dstPort)
                .mode(mode).lteShare(lteShare).rttMs(rttMs).windowPackets(windowPackets).alpha(alpha)
                .beta(beta).epochMs(epochMs);
    }

    /** @return UE receiving the flow */
    public String targetUe() {
        return targetUe;
    }

    /** @return UE whose LTE link carries the second path */
    public String secondPathUe() {
        return secondPathUe;
    }

    /** @return destination address of the flow */
    public String dstIp() {
        return dstIp;
    }

    /** @return destination TCP port, 0 for any */
    public int dstPort() {
        return dstPort;
    }

    /** @return split mode */
    public SplitMode mode() {
        return mode;
    }

    /** @return share of packets on the direct LTE link (expected share with SHARED_BUFFER), in [0, 1] */
    public double lteShare() {
        return lteShare;
    }

    /** @return flow RTT in milliseconds */
    public double rttMs() {
        return rttMs;
    }

    /** @return sender congestion window in packets */
    public double windowPackets() {
        return windowPackets;
    }

    /** @return alpha(w) in packets per RTT */
    public double alpha() {
        return alpha;
    }

    /** @return beta(w), dimensionless */
    public double beta() {
        return beta;
    }

    /** @return congestion epoch T_E in milliseconds */
    public double epochMs() {
        return epochMs;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof EnbSplit)) {
            return false;
        }
        EnbSplit s = (EnbSplit) o;
        return targetUe.equals(s.targetUe) && secondPathUe.equals(s.secondPathUe) && dstIp.equals(s.dstIp)
                && dstPort == s.dstPort && mode == s.mode && Double.compare(lteShare, s.lteShare) == 0
                && Double.compare(rttMs, s.rttMs) == 0 && Double.compare(windowPackets, s.windowPackets) == 0
                && Double.compare(alpha, s.alpha) == 0 && Double.compare(beta, s.beta) == 0
                && Double.compare(epochMs, s.epochMs) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(targetUe, secondPathUe, dstIp, dstPort, mode, lteShare, rttMs, windowPackets, alpha,
                beta, epochMs);
    }

    @Override
    public String toString() {
        return "EnbSplit{" + targetUe + "+" + secondPathUe + " dst=" + dstIp + (dstPort == 0 ? "" : ":" + dstPort)
                + " " + mode + " lte=" + lteShare + " rtt=" + rttMs + "ms w=" + windowPackets + " alpha=" + alpha
                + " beta=" + beta + " epoch=" + epochMs + "ms}";
    }

    /**
     * Builder of splits.
     */
    public static final class Builder {
        private String targetUe;
        private String secondPathUe;
        private String dstIp;
        private int dstPort;
        private SplitMode mode = SplitMode.FIXED_SHARE;
        private double lteShare = Double.NaN;
        private double rttMs = Double.NaN;
        private double windowPackets = Double.NaN;
        private double alpha = DEFAULT_ALPHA;
        private double beta = DEFAULT_BETA;
        private double epochMs = Double.NaN;

        private Builder() {
        }

        /**
         * Sets the target UE.
         *
         * @param v UE id
         * @return this builder
         */
        public Builder targetUe(String v) {
            targetUe = v;
            return this;
        }

        /**
         * Sets the UE of the second path.
         *
         * @param v UE id
         * @return this builder
         */
        public Builder secondPathUe(String v) {
            secondPathUe = v;
            return this;
        }

        /**
         * Sets the flow's destination address.
         *
         * @param v IPv4 or IPv6 literal
         * @return this builder
         */
        public Builder dstIp(String v) {
            dstIp = v;
            return this;
        }

        /**
         * Sets the flow's destination port.
         *
         * @param v port in [0, 65535], 0 for any
         * @return this builder
         */
        public Builder dstPort(int v) {
            dstPort = v;
            return this;
        }

        /**
         * Sets the mode.
         *
         * @param v mode (null: FIXED_SHARE)
         * @return this builder
         */
        public Builder mode(SplitMode v) {
            mode = v;
            return this;
        }

        /**
         * Sets the LTE share.
         *
         * @param v share in [0, 1]
         * @return this builder
         */
        public Builder lteShare(double v) {
            lteShare = v;
            return this;
        }

        /**
         * Sets the RTT.
         *
         * @param v RTT in ms
         * @return this builder
         */
        public Builder rttMs(double v) {
            rttMs = v;
            return this;
        }

        /**
         * Sets the congestion window.
         *
         * @param v window in packets
         * @return this builder
         */
        public Builder windowPackets(double v) {
            windowPackets = v;
            return this;
        }

        /**
         * Sets alpha(w).
         *
         * @param v packets per RTT
         * @return this builder
         */
        public Builder alpha(double v) {
            alpha = v;
            return this;
        }

        /**
         * Sets beta(w).
         *
         * @param v factor in [0, 1)
         * @return this builder
         */
        public Builder beta(double v) {
            beta = v;
            return this;
        }

        /**
         * Sets the congestion epoch; NaN for the default estimate.
         *
         * @param v epoch in ms
         * @return this builder
         */
        public Builder epochMs(double v) {
            epochMs = v;
            return this;
        }

        /**
         * Validates, fills the defaults and builds.
         *
         * @return split
         * @throws IllegalArgumentException naming the first bad field ({@code split.<field>})
         */
        public EnbSplit build() {
            MpsdnIntent.checkId("split.targetUe", targetUe);
            MpsdnIntent.checkId("split.secondPathUe", secondPathUe);
            if (targetUe.equals(secondPathUe)) {
                throw new IllegalArgumentException("split.secondPathUe: must differ from targetUe '" + targetUe
                        + "'");
            }
            if (dstIp == null) {
                throw new IllegalArgumentException("split.dstIp: is mandatory");
            }
            try {
                IpAddress.valueOf(dstIp);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("split.dstIp: not an IP address: '" + dstIp + "'", e);
            }
            if (dstPort < 0 || dstPort > 65535) {
                throw new IllegalArgumentException("split.dstPort: must be in [0, 65535], was " + dstPort);
            }
            if (mode == null) {
                mode = SplitMode.FIXED_SHARE;
            }
            range("split.lteShare", lteShare, 0, 1, true);
            range("split.rttMs", rttMs, 0, MAX_RTT_MS, false);
            range("split.windowPackets", windowPackets, 0, MAX_WINDOW_PACKETS, false);
            range("split.alpha", alpha, 0, MAX_ALPHA, true);
            if (!(beta >= 0 && beta < 1)) {
                throw new IllegalArgumentException("split.beta: must be in [0, 1), was " + beta);
            }
            double epoch = epochMs;
            if (Double.isNaN(epoch)) {
                if (alpha == 0) {
                    throw new IllegalArgumentException("split.epochMs: is mandatory when alpha is 0");
                }
                epoch = windowPackets * (1 - beta) / alpha * rttMs;
            }
            range("split.epochMs", epoch, 0, MAX_EPOCH_MS, true);
            return new EnbSplit(this, epoch);
        }

        private static void range(String field, double v, double lo, double hi, boolean loIncluded) {
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException(field + ": is mandatory");
            }
            boolean ok = (loIncluded ? v >= lo : v > lo) && v <= hi;
            if (!ok) {
                throw new IllegalArgumentException(field + ": must be in " + (loIncluded ? "[" : "(") + lo + ", "
                        + hi + "], was " + v);
            }
        }
    }
}
