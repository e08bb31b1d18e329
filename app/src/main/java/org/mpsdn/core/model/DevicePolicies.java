package org.mpsdn.core.model;

/**
 * Dense per-device attributes of a {@link NetworkSnapshot}: whether the device is a multipath
 * user, and its operator {@link UserPolicy} resolved against its connections (exempt; the
 * connection its primary is pinned to).
 */
final class DevicePolicies {
    /** Multipath user, per device. */
    final boolean[] multipath;
    /** Exempt from regulation, per device. */
    final boolean[] exempt;
    /** Connection the primary is pinned to per device, -1 when not pinned or not connected to that AP. */
    final int[] pinned;

    /**
     * Resolves the devices' policies.
     *
     * @param ues         the devices, by index
     * @param connections their connections
     */
    DevicePolicies(UserEquipment[] ues, ConnectionTable connections) {
        multipath = new boolean[ues.length];
        exempt = new boolean[ues.length];
        pinned = new int[ues.length];
        for (int u = 0; u < ues.length; u++) {
            multipath[u] = ues[u].multipath();
            UserPolicy policy = ues[u].policy();
            exempt[u] = policy.mode() == UserPolicy.Mode.EXEMPT;
            pinned[u] = policy.mode() == UserPolicy.Mode.PIN_PRIMARY
                    ? connections.indexOf(u, policy.pinnedApId().orElseThrow()) : -1;
        }
    }
}
