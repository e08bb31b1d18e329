package org.mpsdn.bench;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.FlowKey;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.UserEquipment;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A seeded synthetic control domain for the benchmarks: one UE per 10 flows, 60 % of them
 * multipath (one Wi-Fi connection plus the LTE cell or a second Wi-Fi AP, sometimes both),
 * 10 % of the APs LTE, PHY rates from the 802.11n/LTE range, 80 % TCP, 70 % downlink.
 * Parts are shuffled, as a controller collecting them from hash maps would hand them over.
 */
public final class SyntheticNetwork {
    private static final long[] WIFI_RATES = {6_500_000, 13_000_000, 26_000_000, 39_000_000, 52_000_000,
        58_500_000, 65_000_000, 130_000_000, 150_000_000};
    private static final long[] LTE_RATES = {2_000_000, 5_000_000, 10_000_000, 20_000_000, 40_000_000,
        75_000_000};

    /** Access points. */
    public final List<AccessPoint> aps = new ArrayList<>();
    /** Devices. */
    public final List<UserEquipment> ues = new ArrayList<>();
    /** Connections. */
    public final List<Connection> connections = new ArrayList<>();
    /** Flows. */
    public final List<Flow> flows = new ArrayList<>();
    /** A MAC occupancy for every AP and direction. */
    public final Map<ApDirection, Double> occupancy = new HashMap<>();

    /**
     * Generates a network.
     *
     * @param flowCount number of flows
     * @param apCount   number of APs
     * @param seed      random seed
     */
    public SyntheticNetwork(int flowCount, int apCount, long seed) {
        Random r = new Random(seed);
        int lteCount = Math.max(1, apCount / 10);
        for (int a = 0; a < apCount; a++) {
            boolean lte = a < lteCount;
            aps.add(new AccessPoint("ap-" + a, lte ? ApKind.LTE : ApKind.WIFI, lte ? 150_000_000L : 300_000_000L));
            for (Direction d : Direction.values()) {
                occupancy.put(ApDirection.of("ap-" + a, d), r.nextDouble());
            }
        }
        InetAddress server = address(0xC0000201);
        int ueCount = Math.max(1, flowCount / 10);
        int made = 0;
        for (int u = 0; u < ueCount; u++) {
            String ue = "ue-" + u;
            boolean multipath = r.nextDouble() < 0.6;
            ues.add(new UserEquipment(ue, multipath));
            List<String> mine = new ArrayList<>();
            String wifi = "ap-" + (lteCount + r.nextInt(Math.max(1, apCount - lteCount)));
            if (apCount == lteCount) {
                wifi = "ap-0";
            }
            mine.add(wifi);
            if (multipath) {
                String lte = "ap-" + r.nextInt(lteCount);
                if (!lte.equals(wifi)) {
                    mine.add(lte);
                }
                String second = "ap-" + (lteCount + r.nextInt(Math.max(1, apCount - lteCount)));
                if (r.nextBoolean() && !mine.contains(second)) {
                    mine.add(second);
                }
            }
            for (String ap : mine) {
                boolean isLte = Integer.parseInt(ap.substring(3)) < lteCount;
                long[] rates = isLte ? LTE_RATES : WIFI_RATES;
                connections.add(new Connection(ue, ap, -95 + r.nextInt(60), rates[r.nextInt(rates.length)]));
            }
            InetAddress ueIp = address(0x0A000000 + u);
            int perUe = u == ueCount - 1 ? flowCount - made : Math.min(10, flowCount - made);
            for (int f = 0; f < perUe; f++) {
                String ap = mine.get(r.nextInt(mine.size()));
                int proto = r.nextDouble() < 0.8 ? 6 : 17;
                boolean down = r.nextDouble() < 0.7;
                int port = 1024 + f;
                FlowKey key = down ? new FlowKey(server, 443, ueIp, port, proto)
                        : new FlowKey(ueIp, port, server, 443, proto);
                flows.add(new Flow(key, down ? Direction.DOWNLINK : Direction.UPLINK, ue, ap,
                        r.nextInt(1 << 20), r.nextInt(1 << 10), proto == 6 && !down && r.nextBoolean()));
            }
            made += perUe;
        }
        Collections.shuffle(ues, r);
        Collections.shuffle(connections, r);
        Collections.shuffle(flows, r);
    }

    private static InetAddress address(int v) {
        try {
            return InetAddress.getByAddress(new byte[]{(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8),
                (byte) v});
        } catch (UnknownHostException e) {
            throw new IllegalStateException("4-byte address rejected", e);
        }
    }

    /**
     * More flows over the network's connections, as a caller would add them in later cycles: each on a random
     * connection of its device, with the same mix of protocols, directions and ACK marks, ports from 20000 up.
     *
     * @param count number of flows
     * @param seed  random seed
     * @return the flows
     */
    public List<Flow> moreFlows(int count, long seed) {
        Random r = new Random(seed);
        InetAddress server = address(0xC0000201);
        List<Flow> more = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Connection c = connections.get(r.nextInt(connections.size()));
            InetAddress ueIp = address(0x0A000000 + Integer.parseInt(c.ueId().substring(3)));
            int proto = r.nextDouble() < 0.8 ? 6 : 17;
            boolean down = r.nextDouble() < 0.7;
            int port = 20_000 + i % 40_000;
            FlowKey key = down ? new FlowKey(server, 443, ueIp, port, proto)
                    : new FlowKey(ueIp, port, server, 443, proto);
            more.add(new Flow(key, down ? Direction.DOWNLINK : Direction.UPLINK, c.ueId(), c.apId(),
                    r.nextInt(1 << 20), r.nextInt(1 << 10), proto == 6 && !down && r.nextBoolean()));
        }
        return more;
    }

    /** @return the snapshot of these parts */
    public NetworkSnapshot snapshot() {
        return NetworkSnapshot.of(aps, ues, connections, flows);
    }
}
