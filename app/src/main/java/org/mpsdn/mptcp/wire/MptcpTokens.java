package org.mpsdn.mptcp.wire;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * MPTCP token and initial data sequence number derivation from a key: the token is the most
 * significant 32 bits, the IDSN the least significant 64 bits, of SHA-256 of the 64-bit key in
 * network byte order for version 1 (RFC 8684 Sections 3.1 and 3.2), of SHA-1 for version 0
 * (RFC 6824).
 */
public final class MptcpTokens {
    private MptcpTokens() {
    }

    /**
     * Derives the token of a key.
     *
     * @param key     the 64-bit key
     * @param version MPTCP version, 0 or 1
     * @return token as unsigned 32-bit value
     * @throws IllegalArgumentException if the version is not 0 or 1
     */
    public static long token(long key, int version) {
        byte[] h = hash(key, version);
        return ((h[0] & 0xffL) << 24) | ((h[1] & 0xffL) << 16) | ((h[2] & 0xffL) << 8) | (h[3] & 0xffL);
    }

    /**
     * Derives the initial data sequence number of a key: the key holder's first data sequence
     * number is one above it (the SYN takes one).
     *
     * @param key     the 64-bit key
     * @param version MPTCP version, 0 or 1
     * @return the IDSN (64 bits, unsigned in a signed long)
     * @throws IllegalArgumentException if the version is not 0 or 1
     */
    public static long idsn(long key, int version) {
        byte[] h = hash(key, version);
        long v = 0;
        for (int k = h.length - 8; k < h.length; k++) {
            v = (v << 8) | (h[k] & 0xffL);
        }
        return v;
    }

    private static byte[] hash(long key, int version) {
        String algorithm;
        if (version == 1) {
            algorithm = "SHA-256";
        } else if (version == 0) {
            algorithm = "SHA-1";
        } else {
            throw new IllegalArgumentException("MPTCP version must be 0 or 1, got " + version);
        }
        byte[] in = new byte[8];
        for (int k = 0; k < 8; k++) {
            in[k] = (byte) (key >>> (56 - 8 * k));
        }
        try {
            return MessageDigest.getInstance(algorithm).digest(in);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("JDK lacks " + algorithm, e);
        }
    }
}
