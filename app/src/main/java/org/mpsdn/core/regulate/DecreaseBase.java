package org.mpsdn.core.regulate;

/**
 * What a validated decrease halves (see {@link LimitValidation}).
 */
public enum DecreaseBase {
    /** The limit in force, as in Algorithm 2 (line 4): BW_{i+1} = max(R_m, BW_i / 2). */
    LIMIT,
    /**
     * The smaller of the limit and the measured Tier-2 rate: BW_{i+1} = max(R_m, min(BW_i, rate) / 2),
     * the rate RFC 7661 halves for a non-validated window (max(pipeACK, LW) / 2).
     */
    RATE
}
