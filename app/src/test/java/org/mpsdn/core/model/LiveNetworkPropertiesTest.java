package org.mpsdn.core.model;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.CycleResult;
import org.mpsdn.core.Profile;
import org.mpsdn.core.RegulationCenter;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.core.RegulationState;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;

/**
 * Property tests (jqwik) of {@link LiveNetwork}: after any sequence of changes to APs, devices, connections and
 * flows (additions, removals, new counters), its snapshot equals the one built from scratch from the same parts,
 * and a cycle on it decides as a cycle on the parts given in any order.
 */
class LiveNetworkPropertiesTest {
    private static final int APS = 4;
    private static final int UES = 6;
    private static final long[] PHY = {6_000_000, 24_000_000, 65_000_000, 150_000_000};

    /** Each change is six numbers: the change's kind, then its arguments. */
    @Provide
    Arbitrary<List<int[]>> changes() {
        return Arbitraries.integers().between(0, 9999).array(int[].class).ofSize(6).list().ofMaxSize(150);
    }

    @Property(tries = 400)
    void snapshotEqualsOneBuiltFromScratch(@ForAll("changes") List<int[]> changes) {
        LiveNetwork live = new LiveNetwork();
        Parts parts = new Parts();
        for (int[] c : changes) {
            parts.apply(c, live);
            if (c[5] % 7 == 0) {
                assertSame(live, parts);
            }
        }
        assertSame(live, parts);
    }

    @Property(tries = 200)
    void cycleDecidesAsOnThePartsInAnyOrder(@ForAll("changes") List<int[]> changes, @ForAll long seed,
                                            @ForAll Profile profile, @ForAll boolean uplink) {
        LiveNetwork live = new LiveNetwork();
        Parts parts = new Parts();
        changes.forEach(c -> parts.apply(c, live));
        Random r = new Random(seed);
        NetworkSnapshot fromLive = live.snapshot().snapshot();
        List<Flow> flows = new ArrayList<>(parts.flows.values());
        List<Connection> connections = new ArrayList<>(parts.connections.values());
        List<UserEquipment> ues = new ArrayList<>(parts.ues.values());
        Collections.shuffle(flows, r);
        Collections.shuffle(connections, r);
        Collections.shuffle(ues, r);
        NetworkSnapshot scratch = NetworkSnapshot.of(parts.aps.values(), ues, connections, flows);
        Map<ApDirection, Double> occupancy = new HashMap<>();
        parts.aps.keySet().forEach(ap -> occupancy.put(ApDirection.of(ap, Direction.DOWNLINK), r.nextDouble()));
        RegulationCenter rct = new RegulationCenter(RegulationParameters.builder().profile(profile)
                .regulateUplink(uplink).build());
        assertEquals(decisions(rct.cycle(scratch, occupancy, RegulationState.initial())),
                decisions(rct.cycle(fromLive, occupancy, RegulationState.initial())));
    }

    /** The snapshot of the live network and the one built from its parts, flows in handle order, are equal. */
    private static void assertSame(LiveNetwork live, Parts parts) {
        LiveSnapshot taken = live.snapshot();
        NetworkSnapshot expected = NetworkSnapshot.of(parts.aps.values(), parts.ues.values(),
                parts.connections.values(), parts.flows.values());
        assertEquals(describe(expected), describe(taken.snapshot()));
        for (int i = 0; i < taken.snapshot().flowCount(); i++) {
            assertEquals(parts.flows.get(taken.flowHandle(i)), taken.snapshot().flow(i));
        }
        assertEquals(parts.flows.size(), live.flowCount());
    }

    /** Everything a snapshot shows, as text. */
    static String describe(NetworkSnapshot s) {
        StringBuilder b = new StringBuilder(s.toString()).append('\n');
        for (int a = 0; a < s.apCount(); a++) {
            b.append(s.ap(a)).append(" conns");
            for (int k = 0; k < s.apConnectionCount(a); k++) {
                b.append(' ').append(s.apConnection(a, k));
            }
            b.append('\n');
        }
        for (int u = 0; u < s.ueCount(); u++) {
            b.append(s.ue(u)).append(' ').append(s.ueMultipath(u)).append(' ').append(s.ueExempt(u)).append(' ')
                    .append(s.uePinnedConnection(u)).append(' ').append(s.uePinUnmet(u)).append(" conns");
            for (int k = 0; k < s.ueConnectionCount(u); k++) {
                b.append(' ').append(s.ueConnection(u, k));
            }
            b.append('\n');
        }
        for (int c = 0; c < s.connectionCount(); c++) {
            b.append(s.connection(c)).append(' ').append(s.connectionAp(c)).append(' ').append(s.connectionUe(c))
                    .append(' ').append(s.connectionPhyRateBps(c)).append(' ').append(s.connectionRssiDbm(c))
                    .append('\n');
        }
        for (int f = 0; f < s.flowCount(); f++) {
            b.append(s.flow(f)).append(' ').append(s.flowConnection(f)).append(' ').append(s.flowTcp(f))
                    .append(' ').append(s.flowDirection(f)).append(' ').append(s.flowAckStream(f)).append(' ')
                    .append(s.flowRateBps(f)).append(' ').append(s.flow(f).rateBps()).append('\n');
        }
        assertEquals(s.flows().size(), s.flowCount());
        return b.toString();
    }

