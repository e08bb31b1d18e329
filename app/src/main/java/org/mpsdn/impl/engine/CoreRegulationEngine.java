package org.mpsdn.impl.engine;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.core.CycleResult;
import org.mpsdn.core.DeadlockBreaker;
import org.mpsdn.core.RegulationCenter;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.core.RegulationState;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.FlowKey;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.UserEquipment;
import org.mpsdn.core.model.UserPolicy;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.flow.FlowMatch;
import org.onlab.packet.IPv4;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Adapter from the ONOS-side view of a cycle to the pure core ({@link RegulationCenter}).
 * <ul>
 * <li>UEs: a registered UE is multipath when it has two or more interfaces; any UE seen on two
 *     or more APs is multipath too; an unregistered address is its own single-path UE
 *     ({@code ip:<addr>}).</li>
 * <li>Connections: one per (UE, AP) seen in telemetry stations or flows; RSSI and PHY rate from
 *     the station report, else the worst RSSI and the AP's capacity.</li>
 * <li>ACK streams: TCP flows whose average packet is at most {@link #ACK_MAX_AVG_BYTES} bytes.</li>
 * <li>Per-AP overrides of CTh, &alpha;, R_m: the core has global parameters, so APs are grouped
 *     by their effective parameters and each group's limits come from a run with those; tiers and
 *     primaries come from the run with the global parameters.</li>
 * <li>Uplink is regulated in the core when any AP regulates it; limits of directions an AP does
 *     not regulate are dropped.</li>
 * <li>Operator policies (northbound multipath-policy intents) are passed to the core per UE;
 *     a pin that cannot hold (UE not seen, AP not configured, no connection of the UE to it) is
 *     reported in {@link EngineDecision#unmetPolicies()} with the reason, and the UE is
 *     regulated by default meanwhile.</li>
 * </ul>
 */
public final class CoreRegulationEngine implements RegulationEngine {

    /** Largest average packet size (IP bytes) of a TCP flow treated as a pure ACK stream. */
    public static final long ACK_MAX_AVG_BYTES = 100;
    private static final double UNKNOWN_RSSI_DBM = Connection.MIN_RSSI_DBM;

    @Override
    public EngineDecision decide(EngineInput in) {
        Map<IpAddress, String> ueByIp = new HashMap<>();
        Map<MacAddress, String> ueByMac = new HashMap<>();
        Set<String> registeredMultipath = new HashSet<>();
        for (UeSpec ue : in.ues()) {
            ue.interfaces().forEach((ip, mac) -> {
                ueByIp.put(ip, ue.id());
                mac.ifPresent(m -> ueByMac.put(m, ue.id()));
            });
            if (ue.interfaces().size() >= 2) {
                registeredMultipath.add(ue.id());
            }
        }

        Map<String, Map<String, double[]>> links = new LinkedHashMap<>();
        Map<String, ApSpec> apById = new HashMap<>();
        for (ApView ap : in.aps()) {
            apById.put(ap.spec().id(), ap.spec());
            for (StationTelemetry st : ap.stations()) {
                String ue = stationUe(st, ueByIp, ueByMac);
                if (ue == null) {
                    continue;
                }
                double rssi = Math.max(Connection.MIN_RSSI_DBM, Math.min(Connection.MAX_RSSI_DBM, st.rssiDbm()));
                long phy = st.txPhyRateBps() > 0 ? st.txPhyRateBps() : ap.spec().capacityKbps() * 1000;
                links.computeIfAbsent(ue, k -> new LinkedHashMap<>())
                        .put(ap.spec().id(), new double[]{rssi, Math.min(phy, Connection.MAX_PHY_RATE_BPS)});
            }
        }
        for (FlowView f : in.flows()) {
            ApSpec ap = apById.get(f.apId());
            if (ap != null) {
                links.computeIfAbsent(f.ueId(), k -> new LinkedHashMap<>())
                        .putIfAbsent(f.apId(), new double[]{UNKNOWN_RSSI_DBM, ap.capacityKbps() * 1000.0});
            }
        }

        NetworkSnapshot.Builder b = NetworkSnapshot.builder();
        for (ApView ap : in.aps()) {
            b.add(new AccessPoint(ap.spec().id(), ap.spec().kind(), ap.spec().capacityKbps() * 1000));
        }
        links.forEach((ue, aps) -> {
            b.add(new UserEquipment(ue, registeredMultipath.contains(ue) || aps.size() >= 2,
                    in.policies().getOrDefault(ue, UserPolicy.REGULATE)));
            aps.forEach((apId, v) -> b.add(new Connection(ue, apId, v[0], (long) v[1])));
        });
        Map<String, FlowView> byKey = new HashMap<>();
        for (FlowView f : in.flows()) {
            if (!apById.containsKey(f.apId())) {
                continue;
            }
            FlowMatch m = f.match();
            FlowKey key = new FlowKey(m.src().toInetAddress(), m.srcPort(), m.dst().toInetAddress(), m.dstPort(),
                    m.protocol());
            boolean ack = m.protocol() == IPv4.PROTOCOL_TCP && f.packets() > 0
                    && f.bytes() / f.packets() <= ACK_MAX_AVG_BYTES;
            b.add(new Flow(key, f.direction(), f.ueId(), f.apId(), f.bytes(), f.packets(), ack));
            byKey.put(flowKey(f.apId(), key, f.direction()), f);
        }
        NetworkSnapshot snapshot = b.build();

        Map<ApDirection, Double> occupancy = new HashMap<>();
        Map<ApDirection, Long> previousLimits = new HashMap<>();
        boolean uplink = false;
        for (ApView ap : in.aps()) {
            uplink |= ap.spec().regulates(Direction.UPLINK);
            ap.occupancy().forEach((d, v) -> occupancy.put(new ApDirection(ap.spec().id(), d), v));
            ap.limitKbps().forEach((d, v) -> previousLimits.put(new ApDirection(ap.spec().id(), d), v * 1000));
        }
        Map<String, String> previousPrimaries = new HashMap<>(in.previousPrimaries());
        previousPrimaries.values().removeIf(apId -> !apById.containsKey(apId));
        RegulationState previous = RegulationState.of(previousLimits, previousPrimaries);

        EngineParams p = in.params();
        RegulationParameters global = parameters(p, p.cth(), p.alpha(), p.rmKbps(), uplink, in.intervalMillis());
        CycleResult result = new RegulationCenter(global).cycle(snapshot, occupancy, previous);

        Map<String, Map<FlowMatch, Tier>> tiers = new HashMap<>();
        result.forEachFlow((flow, tier) -> {
            FlowView v = byKey.get(flowKey(flow.apId(), flow.key(), flow.direction()));
            if (v != null) {
                tiers.computeIfAbsent(v.apId(), k -> new HashMap<>()).put(v.match(), tier);
            }
        });

        Map<List<Object>, RegulationParameters> groups = new HashMap<>();
        Map<ApDir, Long> limits = new HashMap<>();
        for (ApView ap : in.aps()) {
            ApSpec s = ap.spec();
            double cth = s.cth().orElse(p.cth());
            double alpha = s.alpha().orElse(p.alpha());
            long rm = s.rmKbps().orElse(p.rmKbps());
            CycleResult r = result;
            if (cth != p.cth() || alpha != p.alpha() || rm != p.rmKbps()) {
                RegulationParameters own = groups.computeIfAbsent(List.of(cth, alpha, rm),
                        k -> parameters(p, cth, alpha, rm, true, in.intervalMillis()));
                r = new RegulationCenter(own).cycle(snapshot, occupancy, previous);
            }
            for (Direction d : s.directions()) {
                r.tier2LimitBps(s.id(), d)
                        .ifPresent(v -> limits.put(new ApDir(s.id(), d), Math.max(1L, (v + 500) / 1000)));
            }
        }

        Map<String, String> primaries = new HashMap<>();
        for (String ue : links.keySet()) {
            result.primaryApOf(ue).ifPresent(apId -> primaries.put(ue, apId));
        }
        return new EngineDecision(tiers, limits, primaries, unmetPolicies(in.policies(), links, apById));
    }

    /** Pins that cannot hold this cycle, with the reason; exempt and regulate always hold. */
    private static Map<String, String> unmetPolicies(Map<String, UserPolicy> policies,
                                                     Map<String, Map<String, double[]>> links,
                                                     Map<String, ApSpec> apById) {
        Map<String, String> unmet = new HashMap<>();
        policies.forEach((ue, policy) -> {
            if (policy.mode() != UserPolicy.Mode.PIN_PRIMARY) {
                return;
            }
            String ap = policy.pinnedApId().orElseThrow();
            Map<String, double[]> seen = links.get(ue);
            if (!apById.containsKey(ap)) {
                unmet.put(ue, "AP " + ap + " is not a configured AP");
            } else if (seen == null) {
                unmet.put(ue, "UE " + ue + " is not connected to any AP");
            } else if (!seen.containsKey(ap)) {
                unmet.put(ue, "UE " + ue + " has no connection to AP " + ap + " (connected to "
                        + new TreeSet<>(seen.keySet()) + ")");
            }
        });
        return unmet;
    }

    private static RegulationParameters parameters(EngineParams p, double cth, double alpha, long rmKbps,
                                                   boolean uplink, long intervalMillis) {
        return RegulationParameters.builder()
                .cth(cth)
                .alpha(alpha)
                .minRateBps(rmKbps * 1000)
                .intervalMillis(intervalMillis)
                .deadlockBreaker("baseline".equals(p.deadlockBreaker())
                        ? DeadlockBreaker.BASELINE : DeadlockBreaker.PRIORITY)
                .regulateUplink(uplink)
                .build();
    }

    private static String flowKey(String apId, FlowKey key, Direction d) {
        return apId + "|" + key + "|" + d;
    }

    private static String stationUe(StationTelemetry st, Map<IpAddress, String> ueByIp,
                                    Map<MacAddress, String> ueByMac) {
        for (String ip : st.ips()) {
            try {
                IpAddress a = IpAddress.valueOf(ip);
                String ue = ueByIp.get(a);
                if (ue != null) {
                    return ue;
                }
            } catch (IllegalArgumentException e) {
                // malformed address in a report: skip it
            }
        }
        try {
            String ue = ueByMac.get(MacAddress.valueOf(st.mac()));
            if (ue != null) {
                return ue;
            }
        } catch (IllegalArgumentException e) {
            // malformed MAC: fall through
        }
        for (String ip : st.ips()) {
            try {
                IpAddress a = IpAddress.valueOf(ip);
                if (a.isIp4()) {
                    return "ip:" + a;
                }
            } catch (IllegalArgumentException e) {
                // skip
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "CoreRegulationEngine";
    }
}
