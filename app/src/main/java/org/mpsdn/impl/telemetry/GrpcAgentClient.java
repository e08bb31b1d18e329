package org.mpsdn.impl.telemetry;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
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
        return f;
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
