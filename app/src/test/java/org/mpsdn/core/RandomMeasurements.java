package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;

import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random measurements for a {@link Nets} network: MacOcc (some missing, null, NaN or out of
 * range), station queues (of connected devices, unknown devices and unmatched stations; most with a
 * sent rate), flow rates (most measured, some not: written into the network's flows), and a previous
 * state (limits, and at some AP directions a usable air time learned and what Tier 1 sent at a decrease).
 */
final class RandomMeasurements {
    final Map<ApDirection, Double> occupancy = new HashMap<>();
    final List<Map.Entry<ApDirection, StationLoad>> stations = new ArrayList<>();
    final Map<ApDirection, Long> previousLimits = new HashMap<>();
    final Map<ApDirection, LawMemory> memory = new HashMap<>();

    RandomMeasurements(Nets n, long seed) {
        Random r = new Random(seed * 31 + 7);
        Double[] odd = {null, Double.NaN, 1.5, -0.1};
        for (AccessPoint a : n.aps) {
            for (Direction d : Direction.values()) {
                ApDirection key = ApDirection.of(a.id(), d);
                int pick = r.nextInt(10);
                if (pick < 7) {
                    occupancy.put(key, pick == 0 ? 0.0 : pick == 1 ? 1.0 : r.nextDouble());
                } else if (pick < 9) {
                    occupancy.put(key, odd[r.nextInt(odd.length)]);
                }
                if (r.nextInt(3) > 0) {
                    previousLimits.put(key, 1 + (long) (r.nextDouble() * 2 * a.capacityBps()));
                }
                double airtime = r.nextInt(3) == 0 ? 0.05 + 0.95 * r.nextDouble() : Double.NaN;
                long sentAtDecrease = r.nextInt(3) == 0 ? (long) (r.nextDouble() * 60_000_000L) : -1L;
                long tier2Served = r.nextInt(3) == 0 ? (long) (r.nextDouble() * 60_000_000L) : -1L;
                memory.put(key, LawMemory.of(airtime, sentAtDecrease, overflows(n, a, r), overflows(n, a, r),
                        overflows(n, a, r), overflows(n, a, r), tier2Served));
                addStations(n, a, key, r);
            }
        }
        boolean allMeasured = r.nextBoolean();
        for (int i = 0; i < n.flows.size(); i++) {
            Flow f = n.flows.get(i);
            long rate = !allMeasured && r.nextInt(10) == 0 ? -1 : (long) (r.nextDouble() * 60_000_000L);
            n.flows.set(i, new Flow(f.key(), f.direction(), f.ueId(), f.apId(), f.bytes(), f.packets(),
                    f.ackStream(), rate));
        }
    }

    private void addStations(Nets n, AccessPoint a, ApDirection key, Random r) {
        if (r.nextInt(4) == 0) {
            return; // this AP and direction reports no station queue
        }
        for (Connection c : n.connections) {
            if (c.apId().equals(a.id()) && r.nextInt(5) > 0) {
                stations.add(new SimpleEntry<>(key, new StationLoad(c.ueId(), r.nextDouble(), sent(r),
                        dropped(r)).withBusyShare(busy(r))));
            }
        }
        if (r.nextBoolean()) {
            stations.add(new SimpleEntry<>(key, new StationLoad(null, r.nextDouble(), sent(r))));
        }
        if (r.nextBoolean()) {
            stations.add(new SimpleEntry<>(key, new StationLoad("stranger", r.nextDouble())));
        }
    }

    // a busy share: unknown, empty, full or anything between
    private static double busy(Random r) {
        int pick = r.nextInt(4);
        return pick == 0 ? Double.NaN : pick == 1 ? 0.0 : pick == 2 ? 1.0 : r.nextDouble();
    }

    // the Tier-1 queues remembered as overflowing, or the stations remembered as served: none, or some of the AP's
    // stations (and an unmatched one), each with a sent rate that is unknown or up to the largest sent rate
    private static Map<String, Long> overflows(Nets n, AccessPoint a, Random r) {
        Map<String, Long> out = new HashMap<>();
        if (r.nextBoolean()) {
            return out;
        }
        for (Connection c : n.connections) {
            if (c.apId().equals(a.id()) && r.nextBoolean()) {
                out.put(c.ueId(), sent(r));
            }
        }
        if (r.nextInt(4) == 0) {
            out.put("", sent(r));
        }
        return out;
    }

    // what a queue dropped: unknown, nothing, or up to a tenth of the largest sent rate (bit/s)
    private static long dropped(Random r) {
        int k = r.nextInt(3);
        return k == 0 ? StationLoad.UNKNOWN : k == 1 ? 0L : (long) (r.nextDouble() * 6_000_000L);
    }

    private static long sent(Random r) {
        return r.nextInt(8) == 0 ? StationLoad.UNKNOWN : (long) (r.nextDouble() * 60_000_000L);
    }

    /** @return the previous state */
    RegulationState previous() {
        return RegulationState.of(previousLimits, Map.of(), memory);
    }

    /**
     * The measurements, the station readings added in an order drawn from the seed.
     *
     * @param orderSeed shuffles the station readings (0: as generated)
     * @return the measurements
     */
    Measurements build(long orderSeed) {
        List<Map.Entry<ApDirection, StationLoad>> st = new ArrayList<>(stations);
        if (orderSeed != 0) {
            Collections.shuffle(st, new Random(orderSeed));
        }
        Measurements.Builder b = Measurements.builder().occupancy(occupancy);
        st.forEach(e -> b.station(e.getKey(), e.getValue()));
        return b.build();
    }

    /**
     * What the stations carrying Tier 2 after a cycle sent at an AP direction, computed here independently of
     * the core: -1 when none was reported or one has no sent rate.
     *
     * @param s  the network
     * @param r  the cycle
     * @param ap AP index
     * @param d  direction
     * @return bit/s or -1
     */
    long tier2SentBps(NetworkSnapshot s, CycleResult r, int ap, Direction d) {
        ApDirection key = ApDirection.of(s.ap(ap).id(), d);
        long sum = 0;
        int seen = 0;
        for (Map.Entry<ApDirection, StationLoad> e : stations) {
            StationLoad l = e.getValue();
            if (!e.getKey().equals(key) || l.ueId().isEmpty()) {
                continue;
            }
            int ue = s.ueIndex(l.ueId().get());
            int c = ue < 0 ? -1 : s.connectionIndex(ue, key.apId());
            if (c < 0 || !carriesTier2(s, r, c, d)) {
                continue;
            }
            if (l.sentBps() < 0) {
                return -1;
            }
            sum += l.sentBps();
            seen++;
        }
        return seen == 0 ? -1 : sum;
    }

    private static boolean carriesTier2(NetworkSnapshot s, CycleResult r, int connection, Direction d) {
        for (int i = 0; i < s.flowCount(); i++) {
            if (s.flowConnection(i) == connection && s.flowDirection(i) == d && r.tier(i) == Tier.TIER2) {
                return true;
            }
        }
        return false;
    }
}
