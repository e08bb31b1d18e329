package org.mpsdn.impl.decide;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.StationQueueTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.core.Measurements;
import org.mpsdn.core.DemotionHold;
import org.mpsdn.core.LawMemory;
import org.mpsdn.core.PrimaryWatch;
import org.mpsdn.core.RegulationState;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.FlowKey;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.model.UserEquipment;
import org.mpsdn.core.model.UserPolicy;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.flow.FlowMatch;
import org.onlab.packet.IPv4;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one cycle sees, in the core's terms: the {@link NetworkSnapshot} (APs, UEs, connections,
 * flows with their rates over the last cycle), the {@link Measurements} (fresh occupancies and
 * station queues, each queue matched to its UE like a station) and the previous state (limits,
 * primaries), plus the maps that lead the core's answer back to the cycle's flows and APs.
 */
final class CoreSnapshot {
    private static final double UNKNOWN_RSSI_DBM = Connection.MIN_RSSI_DBM;

    /** UE id to (AP id to {RSSI dBm, PHY rate bit/s}): the UE's connections. */
    final Map<String, Map<String, double[]>> links = new LinkedHashMap<>();
    /** The configured APs by id. */
    final Map<String, ApSpec> apById = new HashMap<>();
    /** Cycle flow by {@link #flowKey}. */
    final Map<String, FlowView> flowByKey = new HashMap<>();
    /** Fresh occupancy and station queues per AP and direction. */
    final Measurements measurements;
    /** The core's snapshot. */
    final NetworkSnapshot snapshot;
    /** Limits in force and the previous primaries (of configured APs). */
    final RegulationState previous;
    /** Whether any AP regulates the uplink. */
    final boolean uplink;

    private CoreSnapshot(EngineInput in, Map<ApDirection, LawMemory> lawMemory, Map<String, DemotionHold> holds,
                         Map<String, PrimaryWatch> watches) {
        UeIndex ues = new UeIndex(in.ues());
        in.aps().forEach(ap -> apById.put(ap.spec().id(), ap.spec()));
        addLinks(in, ues);
        NetworkSnapshot.Builder b = NetworkSnapshot.builder();
        for (ApView ap : in.aps()) {
            b.add(new AccessPoint(ap.spec().id(), ap.spec().kind(), ap.spec().capacityKbps() * 1000));
        }
        links.forEach((ue, aps) -> {
            b.add(new UserEquipment(ue, ues.registeredMultipath(ue) || aps.size() >= 2,
                    in.policies().getOrDefault(ue, UserPolicy.REGULATE)));
            aps.forEach((apId, v) -> b.add(new Connection(ue, apId, v[0], (long) v[1])));
        });
        addFlows(in, b);
        snapshot = b.build();

        measurements = measurements(in, ues);
        Map<ApDirection, Long> previousLimits = new HashMap<>();
        boolean up = false;
        for (ApView ap : in.aps()) {
            up |= ap.spec().regulates(Direction.UPLINK);
            ap.limitKbps().forEach((d, v) -> previousLimits.put(new ApDirection(ap.spec().id(), d), v * 1000));
        }
        uplink = up;
        Map<String, String> previousPrimaries = new HashMap<>(in.previousPrimaries());
        previousPrimaries.values().removeIf(apId -> !apById.containsKey(apId));
        previous = RegulationState.of(previousLimits, previousPrimaries, lawMemory)
                .withDemotionHolds(holds).withPrimaryWatches(watches);
    }

    /**
     * Builds the core's view of a cycle.
     *
     * @param in            what the cycle sees
     * @param lawMemory      what the law remembers per AP direction from the last cycle
     * @param holds          the demotion holds the last cycle left in force, by UE id
     * @param watches        the multipath users' links and challengers of the last cycle, by UE id
     * @return the snapshot and its maps
     */
    static CoreSnapshot of(EngineInput in, Map<ApDirection, LawMemory> lawMemory, Map<String, DemotionHold> holds,
                           Map<String, PrimaryWatch> watches) {
        return new CoreSnapshot(in, lawMemory, holds, watches);
    }

    /** Bytes counted per dropped packet: the agents count drops in packets; a full Ethernet frame's payload. */
    static final long DROPPED_PACKET_BYTES = 1500;

    /** Each AP's occupancy per direction and its station queues, each matched to its UE (or none). */
    private static Measurements measurements(EngineInput in, UeIndex ues) {
        Measurements.Builder m = Measurements.builder();
        for (ApView ap : in.aps()) {
            String id = ap.spec().id();
            ap.occupancy().forEach((d, v) -> m.occupancy(new ApDirection(id, d), v));
            for (StationQueueTelemetry q : ap.stationQueues()) {
                m.station(new ApDirection(id, q.direction()), new StationLoad(ues.stationQueueUe(q), q.occupancy(),
                        ap.window().rateBps(q.sentBytes()).orElse(StationLoad.UNKNOWN),
                        ap.window().rateBps(q.drops() * DROPPED_PACKET_BYTES).orElse(StationLoad.UNKNOWN)));
            }
        }
        return m.build();
    }

    /** Connections from the stations' reports, then from flows at APs that did not report their UE. */
    private void addLinks(EngineInput in, UeIndex ues) {
        for (ApView ap : in.aps()) {
            for (StationTelemetry st : ap.stations()) {
                String ue = ues.stationUe(st);
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
    }

    /**
     * The flows at configured APs with their rates; a TCP flow of small average packets (uplink: or none
     * yet) is an ACK stream.
     */
    private void addFlows(EngineInput in, NetworkSnapshot.Builder b) {
        for (FlowView f : in.flows()) {
            if (!apById.containsKey(f.apId())) {
                continue;
            }
            FlowMatch m = f.match();
            FlowKey key = new FlowKey(m.src().toInetAddress(), m.srcPort(), m.dst().toInetAddress(), m.dstPort(),
                    m.protocol());
            // an uplink flow without any packet counted yet (a new rule before its first flow-stats poll)
            // is most likely the ACK stream of a download: not metered until its counters show otherwise
            boolean ack = m.protocol() == IPv4.PROTOCOL_TCP && (f.packets() == 0
                    ? f.direction() == Direction.UPLINK
                    : f.bytes() / f.packets() <= CoreRegulationEngine.ACK_MAX_AVG_BYTES);
            b.add(new Flow(key, f.direction(), f.ueId(), f.apId(), f.bytes(), f.packets(), ack, rate(f)));
            flowByKey.put(flowKey(f.apId(), key, f.direction()), f);
        }
    }

    /**
     * A flow's rate over the last cycle in bit/s, -1 when not measured (negative or NaN) or not measured under
     * the rule and meter in force ({@link FlowView#rateUnderOneMeter()}).
     */
    private static long rate(FlowView f) {
        double r = f.rateBps();
        return r >= 0 && f.rateUnderOneMeter() ? (long) Math.min(r, Long.MAX_VALUE) : -1L;
    }

    /**
     * The cycle flow behind one of the core's flows.
     *
     * @param flow a flow of the snapshot
     * @return the cycle's flow, or null
     */
    FlowView cycleFlow(Flow flow) {
        return flowByKey.get(flowKey(flow.apId(), flow.key(), flow.direction()));
    }

    private static String flowKey(String apId, FlowKey key, Direction d) {
        return apId + "|" + key + "|" + d;
    }
}
