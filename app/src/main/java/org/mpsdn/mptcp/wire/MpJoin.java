package org.mpsdn.mptcp.wire;

import java.util.Objects;

/**
 * An MP_JOIN option (RFC 8684 Section 3.2) in one of its three forms.
 */
public final class MpJoin {
    /** The three MP_JOIN forms. */
    public enum Form {
        /** In the SYN: receiver's token and sender's nonce. */
        SYN,
        /** In the SYN/ACK: truncated HMAC and sender's nonce. */
        SYN_ACK,
        /** In the third ACK: full HMAC. */
        ACK
    }

    private final Form form;
    private final boolean backup;
    private final int addressId;
    private final long token;
    private final long nonce;

    /**
     * Creates an MP_JOIN value.
     *
     * @param form      which form
     * @param backup    the B flag (SYN and SYN/ACK forms)
     * @param addressId the sender's address id (SYN and SYN/ACK forms)
     * @param token     receiver's 32-bit token (SYN form; else 0)
     * @param nonce     sender's 32-bit random number (SYN and SYN/ACK forms; else 0)
     */
    public MpJoin(Form form, boolean backup, int addressId, long token, long nonce) {
        this.form = Objects.requireNonNull(form, "form");
        this.backup = backup;
        this.addressId = addressId;
        this.token = token;
        this.nonce = nonce;
    }

    /**
     * Returns the form.
     *
     * @return form
     */
    public Form form() {
        return form;
    }

    /**
     * Returns the backup flag.
     *
     * @return B flag
     */
    public boolean backup() {
        return backup;
    }

    /**
     * Returns the sender's address id.
     *
     * @return address id 0-255
     */
    public int addressId() {
        return addressId;
    }

    /**
     * Returns the receiver's token (SYN form), unsigned 32 bits.
     *
     * @return token
     */
    public long token() {
        return token;
    }

    /**
     * Returns the sender's nonce, unsigned 32 bits.
     *
     * @return nonce
     */
    public long nonce() {
        return nonce;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MpJoin)) {
            return false;
        }
        MpJoin that = (MpJoin) o;
        return form == that.form && backup == that.backup && addressId == that.addressId
                && token == that.token && nonce == that.nonce;
    }

    @Override
    public int hashCode() {
        return Objects.hash(form, backup, addressId, token, nonce);
    }

    @Override
    public String toString() {
        return "MpJoin{" + form + (backup ? ", backup" : "") + ", addrId=" + addressId
                + (form == Form.SYN ? ", token=" + Long.toHexString(token) : "") + "}";
    }
}
