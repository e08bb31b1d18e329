package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.DecodedPacket;
import org.mpsdn.mptcp.wire.EnumCounters;
import org.mpsdn.mptcp.wire.MpCapable;
import org.mpsdn.mptcp.wire.MpJoin;
import org.mpsdn.mptcp.wire.MptcpOptions;
import org.mpsdn.mptcp.wire.TcpFlags;

/**
 * Applies one decoded packet to the flow table: follows TCP handshakes (MP_CAPABLE opens an MPTCP
 * connection and gives its keys, MP_JOIN attaches a subflow by token, a SYN/ACK without
 * MP_CAPABLE is a fallback), endings (FIN, RST, MP_FASTCLOSE) and UDP flows. A handshake whose
 * first packets were missed is picked up from the SYN/ACK or from an MP_CAPABLE third ACK; an
 * MPTCP subflow whose handshake was missed altogether, from its DSS ({@link MidstreamPickup}), which
 * also takes the DSS of the other subflows' punted segments.
 * Not thread-safe: used under the tracker's lock.
 */
final class PacketHandler {
    private final SubflowTable table;
    private final TokenIndex tokens;
    private final StationDirectory stations;
    private final EnumCounters<TrackerEvent> events;
    private final MidstreamPickup midstream;

    PacketHandler(SubflowTable table, StationDirectory stations, EnumCounters<TrackerEvent> events) {
        this.table = table;
        this.tokens = table.tokens();
        this.stations = stations;
        this.events = events;
        this.midstream = new MidstreamPickup(table, stations, events);
    }

    /**
     * Applies a packet.
     *
     * @param apId AP where the packet was seen
     * @param p    decoded packet
     * @param now  current time
     * @return true if the packet was used
     */
    boolean handle(String apId, DecodedPacket p, long now) {
        SubflowKey fwd = new SubflowKey(p.protocol(), p.srcIp(), p.srcPort(), p.dstIp(), p.dstPort());
        if (!p.isTcp()) {
            return onUdp(apId, fwd, now);
        }
        int f = p.tcpFlags();
        boolean syn = TcpFlags.has(f, TcpFlags.SYN);
        boolean ack = TcpFlags.has(f, TcpFlags.ACK);
        if (syn && !ack) {
            onSyn(apId, p.mptcp(), fwd, now);
            return true;
        }
        if (syn) {
            onSynAck(apId, p.mptcp(), fwd.reversed(), now);
            return true;
        }
        return onOther(apId, p, fwd, now);
    }

    /**
     * Retries the mid-stream segments that came before the first station lists (call after a
     * station list update and on expiry).
     *
     * @param now current time
     */
    void stationsChanged(long now) {
        midstream.retryPending(now);
    }

    /** A new flow whose user's side is decided by the station lists. */
    private Subflow opened(SubflowKey key, String apId, FlowRole role, long now) {
        Subflow s = new Subflow(key, apId, role, now);
        s.userIsResponder = stations.userIsResponder(key);
        return s;
    }

    /** Removes a closed flow that a new one with the same 5-tuple replaces (no-op for null). */
    private void dropClosed(Subflow old) {
        if (old != null) {
            table.remove(old);
        }
    }

    private boolean onUdp(String apId, SubflowKey fwd, long now) {
        Subflow s = table.find(fwd);
        if (s == null || s.closed) {
            dropClosed(s);
            s = opened(fwd, apId, FlowRole.UDP, now);
            s.established = true;
            if (!table.admit(s)) {
                return false;
            }
        }
        s.touch(now);
        return true;
    }

    private void onSyn(String apId, MptcpOptions o, SubflowKey key, long now) {
        Subflow old = table.get(key);
        if (old != null && !old.closed) {
            old.touch(now);
            return;
        }
        dropClosed(old);
        Subflow s;
        if (o.mpJoin() != null && o.mpJoin().form() == MpJoin.Form.SYN) {
            s = new Subflow(key, apId, FlowRole.MPTCP_JOIN, now);
            s.joinToken = o.mpJoin().token();
            if (table.admit(s)) {
                tokens.resolveJoin(s);
            }
            return;
        }
        if (o.mpCapable() != null) {
            s = opened(key, apId, FlowRole.MPTCP_PRIMARY, now);
            tokens.open(s, o.mpCapable().version());
            if (o.mpCapable().senderKey() != null) {
                tokens.learnInitiatorKey(s.conn, o.mpCapable().senderKey(), o.mpCapable().version());
            }
        } else {
            s = opened(key, apId, FlowRole.TCP, now);
        }
        table.admit(s);
    }

