package org.mpsdn.mptcp;

import org.junit.Test;
import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.mptcp.wire.MptcpTokens;
import org.mpsdn.mptcp.wire.TcpFlags;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.mptcp.Frames.fastClose;
import static org.mpsdn.mptcp.Frames.ip;
import static org.mpsdn.mptcp.Frames.joinAck;
import static org.mpsdn.mptcp.Frames.joinSyn;
import static org.mpsdn.mptcp.Frames.joinSynAck;
import static org.mpsdn.mptcp.Frames.mpCapable;
import static org.mpsdn.mptcp.Frames.options;
import static org.mpsdn.mptcp.Frames.tcp;
import static org.mpsdn.mptcp.Frames.udp;

/**
 * Grouping of subflows into connections and users on synthetic handshakes: every case the issue
 * lists (plain TCP, fallback, UDP, moves, endings, address reuse) plus registration and conflicts.
 */
public class MultipathUserTrackerTest {
    private static final int SYN = TcpFlags.SYN;
    private static final int SYN_ACK = TcpFlags.SYN | TcpFlags.ACK;
    private static final int ACK = TcpFlags.ACK;
    private static final int FIN_ACK = TcpFlags.FIN | TcpFlags.ACK;
    private static final int RST = TcpFlags.RST;
    private static final String S = "10.0.0.1";
    private static final long KEY_A = 0x1111222233334444L;
    private static final long KEY_B = 0x5555666677778888L;

    private final MultipathUserTracker t = new MultipathUserTracker(60_000, 5_000, 1_000);
    private long now = 1_000;

    private void pkt(String ap, byte[] frame) {
        assertTrue(t.onPacket(ap, frame, now++));
    }

    /** MPTCP v1 handshake of client c:port to S:80 through ap, server key b, client key a. */
    private void mptcpOpen(String ap, String c, int port, long a, long b) {
        pkt(ap, tcp(c, port, S, 80, SYN, options(mpCapable(1, 4, null, null)), 0));
        pkt(ap, tcp(S, 80, c, port, SYN_ACK, options(mpCapable(1, 12, b, null)), 0));
        pkt(ap, tcp(c, port, S, 80, ACK, options(mpCapable(1, 20, a, b)), 0));
    }

    private void join(String ap, String c, int port, long serverKey) {
        pkt(ap, tcp(c, port, S, 80, SYN, options(joinSyn(MptcpTokens.token(serverKey, 1), 7, 1)), 0));
        pkt(ap, tcp(S, 80, c, port, SYN_ACK, options(joinSynAck(1, 2, 0)), 0));
        pkt(ap, tcp(c, port, S, 80, ACK, options(joinAck()), 0));
    }

    private void plainTcp(String ap, String c, int port) {
        pkt(ap, tcp(c, port, S, 80, SYN, options(), 0));
        pkt(ap, tcp(S, 80, c, port, SYN_ACK, options(), 0));
    }

    private UserSnapshot snap() {
        return t.users(now);
    }

    private static MultipathUser userOf(UserSnapshot s, String addr) {
        return s.userOf(ip(addr)).orElseThrow(() -> new AssertionError("no user for " + addr + " in " + s));
    }

    private static Set<InetAddress> ips(String... a) {
        java.util.Set<InetAddress> out = new java.util.HashSet<>();
        for (String x : a) {
            out.add(ip(x));
        }
        return out;
    }

