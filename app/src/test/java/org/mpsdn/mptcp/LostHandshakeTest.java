package org.mpsdn.mptcp;

import org.junit.Test;
import org.mpsdn.mptcp.wire.DecodeStats;
import org.mpsdn.mptcp.wire.DecodedPacket;
import org.mpsdn.mptcp.wire.MptcpTokens;
import org.mpsdn.mptcp.wire.PacketDecoder;
import org.mpsdn.mptcp.wire.TcpFlags;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.mptcp.Frames.ip;
import static org.mpsdn.mptcp.Frames.mpCapable;
import static org.mpsdn.mptcp.Frames.options;
import static org.mpsdn.mptcp.Frames.tcp;

/**
 * A join subflow whose handshake packet-ins were lost (Open vSwitch drops the packet-ins that overflow its
 * queue to the controller, 100 by default, while its bridge-and-copy rule forwards the packets all the same:
 * lab run idle-capacity run-2, UE2's LTE subflow) is picked up from its first DSS segment and joins the
 * connection whose MP_CAPABLE keys were seen: a key's IDSN is where its holder's data sequence numbers start.
 */
public class LostHandshakeTest {
    private static final String S = "10.0.0.1";
    private static final int SYN = TcpFlags.SYN;
    private static final int SYN_ACK = TcpFlags.SYN | TcpFlags.ACK;
    private static final int ACK = TcpFlags.ACK;

    private final MultipathUserTracker t = new MultipathUserTracker();
    private long now = 1_000;

    private static Map<InetAddress, String> stations(String... ips) {
        Map<InetAddress, String> m = new LinkedHashMap<>();
        for (String a : ips) {
            m.put(ip(a), "");
        }
        return m;
    }

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

    private void pkt(String ap, byte[] frame) {
        assertTrue(t.onPacket(ap, frame, now++));
    }

    /** The MPTCP v1 handshake of user c:port to S:5202 on Wi-Fi: user key a, server key b. */
    private void open(String c, int port, long a, long b) {
        pkt("wifi", tcp(c, port, S, 5202, SYN, options(mpCapable(1, 4, null, null)), 0));
        pkt("wifi", tcp(S, 5202, c, port, SYN_ACK, options(mpCapable(1, 12, b, null)), 0));
        pkt("wifi", tcp(c, port, S, 5202, ACK, options(mpCapable(1, 20, a, b)), 0));
    }

    @Test
    public void aJoinWhoseHandshakeWasLostJoinsTheConnectionOfItsKeys() {
        t.updateStations("wifi", stations("10.0.1.2", "10.0.1.5"), 0);
        t.updateStations("lte", stations("10.0.2.2", "10.0.2.5", "10.0.2.9"), 0);
        long user2 = 0x3fa94ade78266120L;
        long server2 = 0x4e6c5169137828a9L;
        long user5 = 0x0123456789abcdefL;
        long server5 = 0x7edcba9876543210L;
        open("10.0.1.2", 40000, user2, server2);
        open("10.0.1.5", 41000, user5, server5);
        // UE2's LTE join: SYN, SYN/ACK and third ACK never reached the controller; then the server's segment,
        // 5 MB into its data, acknowledging the user's 2000 bytes
        pkt("lte", tcp(S, 5202, "10.0.2.2", 40001, ACK, options(dss(MptcpTokens.idsn(user2, 1) + 1 + 2000,
                MptcpTokens.idsn(server2, 1) + 1 + 5_000_000)), 1400));
        // UE5's: the user's Data ACK of 300 MB of server data (the server-to-user space only)
        pkt("lte", tcp("10.0.2.5", 41001, S, 5202, ACK, options(dss(MptcpTokens.idsn(server5, 1) + 300_000_000L,
                null)), 0));
        // another station's subflow to the same server port, in a space of its own
        pkt("lte", tcp("10.0.2.9", 42001, S, 5202, ACK, options(dss(MptcpTokens.idsn(server5, 1) ^ 1L << 62,
                null)), 0));
        UserSnapshot s = t.users(now);
        assertEquals("[10.0.1.2+10.0.2.2:MP, 10.0.1.5+10.0.2.5:MP, 10.0.2.9:SP]", Replay.summary(s));
        assertEquals(2, t.eventCount(TrackerEvent.MPTCP_CONNECTIONS));
        assertEquals(3, t.eventCount(TrackerEvent.MIDSTREAM_PICKED_UP));
        assertEquals(2, t.eventCount(TrackerEvent.MIDSTREAM_GROUPED));
        assertEquals(0, t.eventCount(TrackerEvent.MIDSTREAM_IGNORED));
    }

    @Test
    public void aConnectionsPuntedSegmentsKeepItsValuesForALaterPickup() {
        t.updateStations("wifi", stations("10.0.1.2"), 0);
        t.updateStations("lte", stations("10.0.2.2"), 0);
        long user = 0x1111222233334444L;
        long server = 0x5555666677778888L;
        open("10.0.1.2", 40000, user, server);
        // the Wi-Fi subflow's segment, 8 GB into the server's data: farther than the window from the IDSN
        long far = MptcpTokens.idsn(server, 1) + 8_000_000_000L;
        pkt("wifi", tcp(S, 5202, "10.0.1.2", 40000, ACK, options(dss(77, far)), 1400));
        // much later a new LTE join is picked up; its user acknowledges close to that segment
        pkt("lte", tcp("10.0.2.2", 40001, S, 5202, ACK, options(dss(far + 2_000_000, null)), 0));
        assertEquals("[10.0.1.2+10.0.2.2:MP]", Replay.summary(t.users(now)));
        assertEquals(1, t.eventCount(TrackerEvent.MIDSTREAM_GROUPED));
    }

    /**
     * The real "users" capture with every MP_JOIN packet (SYN, SYN/ACK, third ACK) lost: the joins' next
     * segments, the server's 64-bit Data ACK of what the user sent on its Wi-Fi subflow, regroup both
     * multipath devices with the connections Linux keyed, and never mix two devices.
     */
    @Test
    public void realJoinsWhoseHandshakesWereLostAreRegrouped() throws Exception {
        Replay r = new Replay(false);
        r.tracker.updateStations("ap1", stations("10.1.0.11", "10.1.0.12", "10.1.0.13"), 0);
        r.tracker.updateStations("ap2", stations("10.2.0.11", "10.2.0.12", "10.2.0.14"), 0);
        for (Replay.Frame f : Replay.merge(ScenarioChecks.load(MptcpFixtureTest.FIXTURES, "users"))) {
            DecodedPacket p = PacketDecoder.decode(f.bytes, new DecodeStats());
            if (p == null || !p.isTcp() || p.mptcp().mpJoin() == null) {
                r.feed(f);
            }
        }
        assertTrue("expected grouping never seen; saw " + r.summaries,
                r.summaries.contains(ScenarioChecks.USERS_EXPECTED));
        ScenarioChecks.assertNeverMixesDevices(r, ScenarioChecks.USERS_DEVICES);
        assertEquals(0, r.tracker.eventCount(TrackerEvent.JOINS_RESOLVED));
        assertEquals(2, r.tracker.eventCount(TrackerEvent.MIDSTREAM_GROUPED));
    }
}
