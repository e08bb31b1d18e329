package org.mpsdn.impl.northbound;

import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.model.UeIds;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeSource;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.loop.FailOpen;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Builds the operator views from the config, the shared regulation state, telemetry and the
 * managed flows. Pure functions.
 */
final class Views {

    private Views() {
    }

    /**
     * Telemetry of one AP as the views need it.
     */
    static final class Telemetry {
        final boolean running;
        final Optional<ApTelemetry> report;
        final int missedCycles;

        Telemetry(boolean running, Optional<ApTelemetry> report, int missedCycles) {
            this.running = running;
            this.report = report;
            this.missedCycles = missedCycles;
        }
    }

    /**
     * Builds the view of one AP.
     *
     * @param ap              AP spec
     * @param state           shared regulation state if any
     * @param tel             telemetry of the AP
     * @param flows           all managed flows
     * @param intervalMs      cycle interval
     * @param failOpenDelayMs fail-open delay
     * @return AP view
     */
    static ApInfo ap(ApSpec ap, Optional<ApRegulationState> state, Telemetry tel, Collection<ManagedFlow> flows,
                     int intervalMs, int failOpenDelayMs) {
        Map<Direction, Double> occ = new EnumMap<>(Direction.class);
        Map<Direction, Long> limits = new EnumMap<>(Direction.class);
        Map<Direction, LimitDecision> decisions = new EnumMap<>(Direction.class);
        for (Direction d : ap.directions()) {
            state.flatMap(s -> s.decision(d)).ifPresent(v -> decisions.put(d, v));
            if (tel.report.isPresent() && tel.report.get().occupancy(d).isPresent()) {
                occ.put(d, tel.report.get().occupancy(d).getAsDouble());
            } else if (state.isPresent() && state.get().occupancy(d).isPresent()) {
                occ.put(d, state.get().occupancy(d).getAsDouble());
            }
            if (state.isPresent() && state.get().limitKbps(d).isPresent()) {
                limits.put(d, state.get().limitKbps(d).getAsLong());
            }
        }
        Map<Tier, Integer> counts = new EnumMap<>(Tier.class);
        for (ManagedFlow f : flows) {
            if (f.apId().equals(ap.id())) {
                counts.merge(f.tier(), 1, Integer::sum);
            }
        }
        return new ApInfo(ap.id(), ap.kind(), ap.deviceId().toString(), ap.capacityKbps(), ap.directions(),
                new ApOverride(ap.cth(), ap.alpha(), ap.rmKbps()), occ, limits, counts,
                health(ap.agentEndpoint(), tel, intervalMs, failOpenDelayMs), decisions);
    }

    /**
     * Agent health from the telemetry of an AP.
     *
     * @param endpoint        agent endpoint
     * @param tel             telemetry
     * @param intervalMs      cycle interval
     * @param failOpenDelayMs fail-open delay
     * @return health
     */
    static AgentHealth health(String endpoint, Telemetry tel, int intervalMs, int failOpenDelayMs) {
        long last = tel.report.map(ApTelemetry::receivedAtMillis).orElse(-1L);
        if (!tel.running) {
            return new AgentHealth(endpoint, AgentHealth.Status.UNKNOWN, 0, -1);
        }
        AgentHealth.Status status;
        if (tel.missedCycles == 0 && tel.report.isPresent()) {
            status = AgentHealth.Status.OK;
        } else if (FailOpen.active(tel.missedCycles, intervalMs, failOpenDelayMs)) {
            status = AgentHealth.Status.FAILSAFE;
        } else {
            status = AgentHealth.Status.STALE;
        }
        return new AgentHealth(endpoint, status, tel.missedCycles, last);
    }

