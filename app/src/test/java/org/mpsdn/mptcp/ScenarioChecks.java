package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.DecodeEvent;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * What the captured scenarios of {@code deploy/fixtures/mptcp-capture.sh} must yield. Shared by the
 * tests on the committed fixtures and the root tests that capture them anew.
 */
final class ScenarioChecks {
    /** Grouping of the "users" scenario while all connections are up. */
    static final String USERS_EXPECTED = "[10.1.0.11+10.2.0.11:MP, 10.1.0.12+10.2.0.12:MP, 10.1.0.13:SP, 10.2.0.14:SP]";
    /** The true devices of the "users" scenario: no user may ever mix addresses of two of them. */
    static final List<Set<String>> USERS_DEVICES = List.of(Set.of("10.1.0.11", "10.2.0.11"),
            Set.of("10.1.0.12", "10.2.0.12"), Set.of("10.1.0.13"), Set.of("10.2.0.14"));

    private ScenarioChecks() {
    }

    static Map<String, List<PcapReader.Record>> load(Path dir, String scenario) throws IOException {
        Map<String, List<PcapReader.Record>> byAp = new LinkedHashMap<>();
        for (String ap : List.of("ap1", "ap2")) {
            Path p = dir.resolve(scenario + "-" + ap + ".pcap");
            if (Files.exists(p)) {
                try (InputStream in = Files.newInputStream(p)) {
                    byAp.put(ap, PcapReader.readAll(in));
                }
            }
        }
        return byAp;
    }

    /** Asserts that no user ever mixes two devices and returns true if the expected grouping was seen. */
    static void assertNeverMixesDevices(Replay r, List<Set<String>> devices) {
        for (UserSnapshot s : r.snapshots) {
            for (MultipathUser u : s.users()) {
                Set<String> addrs = new java.util.TreeSet<>();
                for (InetAddress a : u.addresses()) {
                    addrs.add(a.getHostAddress());
                }
                boolean within = false;
                for (Set<String> d : devices) {
                    within |= d.containsAll(addrs);
                }
                if (!within) {
                    fail("user " + u + " mixes devices in " + s);
                }
            }
        }
    }

    /** Runs the "users" checks and returns the grouping seen with all connections up. */
    static String checkUsers(Map<String, List<PcapReader.Record>> byAp, boolean puntOnly) {
        Replay r = new Replay(puntOnly);
        r.feedAll(Replay.merge(byAp));
        assertTrue("expected grouping never seen; saw " + r.summaries, r.summaries.contains(USERS_EXPECTED));
        assertNeverMixesDevices(r, USERS_DEVICES);
        // all TCP connections ended with FIN: only ue3's UDP flow (Tier 1) is left
        assertEquals("[10.1.0.13:SP]", r.summaries.get(r.summaries.size() - 1));
        assertEquals(0, r.tracker.decodeStats().malformed());
        assertEquals(2, r.tracker.eventCount(TrackerEvent.JOINS_RESOLVED));
        assertEquals(2, r.tracker.eventCount(TrackerEvent.MPTCP_CONNECTIONS));
        assertEquals(0, r.tracker.eventCount(TrackerEvent.FALLBACKS));
        if (puntOnly) {
            assertEquals(0, r.tracker.eventCount(TrackerEvent.MIDSTREAM_IGNORED));
        }
        UserSnapshot peak = r.snapshots.get(r.summaries.indexOf(USERS_EXPECTED));
        MultipathUser ue1 = peak.userOf(Frames.ip("10.1.0.11")).orElseThrow();
        assertEquals(2, ue1.connections().size());
        assertEquals("ap1", ue1.connections().get(0).apId());
        assertEquals(1, ue1.connections().get(0).primarySubflows());
        assertEquals("ap2", ue1.connections().get(1).apId());
        assertEquals(1, ue1.connections().get(1).joinSubflows());
        return USERS_EXPECTED;
    }

    static String checkFallback(Map<String, List<PcapReader.Record>> byAp, boolean puntOnly) {
        Replay r = new Replay(puntOnly);
        r.feedAll(Replay.merge(byAp));
        assertTrue(r.summaries.toString(), r.summaries.contains("[10.1.0.11:SP]"));
        assertFalse(r.summaries.toString().contains(":MP"));
        assertEquals(1, r.tracker.eventCount(TrackerEvent.FALLBACKS));
        assertEquals(0, r.tracker.eventCount(TrackerEvent.JOINS_RESOLVED));
        assertEquals(0, r.tracker.decodeStats().malformed());
        UserSnapshot s = r.snapshots.get(r.summaries.lastIndexOf("[10.1.0.11:SP]"));
        assertEquals(FlowRole.TCP_FALLBACK, s.flows().get(0).role());
        assertEquals("[]", r.summaries.get(r.summaries.size() - 1));
        return "fallback:" + Replay.summary(s) + ":" + s.flows().get(0).role();
    }

    static String checkMove(Map<String, List<PcapReader.Record>> byAp, boolean puntOnly) {
        List<Replay.Frame> frames = Replay.merge(byAp);
        Replay r = new Replay(puntOnly);
        String both = "[10.1.0.11+10.2.0.11:MP]";
        int i = 0;
        while (i < frames.size()
                && !both.equals(r.summaries.isEmpty() ? "" : r.summaries.get(r.summaries.size() - 1))) {
            r.feed(frames.get(i++));
        }
        assertTrue("never multipath: " + r.summaries, r.summaries.contains(both));
        // before the join the user was single-path at ap1, with the same id as after it
        assertEquals("[10.1.0.11:SP]", r.summaries.get(0));
        String id = r.snapshots.get(0).users().get(0).id();
        UserSnapshot joined = r.snapshots.get(r.snapshots.size() - 1);
        assertEquals(id, joined.users().get(0).id());
        // the wlan link went down: the AP switch's rule for the first subflow times out
        TrackedFlow first = null;
        for (TrackedFlow v : joined.flows()) {
            if (v.role() == FlowRole.MPTCP_PRIMARY) {
                first = v;
            }
        }
        long now = frames.get(i - 1).micros / 1000;
        assertTrue(r.tracker.onFlowRemoved(6, first.key().initiatorIp(), first.key().initiatorPort(),
                first.key().responderIp(), first.key().responderPort(), now));
        UserSnapshot moved = r.tracker.users(now);
        assertEquals("[10.2.0.11:SP]", Replay.summary(moved));
        assertEquals(id, moved.users().get(0).id());
        assertEquals("ap2", moved.users().get(0).connections().get(0).apId());
        assertEquals(0, r.tracker.decodeStats().get(DecodeEvent.BAD_MP_JOIN));
        return "move:" + both;
    }
}
