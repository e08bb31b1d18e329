package org.mpsdn.impl.telemetry;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.StreamStatusRequest;

import java.util.concurrent.CompletableFuture;

/**
 * Client used while the controller's TLS material cannot be loaded: every call fails with
 * UNAVAILABLE naming the cause, so the APs show missed cycles and fail open.
 */
final class UnavailableAgentClient implements AgentClient {
    private final String cause;

    UnavailableAgentClient(String cause) {
        this.cause = cause;
    }

    @Override
    public CompletableFuture<ApStatus> getStatus(GetStatusRequest request, long deadlineMs) {
        return CompletableFuture.failedFuture(Status.UNAVAILABLE.withDescription(cause).asRuntimeException());
    }

    @Override
    public Runnable streamStatus(StreamStatusRequest request, StreamObserver<ApStatus> observer) {
        observer.onError(Status.UNAVAILABLE.withDescription(cause).asRuntimeException());
        return () -> { };
    }

    @Override
    public void close() {
        // nothing to release
    }
}
