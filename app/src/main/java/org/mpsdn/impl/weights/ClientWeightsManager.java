package org.mpsdn.impl.weights;

import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.impl.cluster.ClusterEpoch;
import org.mpsdn.impl.tls.ControllerTls;
import org.mpsdn.impl.weights.transport.ClientWeightsServer;
import org.mpsdn.impl.weights.transport.TokenFile;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.io.IOException;
import java.nio.file.Paths;
import java.security.GeneralSecurityException;
import java.util.Dictionary;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
 * ONOS component that serves MPTCP client weights: runs the ClientWeights gRPC server ({@link ClientWeightsServer},
 * with the controller's TLS identity loaded by {@link ControllerTls} from its own properties), feeds the regulation
 * state into the {@link WeightPublisher} (on every regulation event and every {@code clientWeightsRefreshMs}), and
 * installs client-weights intents with a {@link WeightsIntentInstaller} (acknowledged by the client within
 * {@code clientWeightsAckTimeoutMs}).
 *
 * <p>Automatic weights shape the clients' send direction, so they follow the uplink Tier-2 limits.
 */
@Component(immediate = true, service = {IntentInstaller.class, ClientWeightsManager.class},
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

    /** Detected multipath users: a client agent's addresses name the user its primary is decided for. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DetectionService detectionService;

    /** The cluster-wide epoch counter of the weights ({@link ClusterEpoch}). */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

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
    private final RegulationListener regulationListener = this::regulationChanged;
    private final AtomicBoolean refreshQueued = new AtomicBoolean();
    private final RegulationReader reader = new RegulationReader();
    private volatile RegulationSnapshot lastRead;

    private volatile ClientWeightsProperties props = ClientWeightsProperties.defaults();
    private volatile WeightPublisher publisher;
    private volatile WeightsIntentInstaller installer;
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
            publisher = new WeightPublisher(new ClusterEpoch(storageService.atomicCounterBuilder()
                    .withName(ClusterEpoch.COUNTER).build().asAtomicCounter(), System::currentTimeMillis),
                    System::currentTimeMillis);
            installer = new WeightsIntentInstaller(publisher, () -> server != null, () -> props.ackTimeoutMs(),
                    executor);
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
            if (installer != null) {
                installer.stop();
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
        RegulationSnapshot r = reader.read(regulationService, detectionService);
        lastRead = r;
        p.updateRegulation(r);
    }

    /**
     * Returns the regulation state as the last refresh read it (the APs at their floor and the detected users'
     * addresses included), for the other users of client weights such as steering.
     *
     * @return the last read, {@link RegulationInput#NONE} before the first
     */
    public RegulationInput regulation() {
        RegulationInput r = lastRead;
        return r == null ? RegulationInput.NONE : r;
    }

    @Override
    public IntentKind kind() {
        return IntentKind.CLIENT_WEIGHTS;
    }

    @Override
    public CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
        WeightsIntentInstaller i = installer;
        return i == null ? notRunning() : i.install(intent);
    }

    @Override
    public CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
        WeightsIntentInstaller i = installer;
        return i == null ? notRunning() : i.uninstall(intent);
    }

    private static CompletionStage<InstallOutcome> notRunning() {
        return CompletableFuture.completedFuture(InstallOutcome.failed("client weights server is not running"));
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
            ControllerTls tls = p.plaintext() ? null : ControllerTls.load(Paths.get(p.tlsCertFile()),
                    Paths.get(p.tlsKeyFile()),
                    ClientWeightsProperties.NONE.equals(p.tlsCaFile()) ? null : Paths.get(p.tlsCaFile()));
            server = new ClientWeightsServer(p.port(), publisher, tokens, tls);
            log.info("Client weights server listening on port {} ({})", server.port(),
                    p.plaintext() ? "plaintext, lab only" : "TLS");
        } catch (IOException | GeneralSecurityException | IllegalArgumentException | IllegalStateException e) {
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
}
