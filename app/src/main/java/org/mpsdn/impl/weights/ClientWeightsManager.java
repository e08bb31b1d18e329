package org.mpsdn.impl.weights;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.WeightUpdate;
import org.onosproject.cfg.ComponentConfigService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.io.File;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.Dictionary;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import static org.mpsdn.impl.weights.OsgiPropertyConstants.ACK_TIMEOUT_MS;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.ACK_TIMEOUT_MS_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.ENABLED;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.ENABLED_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.PLAINTEXT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.PLAINTEXT_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.PORT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.PORT_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.REFRESH_MS;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.REFRESH_MS_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_CA_FILE;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_CA_FILE_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_CERT_FILE;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_CERT_FILE_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_KEY_FILE;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_KEY_FILE_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TOKENS_FILE;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TOKENS_FILE_DEFAULT;
import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS component that serves MPTCP client weights: runs the ClientWeights gRPC server, feeds the regulation state
 * into the {@link WeightPublisher} (on every regulation event and every {@code clientWeightsRefreshMs}), and
 * installs client-weights intents. An intent is installed only when the client acknowledges the weight version that
 * carries it; it fails, with the reason, when the client has not subscribed, reports a path it could not apply, or
 * does not acknowledge within {@code clientWeightsAckTimeoutMs}.
 *
 * <p>Automatic weights shape the clients' send direction, so they follow the uplink Tier-2 limits.
 */
@Component(immediate = true, service = IntentInstaller.class,
        property = {
                ENABLED + ":Boolean=" + ENABLED_DEFAULT,
                PORT + ":Integer=" + PORT_DEFAULT,
                TLS_CERT_FILE + "=" + TLS_CERT_FILE_DEFAULT,
                TLS_KEY_FILE + "=" + TLS_KEY_FILE_DEFAULT,
                TLS_CA_FILE + "=" + TLS_CA_FILE_DEFAULT,
                TOKENS_FILE + "=" + TOKENS_FILE_DEFAULT,
                PLAINTEXT + ":Boolean=" + PLAINTEXT_DEFAULT,
                ACK_TIMEOUT_MS + ":Integer=" + ACK_TIMEOUT_MS_DEFAULT,
                REFRESH_MS + ":Integer=" + REFRESH_MS_DEFAULT,
        })
public class ClientWeightsManager implements IntentInstaller {
    /** Subscriptions never end by themselves: wait only briefly for calls in flight. */
    private static final long STOP_WAIT_MS = 200;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RegulationService regulationService;

    /** Whether the ClientWeights server runs. */
    private boolean clientWeightsEnabled = ENABLED_DEFAULT;
    /** TCP port of the server. */
    private int clientWeightsPort = PORT_DEFAULT;
    /** Server certificate (PEM). */
    private String clientWeightsTlsCertFile = TLS_CERT_FILE_DEFAULT;
    /** Server key (PKCS#8 PEM). */
    private String clientWeightsTlsKeyFile = TLS_KEY_FILE_DEFAULT;
    /** CA of client certificates, or "none". */
    private String clientWeightsTlsCaFile = TLS_CA_FILE_DEFAULT;
    /** Per-client tokens file, or "none". */
    private String clientWeightsTokensFile = TOKENS_FILE_DEFAULT;
    /** Lab only: plaintext server. */
    private boolean clientWeightsPlaintext = PLAINTEXT_DEFAULT;
    /** Acknowledgement timeout of an intent in ms. */
    private int clientWeightsAckTimeoutMs = ACK_TIMEOUT_MS_DEFAULT;
    /** Refresh period of automatic weights in ms. */
    private int clientWeightsRefreshMs = REFRESH_MS_DEFAULT;

    private final Object lock = new Object();
    private final Map<AckWaiter, Boolean> waiters = new ConcurrentHashMap<>();
    private final RegulationListener regulationListener = this::regulationChanged;
    private final Consumer<AckRequest> ackListener = this::acked;
    private final AtomicBoolean refreshQueued = new AtomicBoolean();

    private volatile ClientWeightsProperties props = ClientWeightsProperties.defaults();
    private volatile WeightPublisher publisher;
    private volatile ClientWeightsServer server;
    private volatile ScheduledExecutorService executor;
    private ScheduledFuture<?> refreshTask;

