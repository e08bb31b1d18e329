package org.mpsdn.mptcp.wire;

import java.util.Objects;

/**
 * An MP_CAPABLE option (RFC 8684 Section 3.1; RFC 6824 Section 3.1 for version 0).
 * <p>
 * Which keys it carries depends on the version and on the segment: version 1 SYN: none;
 * SYN/ACK: the responder's key (sender key); third ACK: initiator's key (sender key) and
 * responder's key (receiver key). Version 0 SYN also carries the initiator's key.
 */
public final class MpCapable {
    private final int version;
    private final int flags;
    private final Long senderKey;
    private final Long receiverKey;

    /**
     * Creates an MP_CAPABLE value.
     *
     * @param version     MPTCP version (0 or 1)
     * @param flags       the option's flag byte
     * @param senderKey   key of the segment's sender, or null if absent
     * @param receiverKey key of the segment's receiver, or null if absent
     */
    public MpCapable(int version, int flags, Long senderKey, Long receiverKey) {
        this.version = version;
        this.flags = flags;
        this.senderKey = senderKey;
        this.receiverKey = receiverKey;
    }

    /**
     * Returns the MPTCP version.
     *
     * @return 0 or 1
     */
    public int version() {
        return version;
    }

    /**
     * Returns the flag byte (A: checksum required, B: extensibility, C: no more subflows to
     * the source address, H: HMAC-SHA256).
     *
     * @return flags
     */
    public int flags() {
        return flags;
    }

    /**
     * Returns the sender's 64-bit key, if carried.
     *
     * @return key or null
     */
    public Long senderKey() {
        return senderKey;
    }

    /**
     * Returns the receiver's 64-bit key, if carried.
     *
     * @return key or null
     */
    public Long receiverKey() {
        return receiverKey;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MpCapable)) {
            return false;
        }
        MpCapable that = (MpCapable) o;
        return version == that.version && flags == that.flags
                && Objects.equals(senderKey, that.senderKey)
                && Objects.equals(receiverKey, that.receiverKey);
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, flags, senderKey, receiverKey);
    }

    @Override
    public String toString() {
        return "MpCapable{v" + version + ", flags=0x" + Integer.toHexString(flags)
                + (senderKey != null ? ", senderKey=" + Long.toHexString(senderKey) : "")
                + (receiverKey != null ? ", receiverKey=" + Long.toHexString(receiverKey) : "") + "}";
    }
}