    @Test
    public void joinGroupsTwoAddressesIntoOneMultipathUser() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        plainTcp("ap1", "10.1.0.13", 3000);
        UserSnapshot s = snap();
        assertEquals(2, s.users().size());
        MultipathUser mp = userOf(s, "10.1.0.11");
        assertEquals(ips("10.1.0.11", "10.2.0.11"), mp.addresses());
        assertTrue(mp.multipath());
        assertFalse(mp.registered());
        assertEquals(2, mp.connections().size());
        assertEquals("ap1", mp.connections().get(0).apId());
        assertEquals(1, mp.connections().get(0).primarySubflows());
        assertEquals(1, mp.connections().get(1).joinSubflows());
        MultipathUser sp = userOf(s, "10.1.0.13");
        assertFalse(sp.multipath());
        assertEquals(1, sp.connections().get(0).tcpFlows());
        assertEquals(1, t.eventCount(TrackerEvent.JOINS_RESOLVED));
        assertTrue(s.conflicts().isEmpty());
    }

    @Test
    public void mptcpWithOneSubflowIsSinglePath() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        MultipathUser u = userOf(snap(), "10.1.0.11");
        assertFalse(u.multipath());
        assertEquals(1, u.connections().get(0).primarySubflows());
    }

    @Test
    public void joinSeenBeforeTheKeyIsResolvedLater() {
        pkt("ap1", tcp("10.1.0.11", 1000, S, 80, SYN, options(mpCapable(1, 4, null, null)), 0));
        pkt("ap2", tcp("10.2.0.11", 2000, S, 80, SYN, options(joinSyn(MptcpTokens.token(KEY_B, 1), 7, 1)), 0));
        pkt("ap2", tcp(S, 80, "10.2.0.11", 2000, SYN_ACK, options(joinSynAck(1, 2, 0)), 0));
        assertEquals(2, snap().users().size());
        pkt("ap1", tcp(S, 80, "10.1.0.11", 1000, SYN_ACK, options(mpCapable(1, 12, KEY_B, null)), 0));
        UserSnapshot s = snap();
        assertEquals(1, s.users().size());
        assertTrue(s.users().get(0).multipath());
        assertEquals(1, t.eventCount(TrackerEvent.JOINS_UNRESOLVED));
        assertEquals(1, t.eventCount(TrackerEvent.JOINS_RESOLVED));
    }

    @Test
    public void unestablishedJoinDoesNotGroup() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        pkt("ap2", tcp("10.2.0.11", 2000, S, 80, SYN, options(joinSyn(MptcpTokens.token(KEY_B, 1), 7, 1)), 0));
        assertEquals(2, snap().users().size());
    }

    @Test
    public void fallbackToTcpIsSinglePath() {
        pkt("ap1", tcp("10.1.0.11", 1000, S, 80, SYN, options(mpCapable(1, 4, null, null)), 0));
        pkt("ap1", tcp(S, 80, "10.1.0.11", 1000, SYN_ACK, options(), 0));
        UserSnapshot s = snap();
        assertEquals(FlowRole.TCP_FALLBACK, s.flows().get(0).role());
        assertFalse(userOf(s, "10.1.0.11").multipath());
        assertEquals(1, userOf(s, "10.1.0.11").connections().get(0).tcpFlows());
        assertEquals(1, t.eventCount(TrackerEvent.FALLBACKS));
    }

    @Test
    public void refusedJoinEndsTheSubflow() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        pkt("ap2", tcp("10.2.0.11", 2000, S, 80, SYN, options(joinSyn(MptcpTokens.token(KEY_B, 1), 7, 1)), 0));
        pkt("ap2", tcp(S, 80, "10.2.0.11", 2000, SYN_ACK, options(), 0));
        UserSnapshot s = snap();
        assertEquals(1, s.users().size());
        assertEquals(ips("10.1.0.11"), s.users().get(0).addresses());
        assertEquals(1, t.eventCount(TrackerEvent.JOINS_REJECTED));
    }

    @Test
    public void version0UsesSha1TokensAndSynKey() {
        pkt("ap1", tcp("10.1.0.11", 1000, S, 80, SYN, options(mpCapable(0, 12, KEY_A, null)), 0));
        pkt("ap1", tcp(S, 80, "10.1.0.11", 1000, SYN_ACK, options(mpCapable(0, 12, KEY_B, null)), 0));
        pkt("ap2", tcp("10.2.0.11", 2000, S, 80, SYN, options(joinSyn(MptcpTokens.token(KEY_B, 0), 7, 1)), 0));
        pkt("ap2", tcp(S, 80, "10.2.0.11", 2000, SYN_ACK, options(joinSynAck(1, 2, 0)), 0));
        MultipathUser u = userOf(snap(), "10.2.0.11");
        assertTrue(u.multipath());
        assertEquals(ips("10.1.0.11", "10.2.0.11"), u.addresses());
        // the SHA-256 token of the same key must not match a version-0 connection
        pkt("ap2", tcp("10.2.0.12", 2001, S, 80, SYN, options(joinSyn(MptcpTokens.token(KEY_B, 1), 7, 1)), 0));
        pkt("ap2", tcp(S, 80, "10.2.0.12", 2001, SYN_ACK, options(joinSynAck(1, 2, 0)), 0));
        assertEquals(ips("10.2.0.12"), userOf(snap(), "10.2.0.12").addresses());
    }

    @Test
    public void serverInitiatedJoinGroupsTheDestination() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        // the server opens a subflow to the user's second address with the user's (initiator's) token
        pkt("ap2", tcp(S, 81, "10.2.0.11", 3000, SYN, options(joinSyn(MptcpTokens.token(KEY_A, 1), 7, 0)), 0));
        pkt("ap2", tcp("10.2.0.11", 3000, S, 81, SYN_ACK, options(joinSynAck(1, 2, 2)), 0));
        UserSnapshot s = snap();
        assertEquals(1, s.users().size());
        assertEquals(ips("10.1.0.11", "10.2.0.11"), s.users().get(0).addresses());
        assertTrue(s.users().get(0).multipath());
    }

    @Test
    public void finAndRstEndSubflowsAndFastCloseEndsTheConnection() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        pkt("ap2", tcp(S, 80, "10.2.0.11", 2000, RST, options(), 0));
        MultipathUser u = userOf(snap(), "10.1.0.11");
        assertFalse(u.multipath());
        assertEquals(ips("10.1.0.11"), u.addresses());
        pkt("ap1", tcp("10.1.0.11", 1000, S, 80, FIN_ACK, options(), 0));
        assertTrue(snap().users().isEmpty());

        mptcpOpen("ap1", "10.1.0.12", 1000, KEY_A + 1, KEY_B + 1);
        join("ap2", "10.2.0.12", 2000, KEY_B + 1);
        assertTrue(userOf(snap(), "10.1.0.12").multipath());
        pkt("ap1", tcp("10.1.0.12", 1000, S, 80, ACK, options(fastClose(KEY_B + 1)), 0));
        assertTrue(snap().users().isEmpty());
    }

    @Test
    public void idleFlowsExpireUnlessReportedActive() {
        plainTcp("ap1", "10.1.0.13", 3000);
        plainTcp("ap1", "10.1.0.14", 3000);
        now += 50_000;
        assertTrue(t.onFlowActive(6, ip(S), 80, ip("10.1.0.13"), 3000, now));
        now += 20_000;
        UserSnapshot s = snap();
        assertEquals(1, s.users().size());
        assertEquals(ips("10.1.0.13"), s.users().get(0).addresses());
        assertEquals(1, t.eventCount(TrackerEvent.FLOWS_EXPIRED));
        pkt("ap1", tcp("10.1.0.15", 1, S, 80, SYN, options(), 0));
        now += 6_000;
        assertEquals(1, snap().users().size());   // the handshake never completed
    }

    @Test
    public void flowsReportedActiveStayGroupedPastTheIdleTimeoutOthersExpire() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        plainTcp("ap1", "10.1.0.13", 3000);
        pkt("ap1", udp("10.1.0.14", 5000, S, 443, 1200));
        now += 59_000;
        // reports in either orientation (a per-flow rule matches one direction), TCP and UDP
        assertTrue(t.onFlowActive(6, ip("10.1.0.11"), 1000, ip(S), 80, now));
        assertTrue(t.onFlowActive(6, ip(S), 80, ip("10.2.0.11"), 2000, now));
        assertTrue(t.onFlowActive(17, ip(S), 443, ip("10.1.0.14"), 5000, now));
        now += 2_000;   // over 60 s since every packet, 2 s since the reports
        UserSnapshot s = snap();
        MultipathUser mp = userOf(s, "10.2.0.11");
        assertEquals(ips("10.1.0.11", "10.2.0.11"), mp.addresses());
        assertTrue(mp.multipath());
        assertEquals(ips("10.1.0.14"), userOf(s, "10.1.0.14").addresses());
        assertFalse(s.userOf(ip("10.1.0.13")).isPresent());
        assertEquals(2, s.users().size());
        assertEquals(1, t.eventCount(TrackerEvent.FLOWS_EXPIRED));
    }

    @Test
    public void activityOfAnUnknownOrEndedFlowIsRefused() {
        plainTcp("ap1", "10.1.0.13", 3000);
        assertFalse(t.onFlowActive(6, ip("10.1.0.99"), 3000, ip(S), 80, now));
        assertFalse(t.onFlowActive(17, ip("10.1.0.13"), 3000, ip(S), 80, now));
        assertTrue(t.onFlowRemoved(6, ip("10.1.0.13"), 3000, ip(S), 80, now));
        assertFalse(t.onFlowActive(6, ip("10.1.0.13"), 3000, ip(S), 80, now));
        assertTrue(snap().users().isEmpty());
    }

    @Test
    public void staleActivityReportDoesNotMoveTheFlowBackInTime() {
        plainTcp("ap1", "10.1.0.13", 3000);
        now += 50_000;
        assertTrue(t.onFlowActive(6, ip("10.1.0.13"), 3000, ip(S), 80, now));
        assertTrue(t.onFlowActive(6, ip("10.1.0.13"), 3000, ip(S), 80, 0));
        now += 20_000;   // 70 s after the handshake, 20 s after the newest report
        assertEquals(ips("10.1.0.13"), userOf(snap(), "10.1.0.13").addresses());
        assertEquals(0, t.eventCount(TrackerEvent.FLOWS_EXPIRED));
    }

    @Test
    public void moveKeepsTheUserIdWhenTheFirstPathEnds() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        String id = userOf(snap(), "10.1.0.11").id();
        join("ap2", "10.2.0.11", 2000, KEY_B);
        assertEquals(id, userOf(snap(), "10.2.0.11").id());
        assertTrue(t.onFlowRemoved(6, ip(S), 80, ip("10.1.0.11"), 1000, now));
        MultipathUser u = userOf(snap(), "10.2.0.11");
        assertEquals(id, u.id());
        assertFalse(u.multipath());
        assertEquals("ap2", u.connections().get(0).apId());
        assertEquals(1, u.connections().size());
    }

    @Test
    public void aSubflowWhoseRuleIdledOutIsLiveAgainInItsConnectionWhenItSendsWithinTheLinger() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        String id = userOf(snap(), "10.1.0.11").id();
        // the join subflow's rule idled out (a Tier-2 subflow silent at R_m): the user is single-path for now
        assertTrue(t.onFlowRemoved(6, ip(S), 80, ip("10.2.0.11"), 2000, now));
        assertFalse(userOf(snap(), "10.1.0.11").multipath());
        // it sends again (a data segment, no handshake) within the linger: multipath again, same user
        now += 500;
        pkt("ap2", tcp(S, 80, "10.2.0.11", 2000, ACK, options(), 100));
        MultipathUser u = userOf(snap(), "10.2.0.11");
        assertEquals(id, u.id());
        assertTrue(u.multipath());
        assertEquals(ips("10.1.0.11", "10.2.0.11"), u.addresses());
        assertEquals(1, t.eventCount(TrackerEvent.FLOWS_RESUMED));
        // past the linger the flow is forgotten: a segment then is a mid-stream flow, not this connection's
        assertTrue(t.onFlowRemoved(6, ip(S), 80, ip("10.2.0.11"), 2000, now));
        now += 1_500;
        snap();
        assertFalse(t.onPacket("ap2", tcp(S, 80, "10.2.0.11", 2000, ACK, options(), 100), now));
        assertFalse(userOf(snap(), "10.1.0.11").multipath());
        assertEquals(1, t.eventCount(TrackerEvent.FLOWS_RESUMED));
    }

    @Test
    public void aQuietSubflowStaysInItsConnectionWhileItsStationIsStillAtItsAp() {
        t.updateStations("ap2", Map.of(ip("10.2.0.11"), ""), now);
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        String id = userOf(snap(), "10.1.0.11").id();
        // the join subflow's rule idled out (an MPTCP backup: the server sends nothing there) while ap2 still lists
        // its station and the first subflow is live: past the linger (1 s here) the user is still multipath
        assertTrue(t.onFlowRemoved(6, ip(S), 80, ip("10.2.0.11"), 2000, now));
        now += 5_000;
        pkt("ap1", tcp(S, 80, "10.1.0.11", 1000, ACK, options(), 100));
        MultipathUser u = userOf(snap(), "10.2.0.11");
        assertEquals(id, u.id());
        assertTrue(u.multipath());
        assertEquals(ips("10.1.0.11", "10.2.0.11"), u.addresses());
        // it sends again (backup lifted): live again in its connection
        pkt("ap2", tcp(S, 80, "10.2.0.11", 2000, ACK, options(), 100));
        assertEquals(1, t.eventCount(TrackerEvent.FLOWS_RESUMED));
        // idle again, and the station left ap2 (the user moved): the flow ends with its rule, as before
        assertTrue(t.onFlowRemoved(6, ip(S), 80, ip("10.2.0.11"), 2000, now));
        t.updateStations("ap2", Map.of(), now);
        now += 5_000;
        pkt("ap1", tcp(S, 80, "10.1.0.11", 1000, ACK, options(), 100));
        assertFalse(userOf(snap(), "10.1.0.11").multipath());
    }

    @Test
    public void aQuietSubflowEndsWithTheLastLiveSubflowOfItsConnection() {
        t.updateStations("ap2", Map.of(ip("10.2.0.11"), ""), now);
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        assertTrue(t.onFlowRemoved(6, ip(S), 80, ip("10.2.0.11"), 2000, now));
        assertTrue(t.onFlowRemoved(6, ip(S), 80, ip("10.1.0.11"), 1000, now));
        now += 5_000;
        assertTrue(snap().users().isEmpty());
    }

    @Test
    public void aSubflowEndedByFinIsNotResumed() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        pkt("ap2", tcp("10.2.0.11", 2000, S, 80, FIN_ACK, options(), 0));
        assertFalse(t.onPacket("ap2", tcp(S, 80, "10.2.0.11", 2000, ACK, options(), 100), now));
        assertFalse(userOf(snap(), "10.1.0.11").multipath());
        assertEquals(0, t.eventCount(TrackerEvent.FLOWS_RESUMED));
    }

    @Test
    public void reassignedAddressEndsTheOldDevicesFlows() {
        t.updateStations("ap1", Map.of(ip("10.1.0.11"), "02:00:00:0a:00:11"), now);
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        MultipathUser old = userOf(snap(), "10.1.0.11");
        assertEquals(Set.of("02:00:00:0a:00:11"), old.macs());
        // a different device now holds 10.1.0.11
        t.updateStations("ap1", Map.of(ip("10.1.0.11"), "02:00:00:0c:00:99"), now);
        assertEquals(1, t.eventCount(TrackerEvent.ADDRESSES_REASSIGNED));
        plainTcp("ap1", "10.1.0.11", 4000);
        UserSnapshot s = snap();
        assertEquals(2, s.users().size());
        assertEquals(ips("10.1.0.11"), userOf(s, "10.1.0.11").addresses());
        assertEquals(ips("10.2.0.11"), userOf(s, "10.2.0.11").addresses());
        assertFalse(userOf(s, "10.1.0.11").id().equals(old.id()));
        // the same MAC moving to another AP is not a reassignment
        t.updateStations("ap1", Map.of(), now);
        t.updateStations("ap3", Map.of(ip("10.1.0.11"), "02:00:00:0c:00:99"), now);
        assertEquals(1, t.eventCount(TrackerEvent.ADDRESSES_REASSIGNED));
    }

    @Test
    public void udpIsATier1FlowOfItsUser() {
        pkt("ap1", udp("10.1.0.13", 5000, S, 443, 1200));
        pkt("ap1", udp(S, 443, "10.1.0.13", 5000, 1200));
        plainTcp("ap1", "10.1.0.13", 3000);
        UserSnapshot s = snap();
        assertEquals(1, s.users().size());
        UserApConnection c = s.users().get(0).connections().get(0);
        assertEquals(1, c.udpFlows());
        assertEquals(1, c.tcpFlows());
        assertFalse(s.users().get(0).multipath());
    }

    @Test
    public void registrationGroupsAddressesAndNamesTheUser() {
        t.setRegistrations(List.of(new Registration("phone-1", Set.of(ip("10.1.0.21")), Set.of("02:00:00:0B:00:21"))));
        t.updateStations("ap2", Map.of(ip("10.2.0.21"), "02:00:00:0b:00:21"), now);
        plainTcp("ap1", "10.1.0.21", 3000);
        plainTcp("ap2", "10.2.0.21", 3000);
        UserSnapshot s = snap();
        assertEquals(1, s.users().size());
        MultipathUser u = s.users().get(0);
        assertEquals("phone-1", u.id());
        assertTrue(u.registered());
        assertEquals(ips("10.1.0.21", "10.2.0.21"), u.addresses());
        assertFalse(u.multipath());   // two plain TCP flows, no MPTCP connection
        assertEquals(2, u.connections().size());
    }

    @Test
    public void conflictsAreReportedNotResolvedSilently() {
        t.setRegistrations(List.of(
                new Registration("ue-a", Set.of(ip("10.1.0.11"), ip("10.1.0.50")), Set.of()),
                new Registration("ue-b", Set.of(ip("10.2.0.11"), ip("10.1.0.50")), Set.of("02:00:00:00:00:bb"))));
        t.updateStations("ap1", Map.of(ip("10.1.0.60"), "02:00:00:00:00:01"), now);
        t.updateStations("ap2", Map.of(ip("10.1.0.60"), "02:00:00:00:00:02",
                                       ip("10.1.0.11"), "02:00:00:00:00:bb"), now);
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        join("ap2", "10.2.0.11", 2000, KEY_B);
        UserSnapshot s = snap();
        assertEquals("ue-a", userOf(s, "10.1.0.11").id());
        assertEquals("ue-b", userOf(s, "10.2.0.11").id());
        Set<String> kinds = new java.util.HashSet<>();
        for (DetectionConflict c : s.conflicts()) {
            kinds.add(c.kind());
        }
        assertEquals(Set.of(ConflictKind.ADDRESS_IN_TWO_REGISTRATIONS.name(),
                            ConflictKind.CONNECTION_SPANS_REGISTRATIONS.name(),
                            ConflictKind.ADDRESS_CLAIMED_BY_TWO_STATIONS.name(),
                            ConflictKind.REGISTRATION_STATION_MISMATCH.name()), kinds);
    }

    @Test
    public void malformedFramesAreCountedNotThrown() {
        assertFalse(t.onPacket("ap1", new byte[]{1, 2, 3}, now));
        byte[] f = tcp("10.1.0.11", 1000, S, 80, SYN, options(new byte[]{30, 40, 0, 0}), 0);
        assertTrue(t.onPacket("ap1", f, now));
        assertEquals(1, t.eventCount(TrackerEvent.UNDECODABLE));
        assertEquals(2, t.decodeStats().malformed());
        assertEquals(FlowRole.TCP, snap().flows().get(0).role());
    }

    @Test
    public void ipv6SubflowJoinsAnIpv4Connection() {
        mptcpOpen("ap1", "10.1.0.11", 1000, KEY_A, KEY_B);
        pkt("ap2", tcp("2001:db8::11", 2000, "2001:db8::1", 80, SYN,
                       options(joinSyn(MptcpTokens.token(KEY_B, 1), 7, 1)), 0));
        pkt("ap2", tcp("2001:db8::1", 80, "2001:db8::11", 2000, SYN_ACK, options(joinSynAck(1, 2, 0)), 0));
        MultipathUser u = userOf(snap(), "2001:db8::11");
        assertEquals(ips("10.1.0.11", "2001:db8::11"), u.addresses());
        assertTrue(u.multipath());
    }

    @Test
    public void fullTableIgnoresAndCountsNewFlows() {
        MultipathUserTracker small = new MultipathUserTracker(60_000, 5_000, 1_000, 2);
        for (int port = 1; port <= 3; port++) {
            small.onPacket("ap1", tcp("10.1.0.11", port, S, 80, SYN, options(), 0), now);
        }
        assertEquals(2, small.users(now).flows().size());
        assertEquals(1, small.eventCount(TrackerEvent.TABLE_FULL));
        // once the half-open handshakes time out there is room again
        now += 6_000;
        assertTrue(small.onPacket("ap1", tcp("10.1.0.12", 9, S, 80, SYN, options(), 0), now));
        assertEquals(ips("10.1.0.12"), small.users(now).users().get(0).addresses());
    }

    @Test
    public void badStationMacIsRejectedWithItsField() {
        // issue 16: only the bad entry is rejected (with its IP and MAC named); the rest of the list is used
        Map<java.net.InetAddress, String> list = new java.util.LinkedHashMap<>();
        list.put(ip("10.1.0.11"), "not-a-mac");
        list.put(ip("10.1.0.12"), "02:00:00:0a:00:12");
        StationUpdate u = t.updateStations("ap1", list, now);
        assertEquals(1, u.rejected().size());
        assertTrue(u.rejected().get(0), u.rejected().get(0).contains("10.1.0.11")
                && u.rejected().get(0).contains("not-a-mac"));
        assertEquals(1, u.accepted());
        plainTcp("ap1", "10.1.0.12", 3000);
        assertEquals(Set.of("02:00:00:0a:00:12"), userOf(snap(), "10.1.0.12").macs());
    }
}
