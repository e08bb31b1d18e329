package org.mpsdn.api.detection;

import java.util.Objects;

/**
 * A disagreement the detector found between its grouping, the static registrations and the AP
 * station lists; the detail says which side it used.
 */
public final class DetectionConflict {
    private final String kind;
    private final String subject;
    private final String detail;

    /**
     * Creates a conflict view.
     *
     * @param kind    kind, e.g. {@code CONNECTION_SPANS_REGISTRATIONS}
     * @param subject the address, MAC or connection concerned
     * @param detail  explanation naming both sides and the side used
     */
    public DetectionConflict(String kind, String subject, String detail) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.subject = Objects.requireNonNull(subject, "subject");
        this.detail = Objects.requireNonNull(detail, "detail");
    }

    /** @return kind */
    public String kind() {
        return kind;
    }

    /** @return what the conflict is about */
    public String subject() {
        return subject;
    }

    /** @return explanation */
    public String detail() {
        return detail;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DetectionConflict)) {
            return false;
        }
        DetectionConflict c = (DetectionConflict) o;
        return kind.equals(c.kind) && subject.equals(c.subject) && detail.equals(c.detail);
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
