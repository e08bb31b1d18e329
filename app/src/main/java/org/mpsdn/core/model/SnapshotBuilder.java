package org.mpsdn.core.model;

import java.util.ArrayList;
import java.util.List;

/** Collects the parts of a {@link NetworkSnapshot} ({@link NetworkSnapshot#builder()}). Not thread-safe. */
public final class SnapshotBuilder {
    private final List<AccessPoint> aps = new ArrayList<>();
    private final List<UserEquipment> ues = new ArrayList<>();
    private final List<Connection> connections = new ArrayList<>();
    private final List<Flow> flows = new ArrayList<>();

    SnapshotBuilder() {
    }

    /**
     * Adds an access point.
     *
     * @param ap the AP
     * @return this builder
     */
    public SnapshotBuilder add(AccessPoint ap) {
        aps.add(Checks.nonNull("ap", ap));
        return this;
    }

    /**
     * Adds a device.
     *
     * @param ue the device
     * @return this builder
     */
    public SnapshotBuilder add(UserEquipment ue) {
        ues.add(Checks.nonNull("ue", ue));
        return this;
    }

    /**
     * Adds a connection.
     *
     * @param connection the connection
     * @return this builder
     */
    public SnapshotBuilder add(Connection connection) {
        connections.add(Checks.nonNull("connection", connection));
        return this;
    }

    /**
     * Adds a flow.
     *
     * @param flow the flow
     * @return this builder
     */
    public SnapshotBuilder add(Flow flow) {
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
        return new NetworkSnapshot(aps, ues, connections, flows);
    }
}
