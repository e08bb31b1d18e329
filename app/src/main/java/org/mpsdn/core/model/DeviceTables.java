package org.mpsdn.core.model;

import java.util.List;

/**
 * The indexed access points, devices and connections of a {@link NetworkSnapshot}, with the devices' resolved
 * policies. Immutable once built; {@link LiveNetwork} shares one among its snapshots until a part changes.
 */
final class DeviceTables {
    /** The access points, ascending by id. */
    final IdIndex<AccessPoint> aps;
    /** The devices, ascending by id. */
    final IdIndex<UserEquipment> ues;
    /** The connections between known devices and APs. */
    final ConnectionTable connections;
    /** The devices' multipath marks and policies. */
    final DevicePolicies policies;

    /**
     * Indexes the parts.
     *
     * @param apIn   access points, any order
     * @param ueIn   devices, any order
     * @param connIn connections, any order
     * @throws IllegalArgumentException on duplicate AP, device or connection ids
     */
    DeviceTables(List<AccessPoint> apIn, List<UserEquipment> ueIn, List<Connection> connIn) {
        aps = new IdIndex<>(apIn, new AccessPoint[0], AccessPoint::id, "access point");
        ues = new IdIndex<>(ueIn, new UserEquipment[0], UserEquipment::id, "user equipment");
        connections = new ConnectionTable(connIn, aps, ues);
        policies = new DevicePolicies(ues.items, connections);
    }
}
