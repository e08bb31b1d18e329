package org.mpsdn.core.model;

import org.mpsdn.api.model.Direction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable view of one control domain at one instant: access points, devices, their
 * connections and the flows on them, indexed for O(1) navigation.
 *
 * <p>Indices are canonical: APs and devices are numbered in ascending id order, connections
 * in ascending (device id, AP id) order, so every iteration the algorithms do (including the
 * order in which floating-point sums are accumulated) is independent of the order in which
 * the parts were added; every other order they use is sorted by stable keys (rates, RSSI,
 * ids). Only flows keep their insertion order (minus dropped flows), so that callers can
 * match results to their own lists; flows never influence each other's tier.</p>
 *
 * <p>Malformed network data is ignored and counted rather than failing the whole cycle: a
 * connection naming an unknown AP or device is dropped ({@link #droppedConnections()}), a
 * flow whose (UE, AP) pair is not a connection is dropped ({@link #droppedFlows()}).
 * Duplicate AP, device or connection ids are caller bugs and rejected.</p>
 */
public final class NetworkSnapshot {
    private final AccessPoint[] aps;
    private final Map<String, Integer> apIndex;
    private final UserEquipment[] ues;
    private final Map<String, Integer> ueIndex;
    private final Connection[] connections;
    private final int[] connectionAp;
    private final int[] connectionUe;
    private final long[] connectionPhy;
    private final double[] connectionRssi;
    private final String[] connectionApId;
    private final int[] ueConnStart;
    private final int[] apConnStart;
    private final int[] apConns;
    private final boolean[] ueMultipath;
    private final boolean[] ueExempt;
    private final int[] uePinned;
    private final Flow[] flows;
    private final int[] flowConnection;
    private final byte[] flowFlags;
    private final int droppedConnections;
    private final int droppedFlows;

    /** Flag bits of {@link #flowFlags}. */
    private static final int FLAG_TCP = 1;
    private static final int FLAG_UPLINK = 2;
    private static final int FLAG_ACK = 4;

    @SuppressWarnings("ReferenceEquality") // identity fast path before the HashMap lookup
    private NetworkSnapshot(Builder b) {
        // access points, sorted by id
        aps = b.aps.toArray(new AccessPoint[0]);
        Arrays.sort(aps, Comparator.comparing(AccessPoint::id));
        apIndex = new HashMap<>(aps.length * 2);
        for (int i = 0; i < aps.length; i++) {
            if (apIndex.put(aps[i].id(), i) != null) {
                throw new IllegalArgumentException("duplicate access point id \"" + aps[i].id() + "\"");
            }
        }
        // devices, sorted by id
        ues = b.ues.toArray(new UserEquipment[0]);
        Arrays.sort(ues, Comparator.comparing(UserEquipment::id));
        ueIndex = new HashMap<>(ues.length * 2);
        for (int i = 0; i < ues.length; i++) {
            if (ueIndex.put(ues[i].id(), i) != null) {
                throw new IllegalArgumentException("duplicate user equipment id \"" + ues[i].id() + "\"");
            }
        }
        ueMultipath = new boolean[ues.length];
        for (int i = 0; i < ues.length; i++) {
            ueMultipath[i] = ues[i].multipath();
        }
        // connections whose AP and UE exist, numbered by (UE id, AP id)
        int total = b.connections.size();
        Connection[] kept = new Connection[total];
        int[] keptAp = new int[total];
        int[] keptUe = new int[total];
        int n = 0;
        for (Connection c : b.connections) {
            Integer a = apIndex.get(c.apId());
            Integer u = ueIndex.get(c.ueId());
            if (a == null || u == null) {
                continue;
            }
            kept[n] = c;
            keptAp[n] = a;
            keptUe[n] = u;
            n++;
        }
        droppedConnections = total - n;
        int[] byUe = new int[ues.length + 1];
        int[] order = groupBy(Arrays.copyOf(keptUe, n), ues.length, byUe);
        connections = new Connection[n];
        connectionAp = new int[n];
        connectionUe = new int[n];
        for (int i = 0; i < n; i++) {
            connections[i] = kept[order[i]];
            connectionAp[i] = keptAp[order[i]];
            connectionUe[i] = keptUe[order[i]];
        }
        for (int u = 0; u < ues.length; u++) {
            sortByAp(byUe[u], byUe[u + 1]);
        }
        connectionPhy = new long[n];
        connectionRssi = new double[n];
        connectionApId = new String[n];
        for (int i = 0; i < n; i++) {
            connectionApId[i] = connections[i].apId();
            connectionPhy[i] = connections[i].phyRateBps();
            connectionRssi[i] = connections[i].rssiDbm();
        }
        ueConnStart = byUe;
        apConnStart = new int[aps.length + 1];
        apConns = groupBy(connectionAp, aps.length, apConnStart);
        rejectDuplicateConnections();
        // operator policies
        ueExempt = new boolean[ues.length];
        uePinned = new int[ues.length];
        for (int u = 0; u < ues.length; u++) {
            UserPolicy policy = ues[u].policy();
            ueExempt[u] = policy.mode() == UserPolicy.Mode.EXEMPT;
            uePinned[u] = policy.mode() == UserPolicy.Mode.PIN_PRIMARY
                    ? connectionOf(u, policy.pinnedApId().orElseThrow()) : -1;
        }
        // flows on known connections
        Flow[] keptFlows = new Flow[b.flows.size()];
        int[] keptConn = new int[keptFlows.length];
        byte[] keptFlags = new byte[keptFlows.length];
        int m = 0;
        String lastUeId = null;
        int lastUe = -1;
        for (Flow f : b.flows) {
            int u;
            if (f.ueId() == lastUeId) {
                u = lastUe;
            } else {
                Integer boxed = ueIndex.get(f.ueId());
                u = boxed == null ? -1 : boxed;
                lastUeId = f.ueId();
                lastUe = u;
            }
            int c = u < 0 ? -1 : connectionOf(u, f.apId());
            if (c < 0) {
                continue;
            }
            keptFlows[m] = f;
            keptConn[m] = c;
            keptFlags[m] = flags(f);
            m++;
        }
        droppedFlows = b.flows.size() - m;
        flows = m == keptFlows.length ? keptFlows : Arrays.copyOf(keptFlows, m);
        flowConnection = m == keptConn.length ? keptConn : Arrays.copyOf(keptConn, m);
        flowFlags = m == keptFlags.length ? keptFlags : Arrays.copyOf(keptFlags, m);
    }

    private static byte flags(Flow f) {
        int v = (f.protocol() == Protocol.TCP ? FLAG_TCP : 0) | (f.direction() == Direction.UPLINK ? FLAG_UPLINK : 0)
                | (f.ackStream() ? FLAG_ACK : 0);
        return (byte) v;
    }

    /** Counting sort of item indices by group; fills start[] (length groups + 1). */
    private static int[] groupBy(int[] groupOfItem, int groups, int[] start) {
        for (int g : groupOfItem) {
            start[g + 1]++;
        }
        for (int g = 0; g < groups; g++) {
            start[g + 1] += start[g];
        }
        int[] next = Arrays.copyOf(start, groups);
        int[] items = new int[groupOfItem.length];
        for (int i = 0; i < groupOfItem.length; i++) {
            items[next[groupOfItem[i]]++] = i;
        }
        return items;
    }

    /** Insertion sort of connections [from, to) of one device by AP index (devices have few). */
    private void sortByAp(int from, int to) {
        for (int i = from + 1; i < to; i++) {
            Connection c = connections[i];
            int a = connectionAp[i];
            int u = connectionUe[i];
            int j = i - 1;
            while (j >= from && connectionAp[j] > a) {
                connections[j + 1] = connections[j];
                connectionAp[j + 1] = connectionAp[j];
                connectionUe[j + 1] = connectionUe[j];
                j--;
            }
            connections[j + 1] = c;
            connectionAp[j + 1] = a;
            connectionUe[j + 1] = u;
        }
    }

    private void rejectDuplicateConnections() {
        for (int u = 0; u < ues.length; u++) {
            for (int i = ueConnStart[u]; i < ueConnStart[u + 1]; i++) {
                for (int j = i + 1; j < ueConnStart[u + 1]; j++) {
                    if (connectionAp[i] == connectionAp[j]) {
                        throw new IllegalArgumentException("duplicate connection " + ues[u].id() + "@"
                                + aps[connectionAp[i]].id());
                    }
                }
            }
        }
    }

    @SuppressWarnings("ReferenceEquality") // identity fast path before equals
    private int connectionOf(int ue, String apId) {
        for (int i = ueConnStart[ue]; i < ueConnStart[ue + 1]; i++) {
            String id = connectionApId[i];
            if (id == apId || id.equals(apId)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Starts a builder.
     *
     * @return an empty builder
     */
    public static Builder builder() {
        return new Builder();
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
        Builder b = builder();
        b.aps.addAll(aps);
        b.ues.addAll(ues);
        b.connections.addAll(connections);
        b.flows.addAll(flows);
        return b.build();
    }

    /** @return number of access points */
    public int apCount() {
        return aps.length;
    }

    /**
     * Access point by index (ascending id order).
     *
     * @param index in [0, apCount)
     * @return the AP
     */
    public AccessPoint ap(int index) {
        return aps[index];
    }

    /**
     * Index of an access point.
     *
     * @param apId identifier
     * @return the index, or -1 if absent
     */
    public int apIndex(String apId) {
        Integer i = apIndex.get(apId);
        return i == null ? -1 : i;
    }

    /** @return number of devices */
    public int ueCount() {
        return ues.length;
    }

    /**
     * Device by index (ascending id order).
     *
     * @param index in [0, ueCount)
     * @return the device
     */
    public UserEquipment ue(int index) {
        return ues[index];
    }

    /**
     * Index of a device.
     *
     * @param ueId identifier
     * @return the index, or -1 if absent
     */
    public int ueIndex(String ueId) {
        Integer i = ueIndex.get(ueId);
        return i == null ? -1 : i;
    }

    /**
     * Whether a device is a multipath user (same as {@code ue(index).multipath()}, from a dense array).
     *
     * @param ue device index
     * @return true for a multipath user
     */
    public boolean ueMultipath(int ue) {
        return ueMultipath[ue];
    }

    /**
     * Whether the operator exempted a device from regulation ({@link UserPolicy.Mode#EXEMPT}).
     *
     * @param ue device index
     * @return true if all its flows are Tier 1
     */
    public boolean ueExempt(int ue) {
        return ueExempt[ue];
    }

    /**
     * The connection the operator pinned a device's primary to ({@link UserPolicy.Mode#PIN_PRIMARY}).
     *
     * @param ue device index
     * @return connection index, or -1 when the device is not pinned or has no connection to
     *         the pinned AP
     */
    public int uePinnedConnection(int ue) {
        return uePinned[ue];
    }

    /**
     * Whether a device's pin cannot be honoured: it is pinned to an AP it has no connection to
     * (it is then regulated by default).
     *
     * @param ue device index
     * @return true if pinned without a connection to the pinned AP
     */
    public boolean uePinUnmet(int ue) {
        return ues[ue].policy().mode() == UserPolicy.Mode.PIN_PRIMARY && uePinned[ue] < 0;
    }

    /** @return number of connections */
    public int connectionCount() {
        return connections.length;
    }

    /**
     * Connection by index.
     *
     * @param index in [0, connectionCount)
     * @return the connection
     */
    public Connection connection(int index) {
        return connections[index];
    }

    /**
     * AP index of a connection.
     *
     * @param connection connection index
     * @return AP index
     */
    public int connectionAp(int connection) {
        return connectionAp[connection];
    }

    /**
     * Device index of a connection.
     *
     * @param connection connection index
     * @return device index
     */
    public int connectionUe(int connection) {
        return connectionUe[connection];
    }

    /**
     * PHY rate of a connection (same as {@code connection(index).phyRateBps()}, from a dense array).
     *
     * @param connection connection index
     * @return bit/s
     */
    public long connectionPhyRateBps(int connection) {
        return connectionPhy[connection];
    }

    /**
     * RSSI of a connection (same as {@code connection(index).rssiDbm()}, from a dense array).
     *
     * @param connection connection index
     * @return dBm
     */
    public double connectionRssiDbm(int connection) {
        return connectionRssi[connection];
    }

    /**
     * Index of the connection between a device and an AP.
     *
     * @param ue   device index
     * @param apId AP identifier
     * @return connection index, or -1 if the device has no connection to that AP
     */
    public int connectionIndex(int ue, String apId) {
        return connectionOf(ue, apId);
    }

    /**
     * Number of connections of a device.
     *
     * @param ue device index
     * @return its degree
     */
    public int ueConnectionCount(int ue) {
        return ueConnStart[ue + 1] - ueConnStart[ue];
    }

    /**
     * The k-th connection of a device.
     *
     * @param ue device index
     * @param k  in [0, ueConnectionCount(ue))
     * @return connection index
     */
    public int ueConnection(int ue, int k) {
        return ueConnStart[ue] + k;
    }

    /**
     * Number of connections of an AP.
     *
     * @param ap AP index
     * @return its number of associated devices
     */
    public int apConnectionCount(int ap) {
        return apConnStart[ap + 1] - apConnStart[ap];
    }

    /**
     * The k-th connection of an AP.
     *
     * @param ap AP index
     * @param k  in [0, apConnectionCount(ap))
     * @return connection index
     */
    public int apConnection(int ap, int k) {
        return apConns[apConnStart[ap] + k];
    }

    /** @return number of flows */
    public int flowCount() {
        return flows.length;
    }

    /**
     * Flow by index (insertion order of the kept flows).
     *
     * @param index in [0, flowCount)
     * @return the flow
     */
    public Flow flow(int index) {
        return flows[index];
    }

    /**
     * Connection index of a flow.
     *
     * @param flow flow index
     * @return connection index
     */
    public int flowConnection(int flow) {
        return flowConnection[flow];
    }

    /**
     * Whether a flow is TCP (same as {@code flow(index).protocol() == TCP}, from a dense array).
     *
     * @param flow flow index
     * @return true for TCP
     */
    public boolean flowTcp(int flow) {
        return (flowFlags[flow] & FLAG_TCP) != 0;
    }

    /**
     * Direction of a flow (same as {@code flow(index).direction()}, from a dense array).
     *
     * @param flow flow index
     * @return the direction
     */
    public Direction flowDirection(int flow) {
        return (flowFlags[flow] & FLAG_UPLINK) != 0 ? Direction.UPLINK : Direction.DOWNLINK;
    }

    /**
     * Whether a flow is marked as an ACK stream (same as {@code flow(index).ackStream()}).
     *
     * @param flow flow index
     * @return the mark
     */
    public boolean flowAckStream(int flow) {
        return (flowFlags[flow] & FLAG_ACK) != 0;
    }

    /** @return the kept flows, in index order (unmodifiable) */
    public List<Flow> flows() {
        return Collections.unmodifiableList(Arrays.asList(flows));
    }

    /** @return number of connections dropped for naming an unknown AP or device */
    public int droppedConnections() {
        return droppedConnections;
    }

    /** @return number of flows dropped for not travelling over a known connection */
    public int droppedFlows() {
        return droppedFlows;
    }

    @Override
    public String toString() {
        return "NetworkSnapshot{aps=" + aps.length + ", ues=" + ues.length + ", connections="
                + connections.length + ", flows=" + flows.length + ", droppedConnections=" + droppedConnections
                + ", droppedFlows=" + droppedFlows + "}";
    }

    /**
     * Collects the parts of a snapshot. Not thread-safe.
     */
    public static final class Builder {
        private final List<AccessPoint> aps = new ArrayList<>();
        private final List<UserEquipment> ues = new ArrayList<>();
        private final List<Connection> connections = new ArrayList<>();
        private final List<Flow> flows = new ArrayList<>();

        private Builder() {
        }

        /**
         * Adds an access point.
         *
         * @param ap the AP
         * @return this builder
         */
        public Builder add(AccessPoint ap) {
            aps.add(Checks.nonNull("ap", ap));
            return this;
        }

        /**
         * Adds a device.
         *
         * @param ue the device
         * @return this builder
         */
        public Builder add(UserEquipment ue) {
            ues.add(Checks.nonNull("ue", ue));
            return this;
        }

        /**
         * Adds a connection.
         *
         * @param connection the connection
         * @return this builder
         */
        public Builder add(Connection connection) {
            connections.add(Checks.nonNull("connection", connection));
            return this;
        }

        /**
         * Adds a flow.
         *
         * @param flow the flow
         * @return this builder
         */
        public Builder add(Flow flow) {
            flows.add(Checks.nonNull("flow", flow));
            return this;
        }

        /**
         * Builds the snapshot in O(A log A + U log U + C + F) for A APs, U devices, C connections
         * and F flows (plus the square of each device's number of connections).
         *
         * @return the snapshot
         * @throws IllegalArgumentException on duplicate AP, device or connection ids
         */
        public NetworkSnapshot build() {
            return new NetworkSnapshot(this);
        }
    }
}
