package org.mpsdn.impl.telemetry;

import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.api.telemetry.ApTelemetry;

/**
 * What the poller knows of one agent: its client, its last accepted report and the order it
 * was accepted in, its missed cycles, and, while it streams, its subscription (and the one that
 * replaces it on a re-phase) and the end of its last streamed window. Fields are guarded by the
 * object's monitor, except the volatile ones.
 */
final class AgentState {
    final AgentEndpoint endpoint;
    final AgentClient client;
    final GetStatusRequest request;
    boolean seen;
    long bootId;
    long sequence;
    long monotonicNs;
    /** Poll cycle whose call this report answered; -1 for none or a streamed report. */
    long acceptedCycle = -1;
    ApTelemetry latest;
    volatile int missed;
    /** The open subscription; null while the agent is polled (not started, or an old agent). */
    volatile StatusSubscription subscription;
    /** A subscription on a new phase that takes over when it delivers (a re-phase), or null. */
    volatile StatusSubscription next;
    /** End of the last accepted streamed window, ms since the epoch on the agent's clock; 0: none. */
    long windowEndMs;
    /** Windows of the schedule that ended between two accepted streamed reports and never came. */
    long missedWindows;
    /** The cycle wait this agent still counts in, or null. */
    CycleWait pending;
    /** End of the window {@link #pending} waits for from this agent, ms since the epoch. */
    long pendingBoundaryMs;

    AgentState(AgentEndpoint endpoint, AgentClient client) {
        this.endpoint = endpoint;
        this.client = client;
        this.request = GetStatusRequest.newBuilder().setApId(endpoint.apId()).build();
    }

    /** @return whether the agent streams (else it is polled) */
    boolean streams() {
        return subscription != null;
    }

    /**
     * Accepts a report if it is for this AP, well formed, and newer than the last accepted one of
     * the same agent run, ordered by (boot_id, sequence, monotonic_ns); a new boot_id starts a new
     * order. Call with the monitor held.
     *
     * @param st       the report
     * @param counters where drops and clamps are counted
     * @param wallMs   controller clock, ms since the epoch
     * @return whether it was accepted
     */
    boolean accept(ApStatus st, PollerCounters counters, long wallMs) {
        boolean sameRun = seen && st.getBootId() == bootId;
        if (sameRun && (Long.compareUnsigned(st.getSequence(), sequence) <= 0
                || Long.compareUnsigned(st.getMonotonicNs(), monotonicNs) < 0)) {
            counters.droppedOutOfOrder.incrementAndGet();
            return false;
        }
        StatusSanitizer.Result r = StatusSanitizer.sanitize(st, endpoint.apId(), wallMs);
        if (r.telemetry() == null) {
            counters.rejectedMalformed.incrementAndGet();
            return false;
        }
        counters.clampedValues.addAndGet(r.clamped());
        seen = true;
        bootId = st.getBootId();
        sequence = st.getSequence();
        monotonicNs = st.getMonotonicNs();
        latest = r.telemetry();
        counters.accepted.incrementAndGet();
        return true;
    }
}
