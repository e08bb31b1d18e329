package org.mpsdn.mptcp;

import org.junit.Test;
import org.mpsdn.mptcp.wire.DecodeStats;
import org.mpsdn.mptcp.wire.DecodedPacket;
import org.mpsdn.mptcp.wire.PacketDecoder;
import org.mpsdn.mptcp.wire.TcpFlags;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.mptcp.Frames.ip;
import static org.mpsdn.mptcp.Frames.options;
import static org.mpsdn.mptcp.Frames.tcp;

/**
 * Subflows whose handshakes the controller missed (a controller that starts, or restarts with the
 * switches' rules cleared, while connections are open) are picked up from their DSS option and
 * grouped by their data sequence numbers.
 */
public class MidstreamPickupTest {
    private static final String S = "10.0.0.1";
    private static final int ACK = TcpFlags.ACK;

    /** A DSS option with a 64-bit Data ACK and, if dsn is not null, a 64-bit mapping. */
    private static byte[] dss(long dataAck, Long dsn) {
        ByteBuffer b = ByteBuffer.allocate(dsn == null ? 12 : 26);
        b.put((byte) 30).put((byte) (dsn == null ? 12 : 26)).put((byte) 0x20)
                .put((byte) (dsn == null ? 0x03 : 0x0f)).putLong(dataAck);
        if (dsn != null) {
            b.putLong(dsn).putInt(1).putShort((short) 1400);
        }
        return b.array();
    }

    private static Map<InetAddress, String> stations(String... ips) {
        Map<InetAddress, String> m = new LinkedHashMap<>();
        for (String a : ips) {
            m.put(ip(a), "");
        }
        return m;
    }

    /**
     * The real "users" capture from some time after every handshake on, with only the first
     * segment of each flow direction at each AP (what a restarted controller's punt rules send up).
     */
    @Test
    public void realSubflowsAreRegroupedFromTheirDss() throws Exception {
        List<Replay.Frame> frames = Replay.merge(ScenarioChecks.load(MptcpFixtureTest.FIXTURES, "users"));
        long lastSyn = 0;
        for (Replay.Frame f : frames) {
            DecodedPacket p = PacketDecoder.decode(f.bytes, new DecodeStats());
            if (p != null && p.isTcp() && TcpFlags.has(p.tcpFlags(), TcpFlags.SYN)) {
                lastSyn = f.micros;
            }
        }
        MultipathUserTracker t = new MultipathUserTracker();
        // station lists as an eNB and the lab's Wi-Fi station document give them: IPs, no MAC
        t.updateStations("ap1", stations("10.1.0.11", "10.1.0.12", "10.1.0.13"), 0);
        t.updateStations("ap2", stations("10.2.0.11", "10.2.0.12", "10.2.0.14"), 0);
        Set<String> punted = new HashSet<>();
        String grouped = null;
        for (Replay.Frame f : frames) {
            DecodedPacket p = PacketDecoder.decode(f.bytes, new DecodeStats());
            if (f.micros <= lastSyn || p == null
                    || !punted.add(f.apId + p.srcIp() + p.srcPort() + p.dstIp() + p.dstPort())) {
                continue;
            }
            t.onPacket(f.apId, f.bytes, f.micros / 1000);
            String now = Replay.summary(t.users(f.micros / 1000));
            if (now.contains("10.1.0.11+10.2.0.11:MP") && now.contains("10.1.0.12+10.2.0.12:MP")) {
                grouped = now;
                break;
            }
        }
        assertEquals("[10.1.0.11+10.2.0.11:MP, 10.1.0.12+10.2.0.12:MP, 10.1.0.13:SP]", grouped);
        assertEquals(2, t.eventCount(TrackerEvent.MIDSTREAM_GROUPED));
        assertEquals(0, t.eventCount(TrackerEvent.MPTCP_CONNECTIONS));
        assertEquals(0, t.decodeStats().malformed());
    }

    @Test
    public void subflowsOfOneConnectionAreGroupedAndOthersKeptApart() {
        MultipathUserTracker t = new MultipathUserTracker();
        t.updateStations("wifi", stations("10.0.1.2", "10.0.1.5"), 0);
        t.updateStations("lte", stations("10.0.2.2", "10.0.2.5"), 0);
        long base = 0x7a3b_0000_0000_0000L;
        // ue2: server data on Wi-Fi, the user's Data ACK on LTE a moment later (1 MB further)
        assertTrue(t.onPacket("wifi", tcp(S, 5202, "10.0.1.2", 40000, ACK, options(dss(77, base)), 1400), 1));
        assertTrue(t.onPacket("lte", tcp("10.0.2.2", 40001, S, 5202, ACK, options(dss(base + 1_000_000, null)), 0),
                2));
        // another user to the same server port, its own sequence space
        assertTrue(t.onPacket("wifi", tcp("10.0.1.5", 41000, S, 5202, ACK, options(dss(base ^ 1L << 62, null)), 0),
                3));
        assertTrue(t.onPacket("lte", tcp("10.0.2.5", 41001, S, 5202, ACK, options(dss(base ^ 1L << 61, null)), 0),
                4));
        UserSnapshot s = t.users(5);
        assertEquals("[10.0.1.2+10.0.2.2:MP, 10.0.1.5:SP, 10.0.2.5:SP]", Replay.summary(s));
        MultipathUser ue2 = s.userOf(ip("10.0.1.2")).orElseThrow();
        assertEquals(1, ue2.connections().get(0).joinSubflows());   // picked-up subflows count as joined
        assertEquals(4, t.eventCount(TrackerEvent.MIDSTREAM_PICKED_UP));
        assertEquals(1, t.eventCount(TrackerEvent.MIDSTREAM_GROUPED));
        for (TrackedFlow f : s.flows()) {
            assertEquals(FlowRole.MPTCP_MIDSTREAM, f.role());
            assertTrue("the station is the user's side: " + f, f.userAddress().getHostAddress().startsWith("10.0."));
            assertFalse(f.userAddress().getHostAddress().equals(S));
        }
    }

