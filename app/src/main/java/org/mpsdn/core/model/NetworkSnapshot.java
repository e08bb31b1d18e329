package org.mpsdn.core.model;

import org.mpsdn.api.model.Direction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * An immutable view of one control domain at one instant: access points, devices, their
 * connections and the flows on them, indexed for O(1) navigation.
 *
 * <p>Indices are canonical: APs and devices in ascending id order, connections in ascending (device id, AP id)
 * order, so every iteration of the algorithms (sums included) is independent of the order in which the parts were
 * added. Only flows keep their insertion order (minus dropped flows), so that callers can match results to theirs.</p>
 *
 * <p>Malformed network data is ignored and counted rather than failing the whole cycle: a connection naming an
 * unknown AP or device is dropped ({@link #droppedConnections()}), a flow whose (UE, AP) pair is not a connection
 * is dropped ({@link #droppedFlows()}). Duplicate AP, device or connection ids are caller bugs and rejected.</p>
 */
public final class NetworkSnapshot {
    private final IdIndex<AccessPoint> aps;
    private final IdIndex<UserEquipment> ues;
    private final ConnectionTable connections;
    private final DevicePolicies devices;
    private final FlowTable flows;

    NetworkSnapshot(List<AccessPoint> apIn, List<UserEquipment> ueIn, List<Connection> connIn, List<Flow> flowIn) {
        this(new DeviceTables(apIn, ueIn, connIn), flowIn);
    }

    private NetworkSnapshot(DeviceTables d, List<Flow> flowIn) {
        this(d, new FlowTable(flowIn, d.ues, d.connections));
    }

    /**
     * A snapshot of parts already indexed ({@link LiveNetwork}); none of them may change afterwards.
     *
     * @param d         the APs, devices and connections
     * @param flowTable the flows
     */
    NetworkSnapshot(DeviceTables d, FlowTable flowTable) {
        aps = d.aps;
        ues = d.ues;
        connections = d.connections;
        devices = d.policies;
        flows = flowTable;
    }

    /** @return an empty builder */
    public static SnapshotBuilder builder() {
        return new SnapshotBuilder();
    }

    /**
     * Creates a snapshot from collections.
     *
     * @param aps         access points
     * @param ues         devices
     * @param connections connections
     * @param flows       flows
     * @return the snapshot
     * @throws IllegalArgumentException on duplicate ids
     */
    public static NetworkSnapshot of(Collection<AccessPoint> aps, Collection<UserEquipment> ues,
                                     Collection<Connection> connections, Collection<Flow> flows) {
        return new NetworkSnapshot(new ArrayList<>(aps), new ArrayList<>(ues), new ArrayList<>(connections),
                new ArrayList<>(flows));
    }

    /** @return number of access points */
    public int apCount() {
        return aps.size();
    }

    /**
     * Access point by index (ascending id order).
     *
     * @param index in [0, apCount)
     * @return the AP
     */
    public AccessPoint ap(int index) {
        return aps.items[index];
    }

    /**
     * Index of an access point.
     *
     * @param apId identifier
     * @return the index, or -1 if absent
     */
    public int apIndex(String apId) {
        return aps.indexOf(apId);
    }

    /** @return number of devices */
    public int ueCount() {
        return ues.size();
    }

    /**
     * Device by index (ascending id order).
     *
     * @param index in [0, ueCount)
     * @return the device
     */
    public UserEquipment ue(int index) {
        return ues.items[index];
    }

    /**
     * Index of a device.
     *
     * @param ueId identifier
     * @return the index, or -1 if absent
     */
    public int ueIndex(String ueId) {
        return ues.indexOf(ueId);
    }

    /**
     * Whether a device is a multipath user (same as {@code ue(index).multipath()}, from a dense array).
     *
     * @param ue device index
     * @return true for a multipath user
     */
    public boolean ueMultipath(int ue) {
        return devices.multipath[ue];
    }

    /**
     * Whether the operator exempted a device from regulation ({@link UserPolicy.Mode#EXEMPT}).
     *
     * @param ue device index
     * @return true if all its flows are Tier 1
     */
    public boolean ueExempt(int ue) {
        return devices.exempt[ue];
    }

    /**
     * The connection the operator pinned a device's primary to ({@link UserPolicy.Mode#PIN_PRIMARY}).
     *
     * @param ue device index
     * @return connection index, or -1 when the device is not pinned or has no connection to the pinned AP
     */
    public int uePinnedConnection(int ue) {
        return devices.pinned[ue];
    }

    /**
     * Whether a device is pinned to an AP it has no connection to (it is then regulated by default).
     *
     * @param ue device index
     * @return true if pinned without a connection to the pinned AP
     */
    public boolean uePinUnmet(int ue) {
        return ues.items[ue].policy().mode() == UserPolicy.Mode.PIN_PRIMARY && devices.pinned[ue] < 0;
    }

    /** @return number of connections */
    public int connectionCount() {
        return connections.size();
    }

    /**
     * Connection by index.
     *
     * @param index in [0, connectionCount)
     * @return the connection
     */
    public Connection connection(int index) {
        return connections.connections[index];
    }

    /**
     * AP index of a connection.
     *
     * @param connection connection index
     * @return AP index
     */
    public int connectionAp(int connection) {
        return connections.ap[connection];
    }

    /**
     * Device index of a connection.
     *
     * @param connection connection index
     * @return device index
     */
    public int connectionUe(int connection) {
        return connections.ue[connection];
    }

    /**
     * PHY rate of a connection (same as {@code connection(index).phyRateBps()}, from a dense array).
     *
     * @param connection connection index
     * @return bit/s
     */
    public long connectionPhyRateBps(int connection) {
        return connections.phy[connection];
    }

    /**
     * RSSI of a connection (same as {@code connection(index).rssiDbm()}, from a dense array).
     *
     * @param connection connection index
     * @return dBm
     */
    public double connectionRssiDbm(int connection) {
        return connections.rssi[connection];
    }

    /**
     * Index of the connection between a device and an AP.
     *
     * @param ue   device index
     * @param apId AP identifier
     * @return connection index, or -1 if the device has no connection to that AP
     */
    public int connectionIndex(int ue, String apId) {
        return connections.indexOf(ue, apId);
    }

    /**
     * Number of connections of a device.
     *
     * @param ue device index
     * @return its degree
     */
    public int ueConnectionCount(int ue) {
        return connections.ueStart[ue + 1] - connections.ueStart[ue];
    }

    /**
     * The k-th connection of a device.
     *
     * @param ue device index
     * @param k  in [0, ueConnectionCount(ue))
     * @return connection index
     */
    public int ueConnection(int ue, int k) {
        return connections.ueStart[ue] + k;
    }

    /**
     * Number of connections of an AP.
     *
     * @param ap AP index
     * @return its number of associated devices
     */
    public int apConnectionCount(int ap) {
        return connections.apStart[ap + 1] - connections.apStart[ap];
    }

    /**
     * The k-th connection of an AP.
     *
     * @param ap AP index
     * @param k  in [0, apConnectionCount(ap))
     * @return connection index
     */
    public int apConnection(int ap, int k) {
        return connections.byAp[connections.apStart[ap] + k];
    }

    /** @return number of flows */
    public int flowCount() {
        return flows.size();
    }

    /**
     * Flow by index (insertion order of the kept flows), with its counters of this snapshot.
     *
     * @param index in [0, flowCount)
     * @return the flow
     */
    public Flow flow(int index) {
        return flows.flow(index);
    }

    /**
     * Measured rate of a flow (same as {@code flow(index).rateBps()}, from a dense array).
     *
     * @param flow flow index
     * @return bit/s, or -1 when not measured
     */
    public long flowRateBps(int flow) {
        return flows.rateBps(flow);
    }

    /**
     * Connection index of a flow.
     *
     * @param flow flow index
     * @return connection index
     */
    public int flowConnection(int flow) {
        return flows.connection[flow];
    }

    /**
     * Whether a flow is TCP (same as {@code flow(index).protocol() == TCP}, from a dense array).
     *
     * @param flow flow index
     * @return true for TCP
     */
    public boolean flowTcp(int flow) {
        return flows.tcp(flow);
    }

    /**
     * Direction of a flow (same as {@code flow(index).direction()}, from a dense array).
     *
     * @param flow flow index
     * @return the direction
     */
    public Direction flowDirection(int flow) {
        return flows.direction(flow);
    }

    /**
     * Whether a flow is marked as an ACK stream (same as {@code flow(index).ackStream()}).
     *
     * @param flow flow index
     * @return the mark
     */
    public boolean flowAckStream(int flow) {
        return flows.ackStream(flow);
    }

    /** @return the kept flows, in index order (unmodifiable) */
    public List<Flow> flows() {
        Flow[] all = new Flow[flows.size()];
        Arrays.setAll(all, flows::flow);
        return Collections.unmodifiableList(Arrays.asList(all));
    }

    /** @return number of connections dropped for naming an unknown AP or device */
    public int droppedConnections() {
        return connections.dropped;
    }

    /** @return number of flows dropped for not travelling over a known connection */
    public int droppedFlows() {
        return flows.dropped;
    }

    @Override
    public String toString() {
        return "NetworkSnapshot{aps=" + aps.size() + ", ues=" + ues.size() + ", connections="
                + connections.size() + ", flows=" + flows.size() + ", droppedConnections=" + connections.dropped
                + ", droppedFlows=" + flows.dropped + "}";
    }
}
