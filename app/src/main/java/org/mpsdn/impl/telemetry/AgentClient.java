package org.mpsdn.impl.telemetry;

import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;

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
     * Releases the channel.
     */
    @Override
    void close();
}
