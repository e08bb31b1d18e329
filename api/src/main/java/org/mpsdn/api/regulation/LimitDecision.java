package org.mpsdn.api.regulation;

import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The last regulation decision of one AP and direction: the signal the profile in force decided on and its
 * threshold, the Tier-2 limit it decided and the cap it allowed, and the reason. Immutable; shared in the
 * cluster as part of {@link ApRegulationState}.
 */
public final class LimitDecision {
    private static final long NONE = -1L;

    private final SignalSource source;
    private final double signal;
    private final double threshold;
    private final long targetKbps;
    private final long capKbps;
    private final LimitReason reason;
    private final String note;
    private final long decidedMillis;

    /**
     * Creates a decision.
     *
     * @param source        the signal decided on, null when there was none
     * @param signal        its value in [0, 1], NaN when none
     * @param threshold     the threshold it was compared with, NaN when none
     * @param targetKbps    the decided limit in kbit/s, -1 when the limits are lifted
     * @param capKbps       the highest limit allowed this cycle in kbit/s, -1 when none
     * @param reason        the reason
     * @param note          the reason in words
     * @param decidedMillis wall-clock time of the decision
     */
    public LimitDecision(SignalSource source, double signal, double threshold, long targetKbps, long capKbps,
                         LimitReason reason, String note, long decidedMillis) {
        this.source = source;
        this.signal = source == null ? Double.NaN : signal;
        this.threshold = source == null ? Double.NaN : threshold;
        this.targetKbps = targetKbps < 0 ? NONE : targetKbps;
        this.capKbps = capKbps < 0 ? NONE : capKbps;
        this.reason = Objects.requireNonNull(reason, "reason");
        this.note = note == null ? "" : note;
        this.decidedMillis = decidedMillis;
    }

    /**
     * The decision of an AP whose agent was silent for the fail-open delay: its limits are lifted.
     *
     * @param note          why, in words
     * @param decidedMillis wall-clock time
     * @return the decision
     */
    public static LimitDecision failOpen(String note, long decidedMillis) {
        return new LimitDecision(null, Double.NaN, Double.NaN, NONE, NONE, LimitReason.FAIL_OPEN, note, decidedMillis);
    }

    /**
     * The same decision at another time.
     *
     * @param millis wall-clock time of the decision
     * @return the decision
     */
    public LimitDecision at(long millis) {
        return new LimitDecision(source, signal, threshold, targetKbps, capKbps, reason, note, millis);
    }

    /** @return the signal decided on, empty when there was none */
    public Optional<SignalSource> source() {
        return Optional.ofNullable(source);
    }

    /** @return the signal's value in [0, 1], empty when there was none */
    public OptionalDouble signal() {
        return Double.isNaN(signal) ? OptionalDouble.empty() : OptionalDouble.of(signal);
    }

    /** @return the threshold the signal was compared with, empty when there was no signal */
    public OptionalDouble threshold() {
        return Double.isNaN(threshold) ? OptionalDouble.empty() : OptionalDouble.of(threshold);
    }

    /** @return the decided Tier-2 limit in kbit/s, empty when the limits are lifted (fail-open) */
    public OptionalLong targetKbps() {
        return targetKbps == NONE ? OptionalLong.empty() : OptionalLong.of(targetKbps);
    }

    /**
     * The highest limit the law allowed this cycle: the AP's capacity, or in the mpsdn profile, while Tier 1 is
     * served, the capacity Tier 1 leaves to Tier 2.
     *
     * @return kbit/s, empty when the limits are lifted
     */
    public OptionalLong capKbps() {
        return capKbps == NONE ? OptionalLong.empty() : OptionalLong.of(capKbps);
    }

    /** @return the reason */
    public LimitReason reason() {
        return reason;
    }

    /** @return the reason in words ("" when none) */
    public String note() {
        return note;
    }

    /** @return wall-clock time of the decision, ms since the epoch */
    public long decidedMillis() {
        return decidedMillis;
    }

    /**
     * Whether another decision changes what this one says (the limit, the reason, the branch of the law in words,
     * or the signal decided on); the signal's value and the time do not count. The words count: two holds (Tier 1
     * draining, nothing idle) read one signal on opposite sides of its threshold, and the stored one must say which
     * held the limit.
     *
     * @param other the earlier decision, may be null
     * @return true when they differ
     */
    public boolean changes(LimitDecision other) {
        return other == null || targetKbps != other.targetKbps || reason != other.reason || source != other.source
                || !note.equals(other.note);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LimitDecision)) {
            return false;
        }
        LimitDecision d = (LimitDecision) o;
        return source == d.source && Double.compare(signal, d.signal) == 0
                && Double.compare(threshold, d.threshold) == 0 && targetKbps == d.targetKbps && capKbps == d.capKbps
                && reason == d.reason && note.equals(d.note) && decidedMillis == d.decidedMillis;
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, signal, threshold, targetKbps, capKbps, reason, note, decidedMillis);
    }

    @Override
    public String toString() {
        return reason + " target=" + targetKbps + " cap=" + capKbps + " signal=" + source + ":" + signal
                + " threshold=" + threshold + " (" + note + ")";
    }
}