    /**
     * Activates the component.
     *
     * @param context component context
     */
    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        start(context == null ? null : context.getProperties());
    }

    /**
     * Applies changed properties: the server restarts when one of its properties changed.
     *
     * @param context component context
     */
    @Modified
    protected void modified(ComponentContext context) {
        reconfigure(context == null ? null : context.getProperties());
    }

    /**
     * Deactivates the component: stops the server and fails the intents still waiting for an acknowledgement.
     */
    @Deactivate
    protected void deactivate() {
        stop();
        componentConfigService.unregisterProperties(getClass(), false);
    }

    /**
     * Starts with explicit properties (activation; tests).
     *
     * @param properties component properties, may be null
     */
    void start(Dictionary<?, ?> properties) {
        synchronized (lock) {
            try {
                props = ClientWeightsProperties.read(properties, ClientWeightsProperties.defaults());
            } catch (IllegalArgumentException e) {
                log.error("Invalid client weights property, using the defaults: {}", e.getMessage());
                props = ClientWeightsProperties.defaults();
            }
            copyFields(props);
            executor = Executors.newSingleThreadScheduledExecutor(
                    groupedThreads("onos/mpsdn", "client-weights-%d", log));
            publisher = new WeightPublisher();
            publisher.addAckListener(ackListener);
            regulationService.addListener(regulationListener);
            scheduleRefresh();
            startServer();
        }
        log.info("Started: {}", props);
    }

    /**
     * Applies new properties (modification; tests).
     *
     * @param properties component properties, may be null
     */
    void reconfigure(Dictionary<?, ?> properties) {
        synchronized (lock) {
            ClientWeightsProperties next;
            try {
                next = ClientWeightsProperties.read(properties, props);
            } catch (IllegalArgumentException e) {
                log.error("Invalid client weights property, keeping the previous settings: {}", e.getMessage());
                return;
            }
            ClientWeightsProperties before = props;
            props = next;
            copyFields(next);
            if (next.refreshMs() != before.refreshMs()) {
                scheduleRefresh();
            }
            if (next.serverDiffers(before) || server == null) {
                stopServer();
                startServer();
            }
        }
        log.info("Reconfigured: {}", props);
    }

    /**
     * Stops everything (deactivation; tests).
     */
    void stop() {
        synchronized (lock) {
            regulationService.removeListener(regulationListener);
            if (publisher != null) {
                publisher.removeAckListener(ackListener);
            }
            for (AckWaiter w : waiters.keySet()) {
                w.complete(InstallOutcome.failed("client weights service stopped before client " + w.clientId
                        + " acknowledged"));
            }
            stopServer();
            if (refreshTask != null) {
                refreshTask.cancel(false);
                refreshTask = null;
            }
            if (executor != null) {
                executor.shutdownNow();
                executor = null;
            }
        }
        log.info("Stopped");
    }

    /**
     * Returns the port the server listens on.
     *
     * @return the port, empty when the server is not running
     */
    public Optional<Integer> serverPort() {
        synchronized (lock) {
            return server == null ? Optional.empty() : Optional.of(server.port());
        }
    }

    /**
     * Returns the publisher holding the clients' weights.
     *
     * @return publisher (null before activation)
     */
    public WeightPublisher publisher() {
        return publisher;
    }

    /**
     * Reads the regulation state now and recomputes every client's automatic weights.
     */
    public void refresh() {
        WeightPublisher p = publisher;
        if (p == null) {
            return;
        }
        p.updateRegulation(new RegulationSnapshot(regulationService.apStates(), regulationService.primaries(),
                regulationService.managedFlows(), Direction.UPLINK));
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
        WeightPublisher p = publisher;
        String client = intent.target();
        if (p == null || server == null) {
            return done(InstallOutcome.failed("client weights server is not running"));
        }
        if (!p.isRegistered(client)) {
            return done(InstallOutcome.failed("client " + client + " is not registered: its agent has not "
                    + "subscribed"));
        }
        try {
            if (intent.weightMode() == WeightMode.MANUAL) {
                p.setManual(client, intent.weights());
            } else {
                p.clearManual(client);
            }
        } catch (IllegalArgumentException e) {
            return done(InstallOutcome.failed(e.getMessage()));
        }
        return awaitAck(p, client);
    }

    @Override
    public CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
        WeightPublisher p = publisher;
        if (p == null) {
            return done(InstallOutcome.failed("client weights server is not running"));
        }
        String client = intent.target();
        p.clearManual(client);
        if (!p.isRegistered(client)) {
            return done(InstallOutcome.acknowledged());
        }
        return awaitAck(p, client);
    }

    private CompletionStage<InstallOutcome> awaitAck(WeightPublisher p, String client) {
        Optional<WeightUpdate> current = p.current(client);
        if (current.isEmpty()) {
            return done(InstallOutcome.failed("client " + client + " is not registered"));
        }
        AckWaiter w = new AckWaiter(client, current.get().getEpoch(), current.get().getVersion());
        waiters.put(w, Boolean.TRUE);
        w.future.whenComplete((o, e) -> waiters.remove(w));
        ScheduledExecutorService ex;
        int timeout;
        synchronized (lock) {
            ex = executor;
            timeout = props.ackTimeoutMs();
        }
        if (ex == null) {
            w.complete(InstallOutcome.failed("client weights service stopped"));
            return w.future;
        }
        ScheduledFuture<?> t = ex.schedule(() -> w.complete(InstallOutcome.failed("client " + client
                + " did not acknowledge weights version " + w.version + " within " + timeout + " ms")),
                timeout, TimeUnit.MILLISECONDS);
        w.future.whenComplete((o, e) -> t.cancel(false));
        // it may have acknowledged already (unchanged weights, or an ack racing this registration)
        p.lastAck(client).ifPresent(w::offer);
        return w.future;
    }

    private void acked(AckRequest ack) {
        for (AckWaiter w : waiters.keySet()) {
            if (w.clientId.equals(ack.getClientId())) {
                w.offer(ack);
            }
        }
    }

    private void regulationChanged(RegulationEvent event) {
        ScheduledExecutorService ex = executor;
        if (ex != null && refreshQueued.compareAndSet(false, true)) {
            try {
                ex.execute(() -> {
                    refreshQueued.set(false);
                    safeRefresh();
                });
            } catch (RejectedExecutionException e) {
                refreshQueued.set(false);
            }
        }
    }

    private void safeRefresh() {
        try {
            refresh();
        } catch (RuntimeException e) {
            log.warn("Client weights refresh failed", e);
        }
    }

    private void scheduleRefresh() {
        if (refreshTask != null) {
            refreshTask.cancel(false);
        }
        refreshTask = executor.scheduleWithFixedDelay(this::safeRefresh, props.refreshMs(), props.refreshMs(),
                TimeUnit.MILLISECONDS);
    }

    private void startServer() {
        ClientWeightsProperties p = props;
        if (!p.enabled()) {
            log.info("Client weights server disabled ({}=false)", ENABLED);
            return;
        }
        try {
            Map<String, String> tokens = ClientWeightsProperties.NONE.equals(p.tokensFile()) ? Map.of()
                    : TokenFile.read(Paths.get(p.tokensFile()));
            ClientWeightsServer.TlsFiles tls = null;
            if (!p.plaintext()) {
                File ca = ClientWeightsProperties.NONE.equals(p.tlsCaFile()) ? null : new File(p.tlsCaFile());
                tls = new ClientWeightsServer.TlsFiles(new File(p.tlsCertFile()), new File(p.tlsKeyFile()), ca);
            }
            server = new ClientWeightsServer(p.port(), publisher, tokens, tls);
            log.info("Client weights server listening on port {} ({})", server.port(),
                    p.plaintext() ? "plaintext, lab only" : "TLS");
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            server = null;
            log.error("Cannot start the client weights server ({}): {}", p, e.getMessage());
        }
    }

    private void stopServer() {
        if (server == null) {
            return;
        }
        try {
            server.stop(STOP_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server = null;
    }

    private void copyFields(ClientWeightsProperties p) {
        clientWeightsEnabled = p.enabled();
        clientWeightsPort = p.port();
        clientWeightsTlsCertFile = p.tlsCertFile();
        clientWeightsTlsKeyFile = p.tlsKeyFile();
        clientWeightsTlsCaFile = p.tlsCaFile();
        clientWeightsTokensFile = p.tokensFile();
        clientWeightsPlaintext = p.plaintext();
        clientWeightsAckTimeoutMs = p.ackTimeoutMs();
        clientWeightsRefreshMs = p.refreshMs();
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
