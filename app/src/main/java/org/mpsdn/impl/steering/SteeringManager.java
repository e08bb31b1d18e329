package org.mpsdn.impl.steering;

import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentStateListener;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.impl.weights.ClientWeightsManager;
import org.mpsdn.impl.weights.RegulationInput;
import org.mpsdn.impl.weights.WeightPublisher;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS component that installs steering intents ({@link SteeringInstaller}): it evaluates them
 * after every regulation event, after each install, and every {@value #PERIOD_MS} ms (so the
 * agents' acknowledgements and RTTs are read), on one thread. Client weights go through the
 * {@link ClientWeightsManager}'s publisher; while that service does not run, no client has an
 * agent.
 */
@Component(immediate = true, service = IntentInstaller.class)
public class SteeringManager implements IntentInstaller {
    /** Period of the evaluation in ms. */
    static final long PERIOD_MS = 1000;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NorthboundService northbound;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RegulationService regulationService;

    /** The client-weights service, whose publisher carries the steering weights; optional. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile ClientWeightsManager clientWeights;

    private final RegulationListener regulationListener = e -> queue();
    private volatile SteeringInstaller installer;
    private volatile ScheduledExecutorService executor;

    /**
     * Starts the evaluations.
     */
    @Activate
    protected void activate() {
        installer = new SteeringInstaller(() -> northbound.intents(),
                () -> northbound.ues().stream().map(UeInfo::id).collect(Collectors.toList()),
                this::publisher, this::regulation, System::currentTimeMillis);
        executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/mpsdn", "steering-%d", log));
        executor.scheduleWithFixedDelay(this::evaluate, PERIOD_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
        regulationService.addListener(regulationListener);
        log.info("Started");
    }

    /**
     * Stops the evaluations; installs still waiting stay PENDING.
     */
    @Deactivate
    protected void deactivate() {
        regulationService.removeListener(regulationListener);
        executor.shutdownNow();
        log.info("Stopped");
    }

    private WeightPublisher publisher() {
        ClientWeightsManager c = clientWeights;
        return c == null ? null : c.publisher();
    }

    private RegulationInput regulation() {
        ClientWeightsManager c = clientWeights;
        return c == null ? RegulationInput.NONE : c.regulation();
    }

    private void queue() {
        ScheduledExecutorService ex = executor;
        if (ex == null) {
            return;
        }
        try {
            ex.execute(this::evaluate);
        } catch (RejectedExecutionException e) {
            log.debug("Steering evaluation not queued: stopping");
        }
    }

    private void evaluate() {
        try {
            installer.evaluate();
        } catch (RuntimeException e) {
            log.warn("Steering evaluation failed", e);
        }
    }

    @Override
    public IntentKind kind() {
        return IntentKind.STEERING;
    }

    @Override
    public CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
        CompletionStage<InstallOutcome> stage = installer.install(intent);
        queue();
        return stage;
    }

    @Override
    public CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
        CompletionStage<InstallOutcome> stage = installer.uninstall(intent);
        queue();
        return stage;
    }

    @Override
    public void setStateListener(IntentStateListener listener) {
        installer.setStateListener(listener);
    }

    @Override
    public String toString() {
        return "SteeringManager";
    }
}
