package org.mpsdn.impl.config;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.impl.util.HostPort;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One validated AP of the network config, with the endpoints of its agent and, for an LTE AP,
 * of its eNB's policy service.
 */
public final class ApSpec {
    /** The domain of an AP whose netcfg names none. */
    public static final String DEFAULT_DOMAIN = "default";
    private final String id;
    private final ApKind kind;
    private final DeviceId deviceId;
    private final PortNumber apPort;
    private final PortNumber uplinkPort;
    private final long capacityKbps;
    private final HostPort agent;
    private final Optional<HostPort> enbAgent;
    private final Set<Direction> directions;
    private final OptionalDouble cth;
    private final OptionalDouble alpha;
    private final OptionalLong rmKbps;
    private final OptionalDouble tier1Threshold;
    private final String domain;

    /**
     * Creates an AP spec without an eNB endpoint (values are expected to be validated by
     * {@link MpsdnConfig}).
     *
     * @param id            AP identifier
     * @param kind          Wi-Fi or LTE
     * @param deviceId      switch in front of the AP
     * @param apPort        switch port facing the AP
     * @param uplinkPort    switch port towards the core network
     * @param capacityKbps  AP capacity in kbit/s
     * @param agentEndpoint host:port of the AP agent
     * @param directions    regulated directions
     * @param cth           per-AP congestion threshold override
     * @param alpha         per-AP aggressiveness override
     * @param rmKbps        per-AP Tier-2 floor override in kbit/s
     * @throws IllegalArgumentException when the agent endpoint is not host:port
     */
    public ApSpec(String id, ApKind kind, DeviceId deviceId, PortNumber apPort, PortNumber uplinkPort,
                  long capacityKbps, String agentEndpoint, Set<Direction> directions,
                  OptionalDouble cth, OptionalDouble alpha, OptionalLong rmKbps) {
        this(id, kind, deviceId, apPort, uplinkPort, capacityKbps, HostPort.parse(agentEndpoint), Optional.empty(),
                directions, cth, alpha, rmKbps);
    }

    /**
     * Creates an AP spec (values are expected to be validated by {@link MpsdnConfig}).
     *
     * @param id           AP identifier
     * @param kind         Wi-Fi or LTE
     * @param deviceId     switch in front of the AP
     * @param apPort       switch port facing the AP
     * @param uplinkPort   switch port towards the core network
     * @param capacityKbps AP capacity in kbit/s
     * @param agent        where the AP agent listens
     * @param enbAgent     where the eNB policy service of an LTE AP listens, if it has one
     * @param directions   regulated directions
     * @param cth          per-AP congestion threshold override
     * @param alpha        per-AP aggressiveness override
     * @param rmKbps       per-AP Tier-2 floor override in kbit/s
     */
    public ApSpec(String id, ApKind kind, DeviceId deviceId, PortNumber apPort, PortNumber uplinkPort,
                  long capacityKbps, HostPort agent, Optional<HostPort> enbAgent, Set<Direction> directions,
                  OptionalDouble cth, OptionalDouble alpha, OptionalLong rmKbps) {
        this(id, kind, deviceId, apPort, uplinkPort, capacityKbps, agent, enbAgent, directions, cth, alpha, rmKbps,
                OptionalDouble.empty(), DEFAULT_DOMAIN);
    }

