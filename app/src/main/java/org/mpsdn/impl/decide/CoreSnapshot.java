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
import org.mpsdn.core.model.LiveSnapshot;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.model.UserEquipment;
import org.mpsdn.core.model.UserPolicy;
import org.mpsdn.impl.config.ApSpec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one cycle sees, in the core's terms: the {@link NetworkSnapshot} (APs, UEs, connections,
 * flows with their rates over the last cycle), the {@link Measurements} (fresh occupancies and
 * station queues, each queue matched to its UE like a station) and the previous state (limits,
 * primaries), plus what leads the core's answer back to the cycle's flows and APs. The snapshot is taken
 * from the domain's {@link LiveDomain}, to which the cycle's flows are applied as changes.
 */
final class CoreSnapshot {
    private static final double UNKNOWN_RSSI_DBM = Connection.MIN_RSSI_DBM;

    /** UE id to (AP id to {RSSI dBm, PHY rate bit/s}): the UE's connections. */
    final Map<String, Map<String, double[]>> links = new LinkedHashMap<>();
    /** The configured APs by id. */
    final Map<String, ApSpec> apById = new HashMap<>();
    /** Fresh occupancy and station queues per AP and direction. */
    final Measurements measurements;
    /** The core's snapshot. */
    final NetworkSnapshot snapshot;
    /** Limits in force and the previous primaries (of configured APs). */
    final RegulationState previous;
    /** Whether any AP regulates the uplink. */
    final boolean uplink;
    private final LiveDomain live;
    private final LiveSnapshot taken;

    private CoreSnapshot(EngineInput in, LiveDomain live, Map<ApDirection, LawMemory> lawMemory,
                         Map<String, DemotionHold> holds, Map<String, PrimaryWatch> watches) {
        UeIndex ues = new UeIndex(in.ues());
        in.aps().forEach(ap -> apById.put(ap.spec().id(), ap.spec()));
        this.live = live;
        live.apply(in.flows(), apById.keySet());
        addLinks(in, ues, live);
        List<AccessPoint> aps = new ArrayList<>();
        for (ApView ap : in.aps()) {
            aps.add(new AccessPoint(ap.spec().id(), ap.spec().kind(), ap.spec().capacityKbps() * 1000));
        }
        List<UserEquipment> devices = new ArrayList<>();
        List<Connection> connections = new ArrayList<>();
        links.forEach((ue, at) -> {
            devices.add(new UserEquipment(ue, ues.registeredMultipath(ue) || at.size() >= 2,
                    in.policies().getOrDefault(ue, UserPolicy.REGULATE)));
            at.forEach((apId, v) -> connections.add(new Connection(ue, apId, v[0], (long) v[1])));
        });
        live.network.replaceDevices(aps, devices, connections);
        taken = live.network.snapshot();
        snapshot = taken.snapshot();

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
     * @param live          the domain's network as the last cycle left it (this cycle's flows are applied to it)
     * @param lawMemory      what the law remembers per AP direction from the last cycle
     * @param holds          the demotion holds the last cycle left in force, by UE id
     * @param watches        the multipath users' links and challengers of the last cycle, by UE id
     * @return the snapshot and its maps
     */
    static CoreSnapshot of(EngineInput in, LiveDomain live, Map<ApDirection, LawMemory> lawMemory,
                           Map<String, DemotionHold> holds, Map<String, PrimaryWatch> watches) {
        return new CoreSnapshot(in, live, lawMemory, holds, watches);
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
                        ap.window().rateBps(q.drops() * DROPPED_PACKET_BYTES).orElse(StationLoad.UNKNOWN))
                        .withBusyShare(busyShare(q)));
            }
        }
        return m.build();
    }

    /**
     * The share of the window's samples in which a station queue held packets.
     *
     * @param q the agent's reading of the queue
     * @return in [0, 1]; NaN when the agent did not count its empty samples
     */
    static double busyShare(StationQueueTelemetry q) {
        if (q.emptySamples() < 0 || q.sampleCount() <= 0) {
            return Double.NaN;
        }
        return 1.0 - (double) q.emptySamples() / q.sampleCount();
    }

    /** Connections from the stations' reports, then from flows at APs that did not report their UE. */
    private void addLinks(EngineInput in, UeIndex ues, LiveDomain live) {
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
        // the live flows are those at configured APs
        live.network.forEachFlowPair((ue, apId) -> links.computeIfAbsent(ue, k -> new LinkedHashMap<>())
                .putIfAbsent(apId, new double[]{UNKNOWN_RSSI_DBM, apById.get(apId).capacityKbps() * 1000.0}));
    }

    /**
     * The cycle flow behind one of the core's flows.
     *
     * @param flow a flow index of {@link #snapshot}
     * @return the cycle's flow
     */
    FlowView cycleFlow(int flow) {
        return live.view(taken.flowHandle(flow));
    }
}
