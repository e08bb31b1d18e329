package org.mpsdn.core;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.FlowKey;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.UserEquipment;
import org.mpsdn.core.model.UserPolicy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Test networks: a tiny fluent builder and a seeded random generator.
 */
public final class Nets {
    public final List<AccessPoint> aps = new ArrayList<>();
    public final List<UserEquipment> ues = new ArrayList<>();
    public final List<Connection> connections = new ArrayList<>();
    public final List<Flow> flows = new ArrayList<>();
    private int port = 10000;

    public Nets wifi(String id, long capacity) {
        aps.add(new AccessPoint(id, ApKind.WIFI, capacity));
        return this;
    }

    public Nets lte(String id, long capacity) {
        aps.add(new AccessPoint(id, ApKind.LTE, capacity));
        return this;
    }

    public Nets ue(String id, boolean multipath) {
        ues.add(new UserEquipment(id, multipath));
        return this;
    }

    public Nets ue(String id, boolean multipath, UserPolicy policy) {
        ues.add(new UserEquipment(id, multipath, policy));
        return this;
    }

    /** Replaces a device's policy. */
    public Nets policy(String id, UserPolicy policy) {
        for (int i = 0; i < ues.size(); i++) {
            UserEquipment u = ues.get(i);
            if (u.id().equals(id)) {
                ues.set(i, new UserEquipment(id, u.multipath(), policy));
            }
        }
        return this;
    }

    public Nets conn(String ue, String ap, double rssi, long phy) {
        connections.add(new Connection(ue, ap, rssi, phy));
        return this;
    }

    /** Adds a flow with a fresh 5-tuple. */
    public Nets flow(String ue, String ap, int proto, Direction dir, boolean ack) {
        int p = port++;
        FlowKey key = dir == Direction.DOWNLINK
                ? FlowKey.of("192.0.2.1", 80, "10.0.0.1", p, proto)
                : FlowKey.of("10.0.0.1", p, "192.0.2.1", 80, proto);
        flows.add(new Flow(key, dir, ue, ap, 1000, 10, ack));
        return this;
    }

    /** Gives every flow of a device at an AP a measured rate. */
    public Nets rate(String ue, String ap, long rateBps) {
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            if (f.ueId().equals(ue) && f.apId().equals(ap)) {
                flows.set(i, new Flow(f.key(), f.direction(), ue, ap, f.bytes(), f.packets(), f.ackStream(), rateBps));
            }
        }
        return this;
    }

    public Nets tcpDown(String ue, String ap) {
        return flow(ue, ap, 6, Direction.DOWNLINK, false);
    }

    public NetworkSnapshot build() {
        return NetworkSnapshot.of(aps, ues, connections, flows);
    }

    /**
     * Multipath device M with a strong W1 and a weak W2 connection, single-path S on W2, an LTE AP
     * L nobody uses, all of capacity cap; one TCP downlink flow on each connection.
     */
    public static Nets strongAndWeak(long cap) {
        return new Nets().wifi("W1", cap).wifi("W2", cap).lte("L", cap)
                .ue("M", true).ue("S", false)
                .conn("M", "W1", -40, 65_000_000).conn("M", "W2", -85, 6_000_000)
                .conn("S", "W2", -50, 54_000_000)
                .tcpDown("M", "W1").tcpDown("M", "W2").tcpDown("S", "W2");
    }

    /** The same parts in a random order. */
    public NetworkSnapshot buildShuffled(Random rnd) {
        List<AccessPoint> a = new ArrayList<>(aps);
        List<UserEquipment> u = new ArrayList<>(ues);
        List<Connection> c = new ArrayList<>(connections);
        List<Flow> f = new ArrayList<>(flows);
        Collections.shuffle(a, rnd);
        Collections.shuffle(u, rnd);
        Collections.shuffle(c, rnd);
        Collections.shuffle(f, rnd);
        return NetworkSnapshot.of(a, u, c, f);
    }

    /**
     * A random network: APs (about a quarter LTE), devices (multipath with probability mp),
     * 1-3 connections each (some devices none), 0-4 flows per connection of mixed protocols,
     * directions and ACK marks. PHY rates come from a small set so that ties happen.
     */
    public static Nets random(long seed, int apCount, int ueCount, double mp, long minCapacity) {
        Random r = new Random(seed);
        Nets n = new Nets();
        for (int a = 0; a < apCount; a++) {
            long cap = minCapacity + (long) (r.nextDouble() * 100_000_000L);
            if (r.nextInt(4) == 0) {
                n.lte("ap" + a, cap);
            } else {
                n.wifi("ap" + a, cap);
            }
        }
        long[] rates = {6_000_000, 12_000_000, 24_000_000, 54_000_000, 65_000_000, 150_000_000};
        int[] protos = {6, 6, 6, 17, 1};
        for (int u = 0; u < ueCount; u++) {
            String ue = "ue" + u;
            n.ue(ue, r.nextDouble() < mp);
            int degree = Math.min(apCount, r.nextInt(4));
            List<Integer> choice = new ArrayList<>();
            for (int a = 0; a < apCount; a++) {
                choice.add(a);
            }
            Collections.shuffle(choice, r);
            for (int k = 0; k < degree; k++) {
                String ap = "ap" + choice.get(k);
                n.conn(ue, ap, -90 + r.nextInt(8) * 5, rates[r.nextInt(rates.length)]);
                int flowCount = r.nextInt(5);
                for (int f = 0; f < flowCount; f++) {
                    Direction d = r.nextBoolean() ? Direction.DOWNLINK : Direction.UPLINK;
                    n.flow(ue, ap, protos[r.nextInt(protos.length)], d, r.nextInt(3) == 0);
                }
            }
        }
        // a little malformed data: a flow on a missing connection, a connection to a missing AP
        n.flows.add(new Flow(FlowKey.of("10.9.9.9", 1, "10.9.9.8", 2, 6), Direction.DOWNLINK, "ghost", "ap0",
                1, 1, false));
        n.connections.add(new Connection("ue0", "no-such-ap", -60, 54_000_000));
        return n;
    }
}
