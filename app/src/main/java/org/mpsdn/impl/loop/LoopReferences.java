package org.mpsdn.impl.loop;

import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.RegulationProperties;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.decide.RegulationEngine;
import org.mpsdn.impl.decide.UePolicySource;
import org.mpsdn.impl.telemetry.AgentRegistry;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What the loop reads from its component each time it needs it: the optional dynamic references
 * (they come and go; null when absent), the decision function, the app's netcfg, the properties in
 * force, the clock, whether the app is being deactivated, and where its events go.
 */
public final class LoopReferences {
    private final Supplier<RegulationEngine> engine;
    private final Supplier<ApTelemetryService> telemetry;
    private final Supplier<UePolicySource> policies;
    private final Supplier<CycleObserver> observer;
    private final Supplier<AgentRegistry> agents;
    private final Supplier<MpsdnConfig> config;
    private final Supplier<RegulationProperties> properties;
    private final LongSupplier clock;
    private final BooleanSupplier stopping;
    private final Consumer<RegulationEvent> post;

    /**
     * Creates the references.
     *
     * @param engine     the decision function
     * @param telemetry  AP telemetry, or null
     * @param policies   operator policies, or null
     * @param observer   cycle observer (metrics), or null
     * @param agents     the telemetry poller's agent registry, or null
     * @param config     the app's netcfg, or null when there is none
     * @param properties properties in force
     * @param clock      wall clock in milliseconds
     * @param stopping   true once the app is being deactivated
     * @param post       posts an event to the regulation service's listeners
     */
    public LoopReferences(Supplier<RegulationEngine> engine, Supplier<ApTelemetryService> telemetry,
                          Supplier<UePolicySource> policies, Supplier<CycleObserver> observer,
                          Supplier<AgentRegistry> agents, Supplier<MpsdnConfig> config,
                          Supplier<RegulationProperties> properties, LongSupplier clock, BooleanSupplier stopping,
                          Consumer<RegulationEvent> post) {
        this.post = post;
        this.engine = engine;
        this.telemetry = telemetry;
        this.policies = policies;
        this.observer = observer;
        this.agents = agents;
        this.config = config;
        this.properties = properties;
        this.clock = clock;
        this.stopping = stopping;
    }

    RegulationEngine engine() {
        return engine.get();
    }

    ApTelemetryService telemetry() {
        return telemetry.get();
    }

    UePolicySource policies() {
        return policies.get();
    }

    CycleObserver observer() {
        return observer.get();
    }

    AgentRegistry agents() {
        return agents.get();
    }

    MpsdnConfig config() {
        return config.get();
    }

    RegulationProperties properties() {
        return properties.get();
    }

    long now() {
        return clock.getAsLong();
    }

    boolean stopping() {
        return stopping.getAsBoolean();
    }

    void post(RegulationEvent event) {
        post.accept(event);
    }
}