    /** A cycle's decisions by id: each flow's tier, each device's primary, each AP direction's limit. */
    private static Map<String, Object> decisions(CycleResult r) {
        NetworkSnapshot s = r.snapshot();
        Map<String, Object> out = new TreeMap<>();
        r.forEachFlow((flow, tier) -> {
            Object before = out.put("flow " + flow, tier);
            assertEquals(before == null ? tier : before, tier); // equal flows, equal tiers
        });
        for (int u = 0; u < s.ueCount(); u++) {
            out.put("primary " + s.ue(u).id(), String.valueOf(r.primaryApOf(s.ue(u).id()).orElse(null)));
        }
        for (int a = 0; a < s.apCount(); a++) {
            for (Direction d : Direction.values()) {
                out.put("limit " + s.ap(a).id() + d, r.tier2LimitBps(s.ap(a).id(), d).orElse(-2));
                out.put("tier2 " + s.ap(a).id() + d, r.tier2FlowCount(a, d));
            }
        }
        out.put("tier2", r.tier2FlowCount());
        out.put("flows", (long) s.flowCount() + " " + s.droppedFlows() + " " + s.droppedConnections());
        return out;
    }

    /** The parts a live network should hold, kept the simple way; flows by handle. */
    private static final class Parts {
        final Map<String, AccessPoint> aps = new TreeMap<>();
        final Map<String, UserEquipment> ues = new TreeMap<>();
        final Map<String, Connection> connections = new TreeMap<>();
        final TreeMap<Integer, Flow> flows = new TreeMap<>();

        void apply(int[] c, LiveNetwork live) {
            String ap = "ap" + c[1] % APS;
            String ue = "ue" + c[2] % UES;
            switch (c[0] % 12) {
                case 0:
                    AccessPoint a = new AccessPoint(ap, c[3] % 3 == 0 ? ApKind.LTE : ApKind.WIFI,
                            1_000_000L + c[4] * 100_000L);
                    aps.put(ap, a);
                    live.putAp(a);
                    break;
                case 1:
                    aps.remove(ap);
                    live.removeAp(ap);
                    break;
                case 2:
                    UserEquipment u = new UserEquipment(ue, c[3] % 2 == 0, policy(c[4]));
                    ues.put(ue, u);
                    live.putUe(u);
                    break;
                case 3:
                    ues.remove(ue);
                    live.removeUe(ue);
                    break;
                case 4:
                    Connection k = new Connection(ue, ap, -90 + c[3] % 60, PHY[c[4] % PHY.length]);
                    connections.put(ue + "@" + ap, k);
                    live.putConnection(k);
                    break;
                case 5:
                    connections.remove(ue + "@" + ap);
                    live.removeConnection(ue, ap);
                    break;
                case 6:
                case 7:
                    Flow f = flow(ue, ap, c);
                    flows.put(live.addFlow(f), f);
                    break;
                case 8:
                    if (!flows.isEmpty()) {
                        int h = pick(c[3]);
                        flows.remove(h);
                        live.removeFlow(h);
                    }
                    break;
                case 9:
                case 10:
                    if (!flows.isEmpty()) {
                        int h = pick(c[3]);
                        Flow old = flows.get(h);
                        Flow now = new Flow(old.key(), old.direction(), old.ueId(), old.apId(), old.bytes() + c[4],
                                old.packets() + c[4] % 10, c[5] % 3 == 0, c[5] % 5 == 0 ? -1 : c[5] * 1000L);
                        flows.put(h, now);
                        live.updateFlow(h, now.bytes(), now.packets(), now.ackStream(), now.rateBps());
                    }
                    break;
                default:
                    replace(c, live);
            }
        }

        /** Replaces all devices: drops one AP, device and connection, moves one connection's values. */
        private void replace(int[] c, LiveNetwork live) {
            aps.remove("ap" + c[1] % APS);
            ues.remove("ue" + c[2] % UES);
            connections.remove("ue" + c[3] % UES + "@ap" + c[4] % APS);
            connections.replaceAll((id, k) -> id.hashCode() % 3 == c[5] % 3
                    ? new Connection(k.ueId(), k.apId(), -40, PHY[c[5] % PHY.length]) : k);
            live.replaceDevices(new ArrayList<>(aps.values()), new ArrayList<>(ues.values()),
                    new ArrayList<>(connections.values()));
        }

        private int pick(int n) {
            List<Integer> handles = new ArrayList<>(flows.keySet());
            return handles.get(n % handles.size());
        }

        private static UserPolicy policy(int n) {
            switch (n % 4) {
                case 0:
                    return UserPolicy.EXEMPT;
                case 1:
                    return UserPolicy.pinPrimary("ap" + n % APS);
                default:
                    return UserPolicy.REGULATE;
            }
        }

        private static Flow flow(String ue, String ap, int[] c) {
            int proto = c[3] % 3 == 0 ? 17 : 6;
            boolean down = c[4] % 3 != 0;
            FlowKey key = down ? FlowKey.of("192.0.2.1", 443, "10.0.0." + c[2] % UES, 1024 + c[5] % 50, proto)
                    : FlowKey.of("10.0.0." + c[2] % UES, 1024 + c[5] % 50, "192.0.2.1", 443, proto);
            return new Flow(key, down ? Direction.DOWNLINK : Direction.UPLINK, ue, ap, c[4], c[4] % 7,
                    c[5] % 4 == 0, c[5] % 6 == 0 ? -1 : c[5] * 100L);
        }
    }
}
