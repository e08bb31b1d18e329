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

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@link AgentClient} over a gRPC channel (mTLS netty in production, in-process in tests).
 * <p>
 * A channel whose agent went away backs off its reconnection exponentially (gRPC's default grows
 * to 120 s) and fails calls fast meanwhile, so a restarted agent would stay unreachable for up to
 * the backoff. The poller calls once per interval anyway: each call on a channel in
 * TRANSIENT_FAILURE first resets the backoff, so a restarted agent is reached at the next poll.
 */
public final class GrpcAgentClient implements AgentClient {
    private static final long SHUTDOWN_WAIT_MS = 200;

    private final ManagedChannel channel;

    /**
     * Wraps a channel; the client owns and closes it.
     *
     * @param channel channel to the agent
     */
    public GrpcAgentClient(ManagedChannel channel) {
        this.channel = channel;
    }

    @Override
    public CompletableFuture<ApStatus> getStatus(GetStatusRequest request, long deadlineMs) {
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
