package org.mpsdn.mptcp;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.mpsdn.mptcp.wire.MptcpTokens;

import java.net.InetAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Jazzer fuzz test of the tracker: arbitrary sequences of handshake-like and raw frames, flow
 * removals, station lists and registrations over a small address and key space (so that flows,
 * tokens and addresses collide). Invariants: no exception; users own disjoint addresses; every
 * live flow belongs to a listed user.
 */
class MultipathUserTrackerFuzzTest {
    private static final String[] CLIENTS = {"10.1.0.11", "10.2.0.11", "10.1.0.12", "2001:db8::12"};
    private static final String[] SERVERS = {"10.0.0.1", "2001:db8::1"};  // IPv4, IPv6
    private static final long[] KEYS = {1L, 2L, 0x1122334455667788L};
    private static final int[] FLAGS = {0x002, 0x012, 0x010, 0x011, 0x004, 0x014, 0x018};

    @FuzzTest(maxDuration = "30s")
    void track(FuzzedDataProvider d) {
        MultipathUserTracker t = new MultipathUserTracker(1000, 500, 200);
        long now = 0;
        int steps = d.consumeInt(0, 60);
        for (int i = 0; i < steps && d.remainingBytes() > 0; i++) {
            now += d.consumeInt(0, 400);
            String ap = "ap" + d.consumeInt(1, 3);
            int what = d.consumeInt(0, 9);
            String c = d.pickValue(CLIENTS);
            String s = SERVERS[c.contains(":") ? 1 : 0];   // same address family as the client
            int cport = d.consumeInt(1, 3);
            if (what == 0) {
                t.onPacket(ap, d.consumeBytes(200), now);
            } else if (what == 1) {
                t.onFlowRemoved(6, Frames.ip(c), cport, Frames.ip(s), 80, now);
            } else if (what == 2) {
                t.updateStations(ap, Map.of(Frames.ip(c), d.pickValue(new String[]{"02:00:00:00:00:01",
                        "02:00:00:00:00:02"})), now);
            } else if (what == 3) {
                t.setRegistrations(List.of(new Registration("ue-" + d.consumeInt(1, 2), Set.of(Frames.ip(c)),
                        Set.of())));
            } else if (what == 4) {
                t.onPacket(ap, Frames.udp(c, cport, s, 443, 10), now);
            } else {
                int flags = d.pickValue(FLAGS);
                boolean fromClient = d.consumeBoolean();
                byte[] opt;
                int o = d.consumeInt(0, 6);
                long key = d.pickValue(KEYS);
                int v = d.consumeInt(0, 1);
                if (o == 0) {
                    opt = Frames.mpCapable(v, v == 1 ? 4 : 12, v == 1 ? null : key, null);
                } else if (o == 1) {
                    opt = Frames.mpCapable(v, 12, key, null);
                } else if (o == 2) {
                    opt = Frames.mpCapable(v, 20, key, d.pickValue(KEYS));
                } else if (o == 3) {
                    opt = Frames.joinSyn(MptcpTokens.token(key, v), 1, 1);
                } else if (o == 4) {
                    opt = Frames.joinSynAck(1, 1, 1);
                } else if (o == 5) {
                    opt = Frames.fastClose(key);
                } else {
                    opt = new byte[0];
                }
                byte[] f = fromClient ? Frames.tcp(c, cport, s, 80, flags, Frames.options(opt), 0)
                        : Frames.tcp(s, 80, c, cport, flags, Frames.options(opt), 0);
                t.onPacket(ap, f, now);
            }
            if (d.consumeBoolean()) {
                check(t.users(now));
            }
        }
        check(t.users(now));
    }

    private static void check(UserSnapshot s) {
        Set<InetAddress> seen = new HashSet<>();
        Set<String> ids = new HashSet<>();
        for (MultipathUser u : s.users()) {
            if (!ids.add(u.id())) {
                throw new IllegalStateException("duplicate user id " + u.id() + " in " + s);
            }
            for (InetAddress a : u.addresses()) {
                if (!seen.add(a)) {
                    throw new IllegalStateException("address " + a + " in two users: " + s);
                }
            }
        }
        for (TrackedFlow f : s.flows()) {
            if (!ids.contains(f.userId()) || !s.user(f.userId()).get().addresses().contains(f.userAddress())) {
                throw new IllegalStateException("flow " + f + " not owned by its user in " + s);
            }
        }
    }
}
