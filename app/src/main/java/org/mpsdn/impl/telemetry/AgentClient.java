package org.mpsdn.impl.telemetry;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.StreamStatusRequest;

import java.util.concurrent.CompletableFuture;

/**
 * Asynchronous client of one AP agent.
 */
public interface AgentClient extends AutoCloseable {

    /**
     * Starts a GetStatus call with a deadline.
     *
     * @param request    the request
     * @param deadlineMs deadline of the call in milliseconds
     * @return future completed with the status, or exceptionally with the gRPC error
     */
    CompletableFuture<ApStatus> getStatus(GetStatusRequest request, long deadlineMs);

    /**
     * Opens a StreamStatus subscription (no deadline: it lives until cancelled or failed). The
     * default fails it with UNIMPLEMENTED, as an agent that predates the stream does.
     *
     * @param request  the subscription
     * @param observer gets the statuses, then one error or completion
     * @return cancels the subscription
     */
    default Runnable streamStatus(StreamStatusRequest request, StreamObserver<ApStatus> observer) {
        observer.onError(Status.UNIMPLEMENTED.withDescription("this client cannot stream").asRuntimeException());
        return () -> { };
    }

    /**
     * Whether a call started now needs no new connection (else it costs a TLS handshake).
     *
     * @return true while the channel is connected
     */
    default boolean connected() {
        return false;
    }

    /**
     * Releases the channel.
     */
    @Override
    void close();
}
