package org.mpsdn.impl.loop;

import org.mpsdn.impl.AgentEndpoints;
import org.mpsdn.impl.cluster.DomainOwnership;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.MpsdnConfigListener;
import org.mpsdn.impl.detect.UserDetection;
import org.mpsdn.impl.meter.MeterStepper;
import org.mpsdn.impl.switches.ApDirectory;
import org.mpsdn.impl.switches.SwitchReconciler;
import org.mpsdn.impl.telemetry.AgentRegistry;
import org.onosproject.core.ApplicationId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterListener;

import java.util.stream.Collectors;

/**
 * The ONOS events the loop takes (netcfg, mastership, meters), each queued on its thread, and what
 * they do: a new config retires the APs that left it and reconciles every configured AP; a
 * mastership change resumes or forgets an AP; a METER_ADDED of the app moves the step waiting for
 * it. An exception for one AP is that AP's fault ({@link ApIncidents}).
 */
final class LoopEvents {
    private final LoopThread thread;
    private final ApplicationId appId;
    private final ApDirectory directory;
    private final UserDetection detection;
    private final SwitchReconciler switches;
    private final MeterStepper stepper;
    private final ApIncidents incidents;
    private final LoopReferences refs;
    private final DomainOwnership owners;
    private final NetworkConfigListener configListener = new MpsdnConfigListener(this::configChanged);
    private final MastershipListener mastershipListener = this::mastershipEvent;
    private final MeterListener meterListener = this::meterEvent;

    LoopEvents(LoopThread thread, ApplicationId appId, ApDirectory directory, UserDetection detection,
               SwitchReconciler switches, MeterStepper stepper, ApIncidents incidents, LoopReferences refs,
               DomainOwnership owners) {
        this.owners = owners;
        this.thread = thread;
        this.appId = appId;
        this.directory = directory;
        this.detection = detection;
        this.switches = switches;
        this.stepper = stepper;
        this.incidents = incidents;
        this.refs = refs;
    }

    NetworkConfigListener configListener() {
        return configListener;
    }

    MastershipListener mastershipListener() {
        return mastershipListener;
    }

    MeterListener meterListener() {
        return meterListener;
    }

    private void configChanged() {
        thread.execute(this::loadConfig);
    }

    /** Takes the netcfg in force: retires APs that left, reconciles every configured AP (loop thread). */
    void loadConfig() {
        directory.load(refs.config()).ifPresent(retired -> {
            detection.setRegistrations(directory.ues());
            retired.forEach(ap -> incidents.run(ap.id(), "removing what it had", () -> switches.retire(ap)));
            owners.runFor(directory.aps().values().stream().map(ApSpec::domain).collect(Collectors.toSet()));
            publishAgents(refs.agents());
            directory.aps().values().forEach(ap -> incidents.run(ap.id(), "reconciling its switch",
                    () -> switches.reconcile(ap)));
        });
    }

    /**
     * Tells the telemetry poller to poll exactly the agents of the APs of the domains this instance owns, so
     * that each agent is polled by one instance of a cluster.
     *
     * @param registry the poller's registry, or null
     */
    void publishAgents(AgentRegistry registry) {
        if (registry != null) {
            registry.setAgents(AgentEndpoints.of(directory.aps().values().stream()
                    .filter(ap -> owners.owns(ap.domain())).collect(Collectors.toList())));
        }
    }

    /**
     * ONOS elected a leader of a domain's topic: queued on the loop, where the ownership is read again; a new
     * owner resumes the domain's APs and polls their agents, an old one stops.
     *
     * @param domain the domain
     */
    void ownershipEvent(String domain) {
        thread.execute(() -> {
            directory.aps().values().stream().filter(ap -> ap.domain().equals(domain))
                    .forEach(ap -> incidents.run(ap.id(), "taking over or handing over its domain",
                            () -> switches.ownershipChanged(ap)));
            publishAgents(refs.agents());
        });
    }

    private void mastershipEvent(MastershipEvent event) {
        thread.execute(() -> {
            ApSpec ap = directory.byDevice(event.subject());
            if (ap != null) {
                incidents.run(ap.id(), "taking over or handing over its switch",
                        () -> switches.mastershipChanged(event.subject()));
            }
        });
    }

    private void meterEvent(MeterEvent event) {
        if (event.type() == MeterEvent.Type.METER_ADDED && appId.equals(event.subject().appId())) {
            Meter meter = event.subject();
            thread.execute(() -> {
                if (!refs.stopping()) {
                    stepper.meterAdded(meter);
                }
            });
        }
    }
}
