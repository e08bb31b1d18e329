package org.mpsdn.impl.enb;

import org.mpsdn.enb.v1.FlowMatch;
import org.mpsdn.enb.v1.FlowSplit;

/**
 * Builds {@link FlowSplit} entries whose hold time is DIDA's t_opt.
 */
public final class SplitConfigs {

    /** Largest hold time the eNB accepts (10 s). */
    public static final long MAX_HOLD_US = 10_000_000L;

    private SplitConfigs() {
    }

    /**
     * Builds a split of a TCP flow to {@code dstIp} across the target UE's LTE
     * link and a second path, holding out-of-order packets for t_opt.
     *
     * @param splitId       identifier
     * @param dstIp         the user's address
     * @param targetUe      UE receiving the flow
     * @param secondUe      UE carrying the second path
     * @param lteFraction   share of packets on LTE, in [0, 1]
     * @param rttSeconds    flow RTT (s)
     * @param windowPackets sender congestion window (packets)
     * @param alpha         alpha(w) of the sender's TCP
     * @param beta          beta(w) of the sender's TCP
     * @param epochSeconds  congestion epoch T_E (s)
     * @return the split entry
     */
    public static FlowSplit tcpSplit(String splitId, String dstIp, String targetUe, String secondUe,
                                     double lteFraction, double rttSeconds, double windowPackets,
                                     double alpha, double beta, double epochSeconds) {
        if (!(lteFraction >= 0 && lteFraction <= 1)) {
            throw new IllegalArgumentException("lteFraction: " + lteFraction + " not in [0, 1]");
        }
        double deltaBuff = Math.max(1e-6, 2 * Math.min(lteFraction, 1 - lteFraction));
        long hold = DidaHoldTime.tOptMicros(rttSeconds, windowPackets, alpha, beta, deltaBuff, epochSeconds);
        return FlowSplit.newBuilder().setSplitId(splitId)
                .setMatch(FlowMatch.newBuilder().setDstIp(dstIp).setIpProto(6))
                .setTargetUeId(targetUe).setSecondPathUeId(secondUe).setLteFraction(lteFraction)
                .setHoldTimeUs((int) Math.min(hold, MAX_HOLD_US)).build();
    }

    /**
     * Builds a shared-buffer split (the paper's demux): both links draw from one buffer, so the
     * share of each path follows the channels. DIDA's delta_buff is computed from the share the
     * controller expects on the direct LTE link (e.g. the target's share of good TTIs); the eNB
     * ignores {@code lte_fraction} for such a split, so it is sent as 0.
     *
     * @param splitId          identifier
     * @param dstIp            the user's address
     * @param targetUe         UE receiving the flow
     * @param secondUe         UE carrying the second path
     * @param expectedLteShare expected share of packets on LTE, in [0, 1] (DIDA input only)
     * @param rttSeconds       flow RTT (s)
     * @param windowPackets    sender congestion window (packets)
     * @param alpha            alpha(w) of the sender's TCP
     * @param beta             beta(w) of the sender's TCP
     * @param epochSeconds     congestion epoch T_E (s)
     * @return the split entry
     */
    public static FlowSplit sharedTcpSplit(String splitId, String dstIp, String targetUe, String secondUe,
                                           double expectedLteShare, double rttSeconds, double windowPackets,
                                           double alpha, double beta, double epochSeconds) {
        return tcpSplit(splitId, dstIp, targetUe, secondUe, expectedLteShare, rttSeconds, windowPackets, alpha,
                beta, epochSeconds).toBuilder().setLteFraction(0).setSharedBuffer(true).build();
    }
}
