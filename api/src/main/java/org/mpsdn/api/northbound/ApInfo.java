package org.mpsdn.api.northbound;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.LimitDecision;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Operator view of one AP: configuration, live occupancy, Tier-2 limits and how the last cycle decided
 * them, flow counts per tier and agent health.
 */
public final class ApInfo {
    private final String id;
    private final ApKind kind;
    private final String deviceId;
    private final long capacityKbps;
    private final Set<Direction> directions;
    private final ApOverride override;
    private final Map<Direction, Double> occupancy;
    private final Map<Direction, Long> tier2LimitKbps;
    private final Map<Tier, Integer> flowCounts;
    private final AgentHealth agent;
    private final Map<Direction, LimitDecision> decisions;
    private String domain = DEFAULT_DOMAIN;
    private String owner = "";

    /** The control domain of an AP whose netcfg names none. */
    public static final String DEFAULT_DOMAIN = "default";

    /**
     * Creates an AP view.
     *
     * @param id             AP id
     * @param kind           Wi-Fi or LTE
     * @param deviceId       switch in front of the AP
     * @param capacityKbps   nominal capacity in kbit/s
     * @param directions     regulated directions
     * @param override       per-AP parameter overrides
     * @param occupancy      live MAC queue occupancy ratio per direction (absent: unknown)
     * @param tier2LimitKbps Tier-2 limit per direction (absent: unlimited)
     * @param flowCounts     managed flows per tier
     * @param agent          agent health
     */
    public ApInfo(String id, ApKind kind, String deviceId, long capacityKbps, Set<Direction> directions,
                  ApOverride override, Map<Direction, Double> occupancy, Map<Direction, Long> tier2LimitKbps,
                  Map<Tier, Integer> flowCounts, AgentHealth agent) {
        this(id, kind, deviceId, capacityKbps, directions, override, occupancy, tier2LimitKbps, flowCounts, agent,
                Map.of());
    }

    /**
     * Creates an AP view with the last decision of each direction.
     *
     * @param id             AP id
     * @param kind           Wi-Fi or LTE
     * @param deviceId       switch in front of the AP
     * @param capacityKbps   nominal capacity in kbit/s
     * @param directions     regulated directions
     * @param override       per-AP parameter overrides
     * @param occupancy      live MAC queue occupancy ratio per direction (absent: unknown)
     * @param tier2LimitKbps Tier-2 limit in force per direction (absent: unlimited)
     * @param flowCounts     managed flows per tier
     * @param agent          agent health
     * @param decisions      the last regulation decision per direction (absent: none yet)
     */
    public ApInfo(String id, ApKind kind, String deviceId, long capacityKbps, Set<Direction> directions,
                  ApOverride override, Map<Direction, Double> occupancy, Map<Direction, Long> tier2LimitKbps,
                  Map<Tier, Integer> flowCounts, AgentHealth agent, Map<Direction, LimitDecision> decisions) {
        this.decisions = copy(decisions);
        this.id = Objects.requireNonNull(id, "id");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.deviceId = Objects.requireNonNull(deviceId, "deviceId");
        this.capacityKbps = capacityKbps;
        this.directions = Set.copyOf(directions);
        this.override = Objects.requireNonNull(override, "override");
        this.occupancy = copy(occupancy);
        this.tier2LimitKbps = copy(tier2LimitKbps);
        Map<Tier, Integer> counts = new EnumMap<>(Tier.class);
        for (Tier t : Tier.values()) {
            counts.put(t, flowCounts.getOrDefault(t, 0));
        }
        this.flowCounts = Map.copyOf(counts);
        this.agent = Objects.requireNonNull(agent, "agent");
    }

    private static <V> Map<Direction, V> copy(Map<Direction, V> m) {
        return m.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(m));
    }

    /** @return AP id */
    public String id() {
        return id;
    }

    /** @return radio kind */
    public ApKind kind() {
        return kind;
    }

    /** @return device id of the AP's switch */
    public String deviceId() {
        return deviceId;
    }

    /** @return capacity in kbit/s */
    public long capacityKbps() {
        return capacityKbps;
    }

    /** @return regulated directions */
    public Set<Direction> directions() {
        return directions;
    }

    /** @return per-AP overrides */
    public ApOverride override() {
        return override;
    }

    /**
     * Live occupancy of a direction.
     *
     * @param d direction
     * @return ratio in [0, 1], empty when unknown
     */
    public OptionalDouble occupancy(Direction d) {
        Double v = occupancy.get(d);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /**
     * Tier-2 limit of a direction.
     *
     * @param d direction
     * @return limit in kbit/s, empty when unlimited
     */
    public OptionalLong tier2LimitKbps(Direction d) {
        Long v = tier2LimitKbps.get(d);
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /**
     * Number of managed flows of a tier.
     *
     * @param t tier
     * @return flow count
     */
    public int flowCount(Tier t) {
        return flowCounts.get(t);
    }

    /**
     * The last regulation decision of a direction: the signal the profile decided on and its threshold, the
     * target and cap of the Tier-2 limit, and the reason.
     *
     * @param d direction
     * @return the decision, empty before the first one
     */
    public Optional<LimitDecision> decision(Direction d) {
        return Optional.ofNullable(decisions.get(d));
    }

    /** @return agent health */
    public AgentHealth agent() {
        return agent;
    }

    /**
     * A copy of this view in a control domain and with the ONOS instance that owns the domain.
     *
     * @param domainName the AP's control domain
     * @param ownerNode  the node id of the instance that owns it, empty while none is elected
     * @return the copy
     */
    public ApInfo inDomain(String domainName, String ownerNode) {
        ApInfo a = new ApInfo(id, kind, deviceId, capacityKbps, directions, override, occupancy, tier2LimitKbps,
                flowCounts, agent, decisions);
        a.domain = Objects.requireNonNull(domainName, "domain");
        a.owner = Objects.requireNonNull(ownerNode, "owner");
        return a;
    }

    /** @return the AP's control domain */
    public String domain() {
        return domain;
    }

    /** @return node id of the ONOS instance that owns (regulates) the AP's domain, empty while none is elected */
    public String owner() {
        return owner;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ApInfo)) {
            return false;
        }
        ApInfo a = (ApInfo) o;
        return id.equals(a.id) && kind == a.kind && deviceId.equals(a.deviceId) && capacityKbps == a.capacityKbps
                && directions.equals(a.directions) && override.equals(a.override) && occupancy.equals(a.occupancy)
                && tier2LimitKbps.equals(a.tier2LimitKbps) && flowCounts.equals(a.flowCounts)
                && agent.equals(a.agent) && decisions.equals(a.decisions) && domain.equals(a.domain)
                && owner.equals(a.owner);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, kind, deviceId, capacityKbps, directions, override, occupancy, tier2LimitKbps,
                flowCounts, agent, decisions, domain, owner);
    }

    @Override
    public String toString() {
        return "ApInfo{" + id + " " + kind + " " + deviceId + " occ=" + occupancy + " limits=" + tier2LimitKbps
                + " flows=" + flowCounts + " " + agent + " decisions=" + decisions + " domain=" + domain
                + " owner=" + owner + "}";
    }
}
