package org.mpsdn.mptcp;

import java.util.Objects;

/**
 * A disagreement between detection, static registration and AP station lists. Conflicts are
 * reported, not resolved silently: the snapshot states which side was used for grouping.
 */
public final class Conflict {
    /** Kinds of conflict. */
    public enum Kind {
        /** Static registration lists one address or MAC under two UE ids (the smallest id is used). */
        ADDRESS_IN_TWO_REGISTRATIONS,
        /** An MPTCP connection joins addresses registered to different UEs (not merged). */
        CONNECTION_SPANS_REGISTRATIONS,
        /** Two AP station lists give the same IP to different MACs (MAC of the IP left unknown). */
        ADDRESS_CLAIMED_BY_TWO_STATIONS,
        /** A station list maps an IP to a MAC registered to a different UE than the IP (IP's UE used). */
        REGISTRATION_STATION_MISMATCH
    }

    private final Kind kind;
    private final String subject;
    private final String detail;

    /**
     * Creates a conflict.
     *
     * @param kind    kind
     * @param subject the address, MAC or connection concerned
     * @param detail  human-readable explanation naming both sides
     */
    public Conflict(Kind kind, String subject, String detail) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.subject = Objects.requireNonNull(subject, "subject");
        this.detail = Objects.requireNonNull(detail, "detail");
    }

    /**
     * Returns the kind.
     *
     * @return kind
     */
    public Kind kind() {
        return kind;
    }

    /**
     * Returns what the conflict is about.
     *
     * @return subject
     */
    public String subject() {
        return subject;
    }

    /**
     * Returns the explanation.
     *
     * @return detail
     */
    public String detail() {
        return detail;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Conflict)) {
            return false;
        }
        Conflict c = (Conflict) o;
        return kind == c.kind && subject.equals(c.subject) && detail.equals(c.detail);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, subject, detail);
    }

    @Override
    public String toString() {
        return kind + " " + subject + ": " + detail;
    }
}
