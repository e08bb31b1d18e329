package org.mpsdn.impl.weights;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.ManagedFlow;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A {@link RegulationInput} frozen from one read of the regulation service: per AP the Tier-2 limit of one direction
 * (the clients' send direction), the summed measured rate of the Tier-2 flows through it and how many clients they
 * belong to; per client its primary AP. An AP whose direction carries no Tier-2 meter is unregulated (no state).
 * Beside it, in both directions, the APs that hold Tier 2 at its floor, and the detected multipath users' addresses
 * (a client agent's id need not be the id detection gave its user).
 */
public final class RegulationSnapshot implements RegulationInput {
    private static final long BITS_PER_KBIT = 1000L;

    private final Map<String, ApTier2State> aps;
    private final Map<String, String> primaries;
    private final Set<String> atFloor;
    private final Map<String, String> userByAddress;

    /**
     * Freezes the regulation state with the APs at their floor and the detected users' addresses.
     *
     * @param states        AP regulation states
     * @param primaries     UE id to primary AP id
     * @param flows         managed flows (their tier, direction and measured rate)
     * @param direction     the direction the clients' weights shape (uplink for upstream shaping)
     * @param atFloor       the AP directions at the floor ({@link FloorHolds#next})
     * @param userByAddress IP address to the detected multipath user using it
     */
    public RegulationSnapshot(Collection<ApRegulationState> states, Map<String, String> primaries,
                              Collection<ManagedFlow> flows, Direction direction, Set<String> atFloor,
                              Map<String, String> userByAddress) {
        Objects.requireNonNull(direction, "direction");
        this.atFloor = Set.copyOf(atFloor);
        this.userByAddress = Map.copyOf(userByAddress);
        Map<String, Long> rates = new HashMap<>();
        Map<String, Set<String>> clients = new HashMap<>();
        for (ManagedFlow f : flows) {
            if (f.tier() != Tier.TIER2 || f.direction() != direction) {
                continue;
            }
            long rate = Double.isFinite(f.rateBps()) && f.rateBps() > 0 ? Math.round(f.rateBps()) : 0L;
            rates.merge(f.apId(), rate, Long::sum);
            clients.computeIfAbsent(f.apId(), k -> new HashSet<>()).add(f.ueId());
        }
        Map<String, ApTier2State> m = new HashMap<>();
        for (ApRegulationState s : states) {
            OptionalLong limit = s.limitKbps(direction);
            if (limit.isPresent()) {
                m.put(s.apId(), new ApTier2State(limit.getAsLong() * BITS_PER_KBIT,
                        rates.getOrDefault(s.apId(), 0L),
                        clients.getOrDefault(s.apId(), Set.of()).size()));
            }
        }
        this.aps = Map.copyOf(m);
        this.primaries = Map.copyOf(primaries);
    }

    @Override
    public Optional<ApTier2State> tier2State(String apId) {
        return Optional.ofNullable(aps.get(apId));
    }

    @Override
    public Optional<String> primaryAp(String clientId) {
        return Optional.ofNullable(primaries.get(clientId));
    }

    @Override
    public boolean tier2AtFloor(String apId) {
        return FloorHolds.anyDirection(atFloor, apId);
    }

    @Override
    public Optional<String> userOfAddress(String address) {
        return Optional.ofNullable(userByAddress.get(address));
    }
}
