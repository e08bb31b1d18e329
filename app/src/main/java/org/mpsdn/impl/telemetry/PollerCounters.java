package org.mpsdn.impl.telemetry;

import io.grpc.Status;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Cumulative counters of the agent poller, for the CLI, REST and metrics.
 */
public final class PollerCounters {
    final AtomicLong cycles = new AtomicLong();
    final AtomicLong calls = new AtomicLong();
    final AtomicLong accepted = new AtomicLong();
    final AtomicLong rpcErrors = new AtomicLong();
    final AtomicLong deadlineExceeded = new AtomicLong();
    final AtomicLong unavailable = new AtomicLong();
    final AtomicLong permissionDenied = new AtomicLong();
    final AtomicLong droppedOutOfOrder = new AtomicLong();
    final AtomicLong rejectedMalformed = new AtomicLong();
    final AtomicLong clampedValues = new AtomicLong();
    final AtomicLong missedReports = new AtomicLong();
    final AtomicLong cycleOverruns = new AtomicLong();
    final AtomicLong refreshTimeouts = new AtomicLong();
    final AtomicLong streamed = new AtomicLong();
    final AtomicLong missedWindows = new AtomicLong();
    final AtomicLong streamRestarts = new AtomicLong();
    final AtomicLong streamFallbacks = new AtomicLong();
    final AtomicLong streamRephases = new AtomicLong();

    /**
     * Counts a failed call or stream by its gRPC code.
     *
     * @param err the call's or stream's error
     */
    void countError(Throwable err) {
        rpcErrors.incrementAndGet();
        switch (Status.fromThrowable(err).getCode()) {
            case DEADLINE_EXCEEDED:
                deadlineExceeded.incrementAndGet();
                break;
            case UNAVAILABLE:
                unavailable.incrementAndGet();
                break;
            case PERMISSION_DENIED:
                permissionDenied.incrementAndGet();
                break;
            default:
                break;
        }
    }

    /** @return streamed reports accepted (part of {@link #accepted()}) */
    public long streamed() {
        return streamed.get();
    }

    /**
     * Windows of a stream's schedule that never came: counted from the jump between two accepted
     * streamed reports (the agent was down, or did not keep them while the stream was broken).
     *
     * @return windows missed
     */
    public long missedWindows() {
        return missedWindows.get();
    }

    /** @return streams that failed or ended and were opened again */
    public long streamRestarts() {
        return streamRestarts.get();
    }

    /** @return agents that answered the stream UNIMPLEMENTED and are polled instead */
    public long streamFallbacks() {
        return streamFallbacks.get();
    }

    /** @return times every stream was subscribed again because the cycles' phase moved */
    public long streamRephases() {
        return streamRephases.get();
    }

    /** @return completed poll cycles */
    public long cycles() {
        return cycles.get();
    }

    /** @return GetStatus calls started */
    public long calls() {
        return calls.get();
    }

    /** @return reports accepted */
    public long accepted() {
        return accepted.get();
    }

    /** @return calls that ended with a gRPC error (any code) */
    public long rpcErrors() {
        return rpcErrors.get();
    }

    /** @return calls that hit their deadline */
    public long deadlineExceeded() {
        return deadlineExceeded.get();
    }

    /** @return calls answered UNAVAILABLE (agent down or its sources unhealthy) */
    public long unavailable() {
        return unavailable.get();
    }

    /** @return calls refused with PERMISSION_DENIED (identity mismatch) */
    public long permissionDenied() {
        return permissionDenied.get();
    }

    /** @return reports dropped as old or out of order */
    public long droppedOutOfOrder() {
        return droppedOutOfOrder.get();
    }

    /** @return reports rejected as malformed */
    public long rejectedMalformed() {
        return rejectedMalformed.get();
    }

    /** @return values clamped into their physical range */
    public long clampedValues() {
        return clampedValues.get();
    }

    /** @return (AP, cycle) pairs without a fresh report */
    public long missedReports() {
        return missedReports.get();
    }

    /** @return cycles whose calls had not all completed by the cycle deadline */
    public long cycleOverruns() {
        return cycleOverruns.get();
    }

    /** @return (AP, refresh) pairs whose agent had not answered when the regulation cycle stopped waiting */
    public long refreshTimeouts() {
        return refreshTimeouts.get();
    }

    /**
     * Returns all counters by name.
     *
     * @return ordered name to value map
     */
    public Map<String, Long> asMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("cycles", cycles());
        m.put("calls", calls());
        m.put("accepted", accepted());
        m.put("rpcErrors", rpcErrors());
        m.put("deadlineExceeded", deadlineExceeded());
        m.put("unavailable", unavailable());
        m.put("permissionDenied", permissionDenied());
        m.put("droppedOutOfOrder", droppedOutOfOrder());
        m.put("rejectedMalformed", rejectedMalformed());
        m.put("clampedValues", clampedValues());
        m.put("missedReports", missedReports());
        m.put("cycleOverruns", cycleOverruns());
        m.put("refreshTimeouts", refreshTimeouts());
        m.put("streamed", streamed());
        m.put("missedWindows", missedWindows());
        m.put("streamRestarts", streamRestarts());
        m.put("streamFallbacks", streamFallbacks());
        m.put("streamRephases", streamRephases());
        return m;
    }
}
