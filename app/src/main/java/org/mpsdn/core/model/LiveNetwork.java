package org.mpsdn.core.model;

import java.util.Arrays;
import java.util.Collection;
import java.util.function.BiConsumer;

/**
 * A control domain kept across cycles and updated in place: access points, devices and connections put and
 * removed by id, flows added, removed and given new counters by handle. {@link #snapshot()} returns the
 * immutable {@link NetworkSnapshot} of the current parts, equal to the one {@link NetworkSnapshot#of} builds from
 * them with the flows in handle order.
 *
 * <p>Cost: a flow change is O(1) (an addition or a removal also looks up its (device, AP) pair once); a snapshot
 * is one pass over the flow arrays, O(F), without a lookup, an allocation per flow or a sort. The indexed APs,
 * devices and connections are shared by the snapshots until one of them changes, and only then rebuilt.</p>
 *
 * <p>Handles are small integers, reused after their flow is removed. Not thread-safe: one writer, and a snapshot
 * is taken by that writer (the snapshot itself may then be read anywhere).</p>
 */
public final class LiveNetwork {
    private final LiveDevices devices = new LiveDevices();
    /** The flows by handle (null: a free handle), with their pair's slot as the connection. */
    private final FlowTable.Columns slots = new FlowTable.Columns(16);
    private int[] free = new int[16];
    private int freeCount;
    private int high;
    private int count;

    /**
     * Adds an access point or replaces the one with its id.
     *
     * @param ap the AP
     */
    public void putAp(AccessPoint ap) {
        devices.putAp(Checks.nonNull("ap", ap));
    }

    /**
     * Removes an access point, if present.
     *
     * @param apId its id
     */
    public void removeAp(String apId) {
        devices.removeAp(Checks.nonNull("apId", apId));
    }

    /**
     * Adds a device or replaces the one with its id.
     *
     * @param ue the device
     */
    public void putUe(UserEquipment ue) {
        devices.putUe(Checks.nonNull("ue", ue));
    }

    /**
     * Removes a device, if present.
     *
     * @param ueId its id
     */
    public void removeUe(String ueId) {
        devices.removeUe(Checks.nonNull("ueId", ueId));
    }

    /**
     * Adds a connection or replaces the one between its device and AP.
     *
     * @param connection the connection
     */
    public void putConnection(Connection connection) {
        devices.putConnection(Checks.nonNull("connection", connection));
    }

    /**
     * Removes the connection between a device and an AP, if present.
     *
     * @param ueId the device's id
     * @param apId the AP's id
     */
    public void removeConnection(String ueId, String apId) {
        devices.removeConnection(Checks.nonNull("ueId", ueId), Checks.nonNull("apId", apId));
    }

    /**
     * Makes the access points, devices and connections exactly these (puts them, removes the others); the
     * indexed parts are kept when nothing changed.
     *
     * @param aps         access points
     * @param ues         devices
     * @param connections connections
     * @throws IllegalArgumentException on a null part or a duplicate AP, device or connection
     */
    public void replaceDevices(Collection<AccessPoint> aps, Collection<UserEquipment> ues,
                               Collection<Connection> connections) {
        aps.forEach(a -> Checks.nonNull("ap", a));
        ues.forEach(u -> Checks.nonNull("ue", u));
        connections.forEach(c -> Checks.nonNull("connection", c));
        devices.replace(aps, ues, connections);
    }

    /**
     * Adds a flow. It is kept in snapshots while its (device, AP) pair is a connection, dropped otherwise.
     *
     * @param flow the flow, with its first counters
     * @return its handle
     */
    public int addFlow(Flow flow) {
        Checks.nonNull("flow", flow);
        int h = freeCount > 0 ? free[--freeCount] : high++;
        if (h == free.length) {
            slots.resize(h * 2);
            free = Arrays.copyOf(free, h * 2);
        }
        slots.set(h, flow, devices.flowAdded(flow.ueId(), flow.apId()),
                FlowTable.flags(flow.protocol(), flow.direction(), flow.ackStream()), flow.bytes(), flow.packets(),
                flow.rateBps());
        count++;
        return h;
    }

    /**
     * Gives a flow new counters and ACK mark (see {@link Flow}).
     *
     * @param handle    the flow's handle
     * @param byteCount byte counter, &ge; 0
     * @param packetCount packet counter, &ge; 0
     * @param ackStream whether it is the ACK direction of a TCP flow
     * @param rateBps   rate over the last interval, bit/s, &ge; 0; or -1 when not measured
     * @throws IllegalArgumentException on an unknown handle or an out-of-range value
     */
    public void updateFlow(int handle, long byteCount, long packetCount, boolean ackStream, long rateBps) {
        live(handle);
        slots.bytes[handle] = Checks.inRange("bytes", byteCount, 0, Long.MAX_VALUE);
        slots.packets[handle] = Checks.inRange("packets", packetCount, 0, Long.MAX_VALUE);
        slots.rate[handle] = Checks.inRange("rateBps", rateBps, -1, Long.MAX_VALUE);
        // from the flags the flow has: reading the flow object would cost a cache miss per flow
        slots.flags[handle] = FlowTable.withAck(slots.flags[handle], ackStream);
    }

    /**
     * Removes a flow; its handle may be given to a later flow.
     *
     * @param handle the flow's handle
     * @throws IllegalArgumentException on an unknown handle
     */
    public void removeFlow(int handle) {
        live(handle);
        devices.flowRemoved(slots.connection[handle]);
        slots.flows[handle] = null;
        free[freeCount++] = handle;
        count--;
    }

    /** @return the number of flows (kept or not) */
    public int flowCount() {
        return count;
    }

    /**
     * Visits every (device id, AP id) pair that carries at least one flow, whether it is a connection or not.
     *
     * @param visitor receives the device id and the AP id
     */
    public void forEachFlowPair(BiConsumer<String, String> visitor) {
        devices.forEachFlowPair(visitor);
    }

    /**
     * The snapshot of the current parts.
     *
     * @return the snapshot, with the handle of each of its flows
     * @throws IllegalArgumentException when a device has two connections to one AP (cannot happen: they are
     *                                  put by pair)
     */
    public LiveSnapshot snapshot() {
        DeviceTables t = devices.tables();
        int[] canon = devices.canon;
        FlowTable.Columns kept = new FlowTable.Columns(count);
        int[] handles = new int[count];
        Flow[] flows = slots.flows;
        int[] pair = slots.connection;
        for (int h = 0; h < high; h++) {
            Flow f = flows[h];
            if (f == null) {
                continue;
            }
            int c = canon[pair[h]];
            if (c >= 0) {
                handles[kept.size] = h;
                kept.add(f, c, slots.flags[h], slots.bytes[h], slots.packets[h], slots.rate[h]);
            }
        }
        int[] used = kept.size == count ? handles : Arrays.copyOf(handles, kept.size);
        return new LiveSnapshot(new NetworkSnapshot(t, new FlowTable(kept, count)), used);
    }

    private Flow live(int handle) {
        if (handle < 0 || handle >= high || slots.flows[handle] == null) {
            throw new IllegalArgumentException("handle must be a flow's, was " + handle);
        }
        return slots.flows[handle];
    }
}
