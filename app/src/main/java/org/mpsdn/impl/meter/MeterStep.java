package org.mpsdn.impl.meter;

import org.mpsdn.api.model.Direction;
import org.mpsdn.impl.config.ApSpec;
import org.onosproject.net.meter.MeterId;

import java.util.OptionalLong;

/**
 * One rate step of an AP direction in flight (loop thread only). It is <i>queued</i> while its switch
 * is settling from a withdrawal (no meter submitted yet), <i>waiting</i> for ONOS to confirm its new
 * meter, then <i>re-pointing</i> the table-1 rule. A lift has no new meter and starts re-pointing.
 */
final class MeterStep {
    /** Target of a lift: no Tier-2 limit. */
    static final long LIFT = -1L;

    final ApSpec ap;
    final Direction direction;
    final long rateKbps;
    final MeterId newMeter;
    final long submittedAt;
    boolean repointing;
    boolean late;
    long next;
    boolean hasNext;

    MeterStep(ApSpec ap, Direction direction, long rateKbps, MeterId newMeter, long submittedAt) {
        this.ap = ap;
        this.direction = direction;
        this.rateKbps = rateKbps;
        this.newMeter = newMeter;
        this.submittedAt = submittedAt;
    }

    /**
     * Whether the step waits for its switch to settle before submitting its meter.
     *
     * @return true if queued
     */
    boolean queued() {
        return newMeter == null && rateKbps != LIFT;
    }

    /**
     * Whether the step has submitted a meter that ONOS has not confirmed yet.
     *
     * @return true if waiting for METER_ADDED
     */
    boolean waiting() {
        return newMeter != null && !repointing;
    }

    /**
     * Whether a newer target must not wait for this step, which still waits for ONOS to confirm its meter:
     * a lift (fail-open: the limit goes, the step's meter is not needed), or a target that keeps or lowers
     * the limit in force while this step would raise it (the cell congested meanwhile). Decreases are the
     * regulation's answer to congestion and go first; a newer increase, or a deeper decrease after this
     * one, waits for this step (an increase's target moves with every cycle's occupancy, so letting
     * increases replace each other would starve the steps of confirmation under ONOS's 10-s meter-stats
     * polls).
     *
     * @param target  the newer target in kbit/s, or {@link #LIFT}
     * @param inForce the limit in force
     * @return true if this step should be withdrawn in favour of the newer target
     */
    boolean supersededBy(long target, OptionalLong inForce) {
        if (!waiting()) {
            return false;
        }
        return target == LIFT || inForce.isPresent() && rateKbps > inForce.getAsLong()
                && target <= inForce.getAsLong();
    }

    /**
     * The newest target requested for the AP direction: the one waiting for this step to end, else this step's.
     *
     * @return kbit/s, empty for a lift
     */
    OptionalLong latestTarget() {
        long t = hasNext ? next : rateKbps;
        return t == LIFT ? OptionalLong.empty() : OptionalLong.of(t);
    }

    @Override
    public String toString() {
        return "MeterStep{" + ap.id() + "/" + direction + " -> " + (rateKbps == LIFT ? "lift" : rateKbps + " kbps")
                + (newMeter == null ? "" : " meter " + newMeter.id()) + "}";
    }
}
