package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.DecodeStats;
import org.mpsdn.mptcp.wire.DecodedPacket;
import org.mpsdn.mptcp.wire.PacketDecoder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Feeds captured frames (one capture per AP) to a tracker in time order, optionally only those the
 * {@link PuntRecipe} sends to the controller, and records the grouping after every frame.
 */
final class Replay {
    /** One frame and the AP it was captured at. */
    static final class Frame {
        final String apId;
        final long micros;
        final byte[] bytes;

        Frame(String apId, long micros, byte[] bytes) {
            this.apId = apId;
            this.micros = micros;
            this.bytes = bytes;
        }
    }

    final MultipathUserTracker tracker = new MultipathUserTracker();
    final List<String> summaries = new ArrayList<>();
    final List<UserSnapshot> snapshots = new ArrayList<>();
    private final boolean puntOnly;
    int fed;

    Replay(boolean puntOnly) {
        this.puntOnly = puntOnly;
    }

    static List<Frame> merge(Map<String, List<PcapReader.Record>> byAp) {
        List<Frame> all = new ArrayList<>();
        for (Map.Entry<String, List<PcapReader.Record>> e : byAp.entrySet()) {
            for (PcapReader.Record r : e.getValue()) {
                all.add(new Frame(e.getKey(), r.micros, r.frame));
            }
        }
        all.sort(Comparator.comparingLong((Frame f) -> f.micros));
        return all;
    }

    /** Tells whether the punt recipe (or, for UDP, first-packet punting) sends the frame up. */
    static boolean punted(byte[] frame) {
        DecodedPacket p = PacketDecoder.decode(frame, new DecodeStats());
        return p == null || !p.isTcp() || PuntRecipe.punted(p.tcpFlags());
    }

    void feed(Frame f) {
        feed(f, f.micros / 1000);
    }

    void feed(Frame f, long now) {
        if (puntOnly && !punted(f.bytes)) {
            return;
        }
        tracker.onPacket(f.apId, f.bytes, now);
        fed++;
        UserSnapshot s = tracker.users(now);
        snapshots.add(s);
        summaries.add(summary(s));
    }

    void feedAll(List<Frame> frames) {
        for (Frame f : frames) {
            feed(f);
        }
    }

    /** Grouping as text: users sorted, each "addr+addr:MP" or "addr:SP". */
    static String summary(UserSnapshot s) {
        TreeSet<String> users = new TreeSet<>();
        for (MultipathUser u : s.users()) {
            List<String> a = new ArrayList<>();
            u.addresses().forEach(x -> a.add(x.getHostAddress()));
            a.sort(null);
            users.add(String.join("+", a) + (u.multipath() ? ":MP" : ":SP"));
        }
        return users.toString();
    }
}