    private ApSpec(String id, ApKind kind, DeviceId deviceId, PortNumber apPort, PortNumber uplinkPort,
                   long capacityKbps, HostPort agent, Optional<HostPort> enbAgent, Set<Direction> directions,
                   OptionalDouble cth, OptionalDouble alpha, OptionalLong rmKbps, OptionalDouble tier1Threshold,
                   String domain) {
        this.id = Objects.requireNonNull(id);
        this.kind = Objects.requireNonNull(kind);
        this.deviceId = Objects.requireNonNull(deviceId);
        this.apPort = Objects.requireNonNull(apPort);
        this.uplinkPort = Objects.requireNonNull(uplinkPort);
        this.capacityKbps = capacityKbps;
        this.agent = Objects.requireNonNull(agent);
        this.enbAgent = Objects.requireNonNull(enbAgent);
        this.directions = directions.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(directions));
        this.cth = Objects.requireNonNull(cth);
        this.alpha = Objects.requireNonNull(alpha);
        this.rmKbps = Objects.requireNonNull(rmKbps);
        this.tier1Threshold = Objects.requireNonNull(tier1Threshold);
        this.domain = Objects.requireNonNull(domain);
    }

    /**
     * This AP with a Tier-1 threshold override (the mpsdn profile's threshold for its station signal).
     *
     * @param value the override, empty for none
     * @return a copy with that override
     */
    public ApSpec withTier1Threshold(OptionalDouble value) {
        return new ApSpec(id, kind, deviceId, apPort, uplinkPort, capacityKbps, agent, enbAgent, directions, cth,
                alpha, rmKbps, value, domain);
    }

    /**
     * This AP in a control domain.
     *
     * @param name the domain's name
     * @return a copy in that domain
     */
    public ApSpec inDomain(String name) {
        return new ApSpec(id, kind, deviceId, apPort, uplinkPort, capacityKbps, agent, enbAgent, directions, cth,
                alpha, rmKbps, tier1Threshold, name);
    }

    /**
     * The control domain of this AP: the unit of regulation, owned by one ONOS instance of a cluster
     * (every AP is in {@value #DEFAULT_DOMAIN} unless the netcfg names another).
     *
     * @return the domain's name
     */
    public String domain() {
        return domain;
    }

    /** @return AP identifier */
    public String id() {
        return id;
    }

    /** @return radio kind */
    public ApKind kind() {
        return kind;
    }

    /** @return device id of the AP's switch */
    public DeviceId deviceId() {
        return deviceId;
    }

    /** @return switch port facing the AP */
    public PortNumber apPort() {
        return apPort;
    }

    /** @return switch port towards the core network */
    public PortNumber uplinkPort() {
        return uplinkPort;
    }

    /** @return capacity in kbit/s */
    public long capacityKbps() {
        return capacityKbps;
    }

    /** @return agent endpoint host:port, as written in configuration */
    public String agentEndpoint() {
        return agent.toString();
    }

    /** @return where the AP agent listens */
    public HostPort agent() {
        return agent;
    }

    /** @return where the eNB policy service of this (LTE) AP listens; empty when it has none */
    public Optional<HostPort> enbAgent() {
        return enbAgent;
    }

    /** @return regulated directions */
    public Set<Direction> directions() {
        return directions;
    }

    /**
     * Whether a direction is regulated at this AP.
     *
     * @param direction direction
     * @return true if the direction has a Tier-2 meter
     */
    public boolean regulates(Direction direction) {
        return directions.contains(direction);
    }

    /**
     * Port a flow of a direction leaves the switch by.
     *
     * @param direction direction
     * @return AP port for downlink, uplink port for uplink
     */
    public PortNumber outPort(Direction direction) {
        return direction == Direction.DOWNLINK ? apPort : uplinkPort;
    }

    /**
     * Port a flow of a direction enters the switch by.
     *
     * @param direction direction
     * @return uplink port for downlink, AP port for uplink
     */
    public PortNumber inPort(Direction direction) {
        return direction == Direction.DOWNLINK ? uplinkPort : apPort;
    }

    /** @return CTh override */
    public OptionalDouble cth() {
        return cth;
    }

    /** @return alpha override */
    public OptionalDouble alpha() {
        return alpha;
    }

    /** @return R_m override in kbit/s */
    public OptionalLong rmKbps() {
        return rmKbps;
    }

    /** @return Tier-1 threshold override (mpsdn profile) */
    public OptionalDouble tier1Threshold() {
        return tier1Threshold;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ApSpec)) {
            return false;
        }
        ApSpec a = (ApSpec) o;
        return capacityKbps == a.capacityKbps && id.equals(a.id) && kind == a.kind && deviceId.equals(a.deviceId)
                && apPort.equals(a.apPort) && uplinkPort.equals(a.uplinkPort)
                && agent.equals(a.agent) && enbAgent.equals(a.enbAgent) && directions.equals(a.directions)
                && cth.equals(a.cth) && alpha.equals(a.alpha) && rmKbps.equals(a.rmKbps)
                && tier1Threshold.equals(a.tier1Threshold) && domain.equals(a.domain);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, kind, deviceId, apPort, uplinkPort, capacityKbps, agent, enbAgent, directions,
                cth, alpha, rmKbps, tier1Threshold, domain);
    }

    @Override
    public String toString() {
        return "ApSpec{" + id + " " + kind + " " + deviceId + " ap=" + apPort + " up=" + uplinkPort
                + " cap=" + capacityKbps + "kbps dirs=" + directions + " domain=" + domain + "}";
    }
}