    /**
     * Builds the UE views: registered UEs, the users the detector grouped (by their id: the
     * registered id, else {@code auto-N}) and every other station an AP reports (by address). A
     * detected user's address at an AP that does not list it as a station gets a connection with
     * no radio data (empty MAC, RSSI 0, PHY rates 0).
     *
     * @param registered static UE registrations
     * @param detected   the users the detector grouped in its last cycle
     * @param reports    latest report per AP id
     * @param primaries  UE id to primary AP id
     * @param flows      managed flows
     * @return UE id to view, sorted by id
     */
    static Map<String, UeInfo> ues(List<UeSpec> registered, List<DetectedUser> detected,
                                   Map<String, Optional<ApTelemetry>> reports, Map<String, String> primaries,
                                   Collection<ManagedFlow> flows) {
        Map<IpAddress, String> byIp = new HashMap<>();
        Map<MacAddress, String> byMac = new HashMap<>();
        Map<String, List<UeConnection>> conns = new TreeMap<>();
        Set<String> registeredIds = new HashSet<>();
        for (UeSpec u : registered) {
            registeredIds.add(u.id());
            conns.put(u.id(), new ArrayList<>());
            u.interfaces().forEach((ip, mac) -> {
                byIp.put(ip, u.id());
                mac.ifPresent(m -> byMac.put(m, u.id()));
            });
        }
        Set<String> detectedIds = new HashSet<>();
        for (DetectedUser u : detected) {
            detectedIds.add(u.id());
            conns.computeIfAbsent(u.id(), k -> new ArrayList<>());
            u.addresses().forEach(a -> parse(a).ifPresent(ip -> byIp.put(ip, u.id())));
        }
        Map<String, Tier> tiers = new HashMap<>();
        for (ManagedFlow f : flows) {
            tiers.merge(f.apId() + "|" + f.ueId(), f.tier(), (a, b) -> a == Tier.TIER2 ? a : b);
        }
        Set<String> listed = new HashSet<>();
        reports.forEach((apId, report) -> report.ifPresent(r -> {
            for (StationTelemetry s : r.stations()) {
                String ue = owner(s, byIp, byMac);
                String ip = s.ips().isEmpty() ? "" : s.ips().get(0);
                s.ips().forEach(a -> listed.add(apId + "|" + a));
                conns.computeIfAbsent(ue, k -> new ArrayList<>()).add(new UeConnection(apId, ip, s.mac(),
                        s.rssiDbm(), s.txPhyRateBps(), s.rxPhyRateBps(), apId.equals(primaries.get(ue)),
                        tiers.get(apId + "|" + ue)));
            }
        }));
        for (DetectedUser u : detected) {
            u.aps().forEach((apId, addrs) -> addrs.stream().filter(a -> !listed.contains(apId + "|" + a))
                    .findFirst().ifPresent(a -> conns.get(u.id()).add(new UeConnection(apId, a, "", 0.0, 0, 0,
                            apId.equals(primaries.get(u.id())), tiers.get(apId + "|" + u.id())))));
        }
        Map<String, UeInfo> result = new TreeMap<>();
        conns.forEach((id, list) -> {
            list.sort((a, b) -> a.apId().compareTo(b.apId()));
            result.put(id, new UeInfo(id, source(registeredIds.contains(id), detectedIds.contains(id)),
                    primaries.get(id), list));
        });
        return result;
    }

    private static UeSource source(boolean registered, boolean detected) {
        if (registered) {
            return detected ? UeSource.BOTH : UeSource.REGISTERED;
        }
        return detected ? UeSource.DETECTED : UeSource.STATION;
    }

    private static Optional<IpAddress> parse(String ip) {
        try {
            return Optional.of(IpAddress.valueOf(ip));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String owner(StationTelemetry s, Map<IpAddress, String> byIp, Map<MacAddress, String> byMac) {
        for (String ip : s.ips()) {
            String ue = lookup(byIp, ip, IpAddress::valueOf);
            if (ue != null) {
                return ue;
            }
        }
        String ue = lookup(byMac, s.mac(), MacAddress::valueOf);
        return ue != null ? ue : ue(s);
    }

    /** Looks a textual address up; a malformed address (agent data) matches nothing. */
    private static <K> String lookup(Map<K, String> map, String text, Function<String, K> parse) {
        try {
            return map.get(parse.apply(text));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String ue(StationTelemetry s) {
        return s.ips().isEmpty() ? UeIds.ofMac(s.mac()) : UeIds.ofAddress(s.ips().get(0));
    }
}
