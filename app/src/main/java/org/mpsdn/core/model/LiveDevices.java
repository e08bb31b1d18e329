package org.mpsdn.core.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The access points, devices and connections of a {@link LiveNetwork}, and the (device, AP) pairs its flows
 * travel over. Every pair named by a connection or a flow has a slot that stays the same while it is named;
 * {@link #canon} leads a slot to its connection's index in the current {@link DeviceTables}, or -1 when the pair
 * is not a kept connection (the flows on it are then dropped, as {@link FlowTable} drops them). The tables are
 * rebuilt, in O(A log A + U log U + C), only after an AP, a device or a connection changed.
 */
final class LiveDevices {
    private final Map<String, AccessPoint> aps = new HashMap<>();
    private final Map<String, UserEquipment> ues = new HashMap<>();
    private final Map<Pair, Pair> pairs = new HashMap<>();
    private Pair[] pairKey = new Pair[16];
    private Connection[] pairConnection = new Connection[16];
    private int[] pairFlows = new int[16];
    /** Connection index per pair slot in {@link #tables()}, -1 when the pair is not a kept connection. */
    int[] canon = new int[16];
    private int[] free = new int[16];
    private int freeCount;
    private int high;
    /** The current tables; null after a change. */
    private DeviceTables tables;

    void putAp(AccessPoint ap) {
        if (!ap.equals(aps.put(ap.id(), ap))) {
            tables = null;
        }
    }

    void removeAp(String id) {
        if (aps.remove(id) != null) {
            tables = null;
        }
    }

    void putUe(UserEquipment ue) {
        if (!ue.equals(ues.put(ue.id(), ue))) {
            tables = null;
        }
    }

    void removeUe(String id) {
        if (ues.remove(id) != null) {
            tables = null;
        }
    }

    void putConnection(Connection c) {
        int s = slot(c.ueId(), c.apId());
        if (!c.equals(pairConnection[s])) {
            pairConnection[s] = c;
            tables = null;
        }
    }

    void removeConnection(String ueId, String apId) {
        Pair p = pairs.get(new Pair(ueId, apId));
        if (p != null && pairConnection[p.slot] != null) {
            pairConnection[p.slot] = null;
            tables = null;
            release(p.slot);
        }
    }

    /**
     * Makes the APs, devices and connections these, keeping the tables when nothing changed.
     *
     * @param apIn   access points
     * @param ueIn   devices
     * @param connIn connections
     * @throws IllegalArgumentException on a duplicate AP, device or connection
     */
    void replace(Collection<AccessPoint> apIn, Collection<UserEquipment> ueIn, Collection<Connection> connIn) {
        Set<String> apIds = new HashSet<>();
        apIn.forEach(ap -> requireNew(apIds.add(ap.id()), "access point id \"" + ap.id() + "\""));
        Set<String> ueIds = new HashSet<>();
        ueIn.forEach(ue -> requireNew(ueIds.add(ue.id()), "user equipment id \"" + ue.id() + "\""));
        Set<Pair> connIds = new HashSet<>();
        connIn.forEach(c -> requireNew(connIds.add(new Pair(c.ueId(), c.apId())),
                "connection " + c.ueId() + "@" + c.apId()));
        new ArrayList<>(aps.keySet()).stream().filter(id -> !apIds.contains(id)).forEach(this::removeAp);
        new ArrayList<>(ues.keySet()).stream().filter(id -> !ueIds.contains(id)).forEach(this::removeUe);
        for (int s = 0; s < high; s++) {
            if (pairConnection[s] != null && !connIds.contains(pairKey[s])) {
                removeConnection(pairKey[s].ue, pairKey[s].ap);
            }
        }
        apIn.forEach(this::putAp);
        ueIn.forEach(this::putUe);
        connIn.forEach(this::putConnection);
    }

    private static void requireNew(boolean added, String what) {
        if (!added) {
            throw new IllegalArgumentException("duplicate " + what);
        }
    }

    /**
     * Counts a flow on a pair.
     *
     * @param ueId the device's id
     * @param apId the AP's id
     * @return the pair's slot
     */
    int flowAdded(String ueId, String apId) {
        int s = slot(ueId, apId);
        pairFlows[s]++;
        return s;
    }

    /**
     * Uncounts a flow from the pair of a slot.
     *
     * @param s the slot
     */
    void flowRemoved(int s) {
        pairFlows[s]--;
        release(s);
    }

    /**
     * Visits every (device id, AP id) pair that carries a flow.
     *
     * @param visitor receives the device id and the AP id
     */
    void forEachFlowPair(BiConsumer<String, String> visitor) {
        for (int s = 0; s < high; s++) {
            if (pairFlows[s] > 0) {
                visitor.accept(pairKey[s].ue, pairKey[s].ap);
            }
        }
    }

    /** @return the tables of the current parts, rebuilt when one changed */
    DeviceTables tables() {
        if (tables == null) {
            List<Connection> conns = new ArrayList<>();
            for (int s = 0; s < high; s++) {
                if (pairConnection[s] != null) {
                    conns.add(pairConnection[s]);
                }
            }
            DeviceTables t = new DeviceTables(new ArrayList<>(aps.values()), new ArrayList<>(ues.values()), conns);
            Arrays.fill(canon, 0, high, -1);
            Connection[] kept = t.connections.connections;
            for (int c = 0; c < kept.length; c++) {
                canon[pairs.get(new Pair(kept[c].ueId(), kept[c].apId())).slot] = c;
            }
            tables = t;
        }
        return tables;
    }

    private int slot(String ueId, String apId) {
        Pair key = new Pair(ueId, apId);
        Pair known = pairs.get(key);
        if (known != null) {
            return known.slot;
        }
        int s = freeCount > 0 ? free[--freeCount] : high++;
        if (s == pairKey.length) {
            int n = s * 2;
            pairKey = Arrays.copyOf(pairKey, n);
            pairConnection = Arrays.copyOf(pairConnection, n);
            pairFlows = Arrays.copyOf(pairFlows, n);
            canon = Arrays.copyOf(canon, n);
            free = Arrays.copyOf(free, n);
        }
        pairKey[s] = key;
        key.slot = s;
        canon[s] = -1; // a pair new to the tables is no connection of theirs
        pairs.put(key, key);
        return s;
    }

    private void release(int s) {
        if (pairFlows[s] == 0 && pairConnection[s] == null) {
            pairs.remove(pairKey[s]);
            pairKey[s] = null;
            canon[s] = -1;
            free[freeCount++] = s;
        }
    }

    /** A (device id, AP id) pair, with its slot once it has one. */
    private static final class Pair {
        final String ue;
        final String ap;
        private final int hash;
        int slot = -1;

        Pair(String ue, String ap) {
            this.ue = ue;
            this.ap = ap;
            this.hash = ue.hashCode() * 31 + ap.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pair && ((Pair) o).ue.equals(ue) && ((Pair) o).ap.equals(ap);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