    @Test
    public void aLaterSegmentRegroupsASubflowFirstSeenWithoutAComparableValue() {
        MultipathUserTracker t = new MultipathUserTracker();
        t.updateStations("wifi", stations("10.0.1.2"), 0);
        t.updateStations("lte", stations("10.0.2.2"), 0);
        long down = 0x1111_2222_3333_0000L;
        long up = 0x5555_6666_7777_0000L;
        // Wi-Fi: the user's Data ACK (server-to-user space); LTE: the server's Data ACK (user-to-server space)
        t.onPacket("wifi", tcp("10.0.1.2", 40000, S, 5202, ACK, options(dss(down, null)), 0), 1);
        t.onPacket("lte", tcp(S, 5202, "10.0.2.2", 40001, ACK, options(dss(up, null)), 0), 2);
        assertEquals("[10.0.1.2:SP, 10.0.2.2:SP]", Replay.summary(t.users(3)));
        // the LTE subflow's user ACKs server data close to what the Wi-Fi subflow saw: same connection
        t.onPacket("lte", tcp("10.0.2.2", 40001, S, 5202, ACK, options(dss(down + 50_000, null)), 0), 4);
        assertEquals("[10.0.1.2+10.0.2.2:MP]", Replay.summary(t.users(5)));
    }

    @Test
    public void segmentsBeforeTheFirstStationListsWaitForThem() {
        MultipathUserTracker t = new MultipathUserTracker();
        long down = 0x0123_4567_89ab_0000L;
        // a controller that just started: segments come before any station list, they wait
        assertTrue(t.onPacket("wifi", tcp("10.0.1.2", 40000, S, 5202, ACK, options(dss(down, null)), 0), 1));
        assertTrue(t.onPacket("wifi", tcp(S, 5202, "10.0.1.2", 40000, ACK, options(dss(9, down + 10)), 1400), 2));
        // a flow is punted until its rule lands: many segments, one waiting entry (no overflow)
        for (int i = 0; i <= MidstreamPickup.MAX_PENDING; i++) {
            assertTrue(t.onPacket("lte", tcp("10.0.2.2", 40001, S, 5202, ACK, options(dss(down + 99 + i, null)), 0),
                    3));
        }
        assertTrue(t.users(4).users().isEmpty());
        t.updateStations("wifi", stations("10.0.1.2"), 5);
        assertEquals("[10.0.1.2:SP]", Replay.summary(t.users(6)));
        t.updateStations("lte", stations("10.0.2.2"), 7);
        assertEquals("[10.0.1.2+10.0.2.2:MP]", Replay.summary(t.users(8)));
        assertEquals(0, t.eventCount(TrackerEvent.MIDSTREAM_IGNORED));
        // one that waits longer than the limit is dropped and counted
        MultipathUserTracker late = new MultipathUserTracker();
        late.onPacket("wifi", tcp("10.0.1.2", 40000, S, 5202, ACK, options(dss(down, null)), 0), 1);
        late.updateStations("wifi", stations("10.0.1.2"), 1 + MidstreamPickup.PENDING_MILLIS);
        assertEquals(1, late.eventCount(TrackerEvent.MIDSTREAM_IGNORED));
        assertTrue(late.users(2 + MidstreamPickup.PENDING_MILLIS).users().isEmpty());
    }

    @Test
    public void withoutStationOr64BitValuesNothingIsPickedUp() {
        MultipathUserTracker t = new MultipathUserTracker();
        t.updateStations("wifi", stations("10.0.1.2", "10.0.1.9"), 0);
        // both sides are stations: which side is the user is unknown
        assertFalse(t.onPacket("wifi", tcp("10.0.1.2", 40003, "10.0.1.9", 5202, ACK, options(dss(5, null)), 0), 1));
        // a 32-bit Data ACK only (4 octets): too weak to match
        byte[] ack32 = {30, 8, 0x20, 0x01, 0, 0, 0, 9};
        assertFalse(t.onPacket("wifi", tcp("10.0.1.2", 40000, S, 5202, ACK, options(ack32), 0), 2));
        // plain TCP mid-stream
        assertFalse(t.onPacket("wifi", tcp("10.0.1.2", 40002, S, 80, ACK, options(), 0), 3));
        assertEquals(3, t.eventCount(TrackerEvent.MIDSTREAM_IGNORED));
        assertEquals(0, t.eventCount(TrackerEvent.MIDSTREAM_PICKED_UP));
        assertTrue(t.users(4).users().isEmpty());
    }
}
