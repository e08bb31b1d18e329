package org.mpsdn.core.model;

import java.util.Arrays;
import java.util.List;

/**
 * The connections of a {@link NetworkSnapshot} whose AP and device exist, numbered in ascending
 * (device, AP) order, with dense copies of what the algorithms read per connection and the
 * connections of every device and every AP. A connection naming an unknown AP or device is
 * dropped and counted; a second connection between the same device and AP is rejected. Beyond
 * this numbering, the algorithms order connections only by stable keys (rates, RSSI, ids).
 */
final class ConnectionTable {
    /** The connections by index. */
    final Connection[] connections;
    /** AP index per connection. */
    final int[] ap;
    /** Device index per connection. */
    final int[] ue;
    /** PHY rate per connection, bit/s. */
    final long[] phy;
    /** RSSI per connection, dBm. */
    final double[] rssi;
    /** AP id per connection. */
    final String[] apId;
    /** The connections of device u are [ueStart[u], ueStart[u + 1]). */
    final int[] ueStart;
    /** The connections of AP a are byAp[apStart[a] .. apStart[a + 1]). */
    final int[] apStart;
    /** Connection indices grouped by AP. */
    final int[] byAp;
    /** Connections dropped for naming an unknown AP or device. */
    final int dropped;

    /**
     * Keeps, numbers and groups connections.
     *
     * @param parts the connections in any order
     * @param aps   the access points
     * @param ues   the devices
     * @throws IllegalArgumentException on two connections between the same device and AP
     */
    ConnectionTable(List<Connection> parts, IdIndex<AccessPoint> aps, IdIndex<UserEquipment> ues) {
        // connections whose AP and device exist
        int total = parts.size();
        Connection[] kept = new Connection[total];
        int[] keptAp = new int[total];
        int[] keptUe = new int[total];
        int n = 0;
        for (Connection c : parts) {
            int a = aps.indexOf(c.apId());
            int u = ues.indexOf(c.ueId());
            if (a < 0 || u < 0) {
                continue;
            }
            kept[n] = c;
            keptAp[n] = a;
            keptUe[n] = u;
            n++;
        }
        dropped = total - n;
        // numbered by (device, AP)
        ueStart = new int[ues.size() + 1];
        int[] order = groupBy(Arrays.copyOf(keptUe, n), ues.size(), ueStart);
        connections = new Connection[n];
        ap = new int[n];
        ue = new int[n];
        for (int i = 0; i < n; i++) {
            connections[i] = kept[order[i]];
            ap[i] = keptAp[order[i]];
            ue[i] = keptUe[order[i]];
        }
        for (int u = 0; u < ues.size(); u++) {
            sortByAp(ueStart[u], ueStart[u + 1]);
        }
        // dense copies read by the algorithms
        phy = new long[n];
        rssi = new double[n];
        apId = new String[n];
        for (int i = 0; i < n; i++) {
            apId[i] = connections[i].apId();
            phy[i] = connections[i].phyRateBps();
            rssi[i] = connections[i].rssiDbm();
        }
        apStart = new int[aps.size() + 1];
        byAp = groupBy(ap, aps.size(), apStart);
        rejectDuplicates();
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
            int a = ap[i];
            int u = ue[i];
            int j = i - 1;
            while (j >= from && ap[j] > a) {
                connections[j + 1] = connections[j];
                ap[j + 1] = ap[j];
                ue[j + 1] = ue[j];
                j--;
            }
            connections[j + 1] = c;
            ap[j + 1] = a;
            ue[j + 1] = u;
        }
    }

    private void rejectDuplicates() {
        for (int u = 0; u + 1 < ueStart.length; u++) {
            for (int i = ueStart[u]; i < ueStart[u + 1]; i++) {
                for (int j = i + 1; j < ueStart[u + 1]; j++) {
                    if (ap[i] == ap[j]) {
                        throw new IllegalArgumentException("duplicate connection " + connections[i].ueId() + "@"
                                + connections[i].apId());
                    }
                }
            }
        }
    }

    /** @return number of connections */
    int size() {
        return connections.length;
    }

    /**
     * Index of the connection between a device and an AP.
     *
     * @param u      device index
     * @param wanted AP identifier
     * @return connection index, or -1 if the device has no connection to that AP
     */
    @SuppressWarnings("ReferenceEquality") // identity fast path before equals
    int indexOf(int u, String wanted) {
        for (int i = ueStart[u]; i < ueStart[u + 1]; i++) {
            String id = apId[i];
            if (id == wanted || id.equals(wanted)) {
                return i;
            }
        }
        return -1;
    }
}
