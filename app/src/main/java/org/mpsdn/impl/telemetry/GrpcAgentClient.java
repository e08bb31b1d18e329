package org.mpsdn.impl.telemetry;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApAgentGrpc;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.StreamStatusRequest;
import org.mpsdn.agent.v1.WindowMode;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@link AgentClient} over a gRPC channel (mTLS netty in production, in-process in tests).
 * <p>
 * A channel whose agent went away backs off its reconnection exponentially (gRPC's default grows
 * to 120 s) and fails calls fast meanwhile, so a restarted agent would stay unreachable for up to
 * the backoff. The poller calls once per interval anyway: each call on a channel in
 * TRANSIENT_FAILURE first resets the backoff, so a restarted agent is reached at the next poll.
 * <p>
 * A request that names no window mode is sent with {@code WINDOW_MODE_SLIDING} and, unless it
 * names one, {@code max_window_ms} = the regulation interval: the averages then cover the
 * interval that ended at the poll, whoever else polls the agent. Agents that predate window modes
 * ignore both and average since their previous poll; the reply's {@code window_mode} says which
 * was applied ({@link StationQueueSanitizer#windowMode}).
 */
public final class GrpcAgentClient implements AgentClient {
    private static final long SHUTDOWN_WAIT_MS = 200;

    private final ManagedChannel channel;
    private final long windowMs;

    /**
     * Wraps a channel with the default regulation interval as the sliding window; the client owns
     * and closes the channel.
     *
     * @param channel channel to the agent
     */
    public GrpcAgentClient(ManagedChannel channel) {
        this(channel, PollerConfig.DEFAULT_INTERVAL_MS);
    }

    /**
     * Wraps a channel; the client owns and closes it.
     *
     * @param channel  channel to the agent
     * @param windowMs the regulation interval: the sliding window asked for, ms (1..2^32-1)
     * @throws IllegalArgumentException on a window outside that range
     */
    public GrpcAgentClient(ManagedChannel channel, long windowMs) {
        if (windowMs < 1 || windowMs > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("windowMs " + windowMs + " must be in 1..4294967295");
        }
        this.channel = channel;
        this.windowMs = windowMs;
    }

    /**
     * The request as sent: a sliding window of the regulation interval unless the request chose.
     *
     * @param request  the caller's request
     * @param windowMs the regulation interval, ms
     * @return the request to send
     */
    static GetStatusRequest windowed(GetStatusRequest request, long windowMs) {
        if (request.getWindowMode() != WindowMode.WINDOW_MODE_UNSPECIFIED) {
            return request;
        }
        return request.toBuilder().setWindowMode(WindowMode.WINDOW_MODE_SLIDING)
                .setMaxWindowMs(request.getMaxWindowMs() != 0 ? request.getMaxWindowMs() : (int) windowMs)
                .build();
    }

    @Override
    public CompletableFuture<ApStatus> getStatus(GetStatusRequest caller, long deadlineMs) {
        GetStatusRequest request = windowed(caller, windowMs);
        CompletableFuture<ApStatus> f = new CompletableFuture<>();
        if (channel.getState(false) == ConnectivityState.TRANSIENT_FAILURE) {
            // a call made now would fail fast on the old failure: start it once the reconnection is under
            // way (CONNECTING buffers it until the connection is up or fails); bounded by the deadline
            channel.notifyWhenStateChanged(ConnectivityState.TRANSIENT_FAILURE, () -> {
                if (!f.isDone()) {
                    call(request, deadlineMs, f);
                }
            });
            channel.resetConnectBackoff();
            f.orTimeout(deadlineMs, TimeUnit.MILLISECONDS);
            return f;
        }
        call(request, deadlineMs, f);
        return f;
    }

    private void call(GetStatusRequest request, long deadlineMs, CompletableFuture<ApStatus> f) {
        ClientCall<GetStatusRequest, ApStatus> call = channel.newCall(ApAgentGrpc.getGetStatusMethod(),
                CallOptions.DEFAULT.withDeadlineAfter(deadlineMs, TimeUnit.MILLISECONDS));
        ClientCalls.asyncUnaryCall(call, request, new StreamObserver<ApStatus>() {
            @Override
            public void onNext(ApStatus value) {
                f.complete(value);
            }

            @Override
            public void onError(Throwable t) {
                f.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
                // onNext completed the future (a unary call yields one message)
            }
        });
    }

    /**
     * {@inheritDoc}
     * A channel in TRANSIENT_FAILURE first resets its backoff, so that a subscription retried
     * after the agent restarted reaches it at once.
     */
    @Override
    public Runnable streamStatus(StreamStatusRequest request, StreamObserver<ApStatus> observer) {
        if (channel.getState(false) == ConnectivityState.TRANSIENT_FAILURE) {
            channel.resetConnectBackoff();
        }
        ClientCall<StreamStatusRequest, ApStatus> call =
                channel.newCall(ApAgentGrpc.getStreamStatusMethod(), CallOptions.DEFAULT);
        ClientCalls.asyncServerStreamingCall(call, request, observer);
        return () -> call.cancel("unsubscribed", null);
    }

    @Override
    public boolean connected() {
        return channel.getState(false) == ConnectivityState.READY;
    }

    @Override
    public void close() {
        channel.shutdown();
        try {
            if (!channel.awaitTermination(SHUTDOWN_WAIT_MS, TimeUnit.MILLISECONDS)) {
                channel.shutdownNow();
            }
        } catch (InterruptedException e) {
            channel.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
