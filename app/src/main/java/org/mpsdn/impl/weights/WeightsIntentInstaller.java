package org.mpsdn.impl.weights;

import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.WeightUpdate;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Installs {@link IntentKind#CLIENT_WEIGHTS} intents through a {@link WeightPublisher}: manual weights are set (or
 * cleared for an automatic intent), and the intent is installed only when the client acknowledges the weight version
 * that carries it. It fails, with the reason, when the client has not subscribed, names a path it does not have,
 * reports a path it could not apply, or does not acknowledge within the acknowledgement timeout. Uninstalling clears
 * the manual weights, acknowledged at once when the client is not registered.
 */
public final class WeightsIntentInstaller implements IntentInstaller {
    private final WeightPublisher publisher;
    private final BooleanSupplier serving;
    private final IntSupplier ackTimeoutMs;
    private final Map<AckWaiter, Boolean> waiters = new ConcurrentHashMap<>();
    private final Consumer<AckRequest> ackListener = this::acked;
    private volatile ScheduledExecutorService executor;

    /**
     * Creates the installer and starts listening to the publisher's acknowledgements.
     *
     * @param publisher    the publisher holding the clients' weights
     * @param serving      whether the ClientWeights server runs (clients can subscribe)
     * @param ackTimeoutMs acknowledgement timeout in ms, read at each install
     * @param executor     runs the acknowledgement timeouts
     */
    public WeightsIntentInstaller(WeightPublisher publisher, BooleanSupplier serving, IntSupplier ackTimeoutMs,
                                  ScheduledExecutorService executor) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
        this.serving = Objects.requireNonNull(serving, "serving");
        this.ackTimeoutMs = Objects.requireNonNull(ackTimeoutMs, "ackTimeoutMs");
        this.executor = Objects.requireNonNull(executor, "executor");
        publisher.addAckListener(ackListener);
    }

    /**
     * Stops: no more acknowledgements are awaited, and the intents still waiting for one fail.
     */
    public void stop() {
        publisher.removeAckListener(ackListener);
        executor = null;
        for (AckWaiter w : waiters.keySet()) {
            w.complete(InstallOutcome.failed("client weights service stopped before client " + w.clientId
                    + " acknowledged"));
        }
    }

    @Override
    public IntentKind kind() {
        return IntentKind.CLIENT_WEIGHTS;
    }

    @Override
    public CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
        if (intent.kind() != IntentKind.CLIENT_WEIGHTS) {
            return done(InstallOutcome.failed("kind: this installer applies " + IntentKind.CLIENT_WEIGHTS
                    + ", not " + intent.kind()));
        }
        String client = intent.target();
        if (!serving.getAsBoolean()) {
            return done(InstallOutcome.failed("client weights server is not running"));
        }
        if (!publisher.isRegistered(client)) {
            return done(InstallOutcome.failed("client " + client + " is not registered: its agent has not "
                    + "subscribed"));
        }
        try {
            if (intent.weightMode() == WeightMode.MANUAL) {
                publisher.setManual(client, intent.weights());
            } else {
                publisher.clearManual(client);
            }
        } catch (IllegalArgumentException e) {
            return done(InstallOutcome.failed(e.getMessage()));
        }
        return awaitAck(client);
    }

    @Override
    public CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
        String client = intent.target();
        publisher.clearManual(client);
        if (!publisher.isRegistered(client)) {
            return done(InstallOutcome.acknowledged());
        }
        return awaitAck(client);
    }

    private CompletionStage<InstallOutcome> awaitAck(String client) {
        Optional<WeightUpdate> current = publisher.current(client);
        if (current.isEmpty()) {
            return done(InstallOutcome.failed("client " + client + " is not registered"));
        }
        AckWaiter w = new AckWaiter(client, current.get().getEpoch(), current.get().getVersion());
        waiters.put(w, Boolean.TRUE);
        w.future.whenComplete((o, e) -> waiters.remove(w));
        ScheduledExecutorService ex = executor;
        int timeout = ackTimeoutMs.getAsInt();
        if (ex == null) {
            w.complete(InstallOutcome.failed("client weights service stopped"));
            return w.future;
        }
        ScheduledFuture<?> t = ex.schedule(() -> w.complete(InstallOutcome.failed("client " + client
                + " did not acknowledge weights version " + w.version + " within " + timeout + " ms")),
                timeout, TimeUnit.MILLISECONDS);
        w.future.whenComplete((o, e) -> t.cancel(false));
        // it may have acknowledged already (unchanged weights, or an ack racing this registration)
        publisher.lastAck(client).ifPresent(w::offer);
        return w.future;
    }

    private void acked(AckRequest ack) {
        for (AckWaiter w : waiters.keySet()) {
            if (w.clientId.equals(ack.getClientId())) {
                w.offer(ack);
            }
        }
    }

    private static CompletionStage<InstallOutcome> done(InstallOutcome o) {
        return CompletableFuture.completedFuture(o);
    }

    /** An intent waiting for its client to acknowledge a weight version. */
    private static final class AckWaiter {
        private final String clientId;
        private final long epoch;
        private final long version;
        private final CompletableFuture<InstallOutcome> future = new CompletableFuture<>();

        AckWaiter(String clientId, long epoch, long version) {
            this.clientId = clientId;
            this.epoch = epoch;
            this.version = version;
        }

        void offer(AckRequest ack) {
            if (ack.getEpoch() != epoch || ack.getVersion() < version) {
                return;
            }
            StringBuilder failed = new StringBuilder();
            ack.getPathsList().stream().filter(a -> !a.getOk()).forEach(a -> failed.append(failed.length() == 0
                    ? "" : "; ").append(a.getPathId()).append(": ").append(a.getError().isEmpty()
                    ? "failed" : a.getError()));
            if (ack.getPathsCount() == 0) {
                complete(InstallOutcome.failed("client " + clientId + " acknowledged version " + ack.getVersion()
                        + " without any applied path"));
            } else if (failed.length() > 0) {
                complete(InstallOutcome.failed("client " + clientId + " could not apply version "
                        + ack.getVersion() + ": " + failed));
            } else {
                complete(InstallOutcome.acknowledged());
            }
        }

        void complete(InstallOutcome o) {
            future.complete(o);
        }
    }
}
