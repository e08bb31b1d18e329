package org.mpsdn.impl.telemetry;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.StreamPosition;
import org.mpsdn.agent.v1.StreamStatusRequest;

/**
 * One agent's StreamStatus subscription on one window schedule. It resumes after the last report
 * accepted from the agent (polled or streamed: they share one order), so a reconnection brings the
 * windows the agent kept with no duplicate. A failed or ended stream is opened again after a
 * backoff that grows from 100 ms to one period (and in turn with other connections,
 * {@link AgentStreams#schedule}); UNIMPLEMENTED (an agent that predates the stream) hands the agent
 * back to polling.
 */
final class StatusSubscription implements StreamObserver<ApStatus> {
    private static final long FIRST_RETRY_MS = 100;

    private final AgentState agent;
    private final AgentStreams owner;
    final long periodMs;
    final long phaseMs;
    private volatile boolean closed;
    private volatile Runnable cancel;
    private volatile int failures;

    StatusSubscription(AgentState agent, AgentStreams owner, long periodMs, long phaseMs) {
        this.agent = agent;
        this.owner = owner;
        this.periodMs = periodMs;
        this.phaseMs = phaseMs;
    }

    /** Opens the stream, resuming after the agent's last accepted report. */
    void open() {
        if (closed) {
            return;
        }
        StreamStatusRequest.Builder req = StreamStatusRequest.newBuilder().setApId(agent.endpoint.apId())
                .setPeriodMs((int) periodMs).setPhaseMs((int) phaseMs);
        synchronized (agent) {
            if (agent.seen) {
                req.setResumeAfter(StreamPosition.newBuilder().setBootId(agent.bootId).setSequence(agent.sequence));
            }
        }
        cancel = agent.client.streamStatus(req.build(), this);
        if (closed) {
            cancel.run();
        }
    }

    /** @return whether the stream was cancelled for good */
    boolean isClosed() {
        return closed;
    }

    /** Cancels the stream for good. */
    void close() {
        closed = true;
        Runnable c = cancel;
        if (c != null) {
            c.run();
        }
    }

    @Override
    public void onNext(ApStatus status) {
        failures = 0;
        owner.delivered(agent, this, status);
    }

    @Override
    public void onError(Throwable t) {
        if (closed) {
            return;
        }
        if (Status.fromThrowable(t).getCode() == Status.Code.UNIMPLEMENTED) {
            owner.fallBack(agent, this);
            return;
        }
        owner.failed(agent, t);
        retry();
    }

    @Override
    public void onCompleted() {
        if (!closed) {
            retry();
        }
    }

    private void retry() {
        long delay = Math.min(periodMs, FIRST_RETRY_MS << Math.min(failures, 6));
        failures++;
        owner.schedule(this, agent.client, delay);
    }
}
