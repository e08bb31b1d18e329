package org.mpsdn.impl.telemetry;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One cycle's wait for the streamed windows it decides on: from each streaming agent counted in,
 * the window that ended at the agent's boundary ({@link AgentState#pendingBoundaryMs}) or a later
 * one. Completes when the last of them arrives.
 */
final class CycleWait {
    private final AtomicInteger pending = new AtomicInteger(1); // the registration holds one
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    /** Counts one more agent in (before {@link #registered}). */
    void add() {
        pending.incrementAndGet();
    }

    /** One agent's window came. */
    void arrived() {
        if (pending.decrementAndGet() == 0) {
            done.complete(null);
        }
    }

    /**
     * Ends the registration.
     *
     * @return completed when every agent counted in has delivered
     */
    CompletableFuture<Void> registered() {
        arrived();
        return done;
    }
}
