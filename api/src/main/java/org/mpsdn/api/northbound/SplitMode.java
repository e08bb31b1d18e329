package org.mpsdn.api.northbound;

/**
 * How an eNB divides a split flow between the target UE's direct LTE link and the second path.
 */
public enum SplitMode {
    /** A fixed share of the flow's packets goes on the direct LTE link ({@link EnbSplit#lteShare()}). */
    FIXED_SHARE,
    /**
     * The paper's demux: one buffer shared by both links, whichever link the eNB serves first
     * takes the head packet, so the split follows the channels ({@link EnbSplit#lteShare()} is
     * then only the expected share, a DIDA input).
     */
    SHARED_BUFFER
}
