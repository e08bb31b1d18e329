package org.mpsdn.impl.telemetry;

import io.grpc.Status;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;

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
    public void close() {
        // nothing to release
    }
}
