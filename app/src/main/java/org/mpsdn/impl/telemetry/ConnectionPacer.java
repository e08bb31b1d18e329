package org.mpsdn.impl.telemetry;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * When status subscriptions are opened: a subscription whose channel is not connected costs a TLS
 * handshake on both ends, so those are paced to {@link #CONNECTS_PER_S} a second, first ones and
 * retries alike, so that thousands of agents (a controller's start, an owner change, a network
 * outage) connect in turn instead of timing out each other's handshakes and retrying together.
 */
final class ConnectionPacer {
    /** Subscriptions on unconnected channels started per second. */
    static final int CONNECTS_PER_S = 250;
    private static final long SLOT_NS = 1_000_000_000L / CONNECTS_PER_S;

    private volatile ScheduledExecutorService scheduler;
    /** Subscriptions waiting for a connection slot; guarded by this. */
    private final Queue<StatusSubscription> connects = new ArrayDeque<>();
    /** Whether {@link #connectNext} is scheduled; guarded by this. */
    private boolean pacing;
    /** System.nanoTime() of the last subscription opened on an unconnected channel; guarded by this. */
    private long lastConnectNanos = System.nanoTime() - SLOT_NS;

    /**
     * Starts opening subscriptions.
     *
     * @param executor runs the backoffs and the connection turns
     */
    void start(ScheduledExecutorService executor) {
        scheduler = executor;
    }

    /** @return whether subscriptions are opened (between {@link #start} and {@link #stop}) */
    boolean started() {
        return scheduler != null;
    }

    /** Stops opening subscriptions and forgets the waiting ones. */
    void stop() {
        scheduler = null;
        synchronized (this) {
            connects.clear();
            pacing = false;
        }
    }

    /**
     * Opens a subscription after at least delayMs, and, when its channel is not connected then, in
     * its turn among the connections waiting (at once if a slot is free). The backoff runs first and
     * the turn is taken when it ends, so that a retry's backoff holds back no other subscription.
     *
     * @param sub     the subscription
     * @param client  its agent's client
     * @param delayMs shortest wait, ms
     */
    void schedule(StatusSubscription sub, AgentClient client, long delayMs) {
        ScheduledExecutorService s = scheduler;
        if (s == null || sub.isClosed()) {
            return;
        }
        if (delayMs > 0) {
            later(s, sub, () -> schedule(sub, client, 0), TimeUnit.MILLISECONDS.toNanos(delayMs));
            return;
        }
        long waitNs = 0;
        if (!client.connected()) {
            synchronized (this) {
                if (pacing) {
                    connects.add(sub);
                    return;
                }
                long now = System.nanoTime();
                waitNs = lastConnectNanos + SLOT_NS - now;
                if (waitNs > 0) {
                    connects.add(sub);
                    pacing = true;
                } else {
                    lastConnectNanos = now;
                }
            }
        }
        if (waitNs > 0) {
            later(s, sub, this::connectNext, waitNs);
        } else {
            sub.open();
        }
    }

    /**
     * Opens the next waiting subscription that is still wanted, then the one after it one
     * connection slot later; a cancelled subscription (an owner change, a new phase) takes no slot.
     */
    private void connectNext() {
        ScheduledExecutorService s = scheduler;
        StatusSubscription sub;
        synchronized (this) {
            do {
                sub = connects.poll();
            } while (sub != null && sub.isClosed());
            if (sub == null || s == null) {
                pacing = false;
                return;
            }
            lastConnectNanos = System.nanoTime();
        }
        sub.open();
        later(s, sub, this::connectNext, SLOT_NS);
    }

    private static void later(ScheduledExecutorService s, StatusSubscription sub, Runnable task, long delayNs) {
        try {
            s.schedule(task, delayNs, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            sub.close(); // the poller is shutting down
        }
    }
}