    private void onSynAck(String apId, MptcpOptions o, SubflowKey key, long now) {
        MpCapable c = o.mpCapable();
        MpJoin j = o.mpJoin();
        Subflow s = table.get(key);
        if (s == null || s.closed) {
            dropClosed(s);
            startFromSynAck(apId, c, j, key, now);
            return;
        }
        s.touch(now);
        if (s.role == FlowRole.MPTCP_PRIMARY) {
            if (c != null && c.senderKey() != null) {
                s.conn.version = c.version();
                tokens.learnResponderKey(s.conn, c.senderKey(), c.version());
            } else {
                events.count(TrackerEvent.FALLBACKS);
                s.role = FlowRole.TCP_FALLBACK;
                tokens.detach(s);
            }
        } else if (s.role == FlowRole.MPTCP_JOIN && (j == null || j.form() != MpJoin.Form.SYN_ACK)) {
            events.count(TrackerEvent.JOINS_REJECTED);
            s.established = true;
            table.close(s, now);
            return;
        }
        s.established = true;
    }

    /** The SYN was not seen: starts the flow from its SYN/ACK. */
    private void startFromSynAck(String apId, MpCapable c, MpJoin j, SubflowKey key, long now) {
        Subflow s;
        if (j != null && j.form() == MpJoin.Form.SYN_ACK) {
            s = new Subflow(key, apId, FlowRole.MPTCP_JOIN, now);
            events.count(TrackerEvent.JOINS_UNRESOLVED);
        } else if (c != null && c.senderKey() != null) {
            s = opened(key, apId, FlowRole.MPTCP_PRIMARY, now);
            tokens.open(s, c.version());
            tokens.learnResponderKey(s.conn, c.senderKey(), c.version());
        } else {
            s = opened(key, apId, FlowRole.TCP, now);
        }
        s.established = true;
        table.admit(s);
    }

    private boolean onOther(String apId, DecodedPacket p, SubflowKey fwd, long now) {
        MptcpOptions o = p.mptcp();
        int f = p.tcpFlags();
        boolean fromInitiator = true;
        Subflow s = table.get(fwd);
        if (s == null) {
            s = table.get(fwd.reversed());
            fromInitiator = false;
        }
        MpCapable c = o.mpCapable();
        boolean ending = TcpFlags.has(f, TcpFlags.FIN) || TcpFlags.has(f, TcpFlags.RST);
        if (s != null && s.closed && s.ruleRemoved && !ending && (c == null || c.receiverKey() == null)) {
            table.resume(s, now);   // a segment of a flow whose rule idled out: it was silent, not ended
        }
        if (s == null || s.closed) {
            if (c != null && c.receiverKey() != null && !ending) {
                dropClosed(s);
                return startFromThirdAck(apId, c, fwd, now);
            }
            if (s == null && !ending && midstream.pickUp(apId, p, fwd, now)) {
                return true;
            }
            if (s == null) {
                events.count(TrackerEvent.MIDSTREAM_IGNORED);
            }
            return false;
        }
        s.touch(now);
        if (o.dss() != null) {
            midstream.observe(s, o.dss(), fromInitiator != s.userIsResponder);
        }
        if (TcpFlags.has(f, TcpFlags.ACK)) {
            s.established = true;
        }
        if (c != null && fromInitiator && s.role == FlowRole.MPTCP_PRIMARY && s.conn != null) {
            if (c.senderKey() != null) {
                tokens.learnInitiatorKey(s.conn, c.senderKey(), c.version());
            }
            if (c.receiverKey() != null) {
                tokens.learnResponderKey(s.conn, c.receiverKey(), c.version());
            }
        }
        if (o.fastClose() && s.conn != null) {
            table.closeConnection(s.conn, now);
        }
        if (ending && !s.closed) {
            table.close(s, now);
        }
        return true;
    }

    /** The third ACK (or first data) of a handshake whose SYN and SYN/ACK were not seen. */
    private boolean startFromThirdAck(String apId, MpCapable c, SubflowKey fwd, long now) {
        Subflow s = opened(fwd, apId, FlowRole.MPTCP_PRIMARY, now);
        s.established = true;
        tokens.open(s, c.version());
        tokens.learnInitiatorKey(s.conn, c.senderKey(), c.version());
        tokens.learnResponderKey(s.conn, c.receiverKey(), c.version());
        return table.admit(s);
    }
}
